import { describe, expect, it } from 'vitest';
import { RegisterSchema } from './schemas/auth';
import { hasHiddenCharacters, mixesScripts, normalizeUsername, usernameKey } from './usernames';

describe('usernames', () => {
  it('normalises to NFKC and trims; the key ignores case', () => {
    expect(normalizeUsername('  \uff21\uff44\uff4d\uff49\uff4e ')).toBe('Admin');
    expect(usernameKey('\uff21\uff24\uff2d\uff29\uff2e')).toBe('admin');
    expect(usernameKey('ADMIN')).toBe(usernameKey('admin'));
  });

  it('finds mixed alphabets, but allows one alphabet and Japanese, Chinese or Korean with Latin', () => {
    expect(mixesScripts('\u0430dmin')).toBe(true); // Cyrillic а
    expect(mixesScripts('\u03bfk')).toBe(true); // Greek ο
    expect(mixesScripts('admin_2024.x')).toBe(false);
    expect(mixesScripts('Иван-1')).toBe(false);
    expect(mixesScripts('たなか Taro 田中')).toBe(false);
    expect(mixesScripts('김 Kim')).toBe(false);
    expect(mixesScripts('Иван たなか')).toBe(true);
  });

  it('finds hidden characters', () => {
    expect(hasHiddenCharacters('ad\u200dmin')).toBe(true);
    expect(hasHiddenCharacters('a\u0000b')).toBe(true);
    expect(hasHiddenCharacters('José Ñuñez')).toBe(false);
  });

  it('the register schema sends the normalised name', () => {
    const parsed = RegisterSchema.parse({
      username: '\uff4a\uff4f\uff45 ',
      email: 'a@b.example',
      password: 'abcdefg',
    });
    expect(parsed.username).toBe('joe');
  });
});
