import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords';

/** '$argon2id$v=19$m=19456,t=2,p=1': everything before the salt, which sets the cost of a verify. */
const parameters = (encoded: string) => encoded.split('$').slice(0, 4).join('$');

describe('password hashes', () => {
  it('are argon2id at 19 MiB, 2 iterations, 1 lane, and verify only the right password', async () => {
    const stored = await hashPassword('correct horse');
    expect(parameters(stored)).toBe('$argon2id$v=19$m=19456,t=2,p=1');
    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
    expect(await verifyPassword(stored, 'wrong horse')).toBe(false);
    expect(await verifyPassword('not a hash', 'correct horse')).toBe(false);
  });

  it('the dummy hash for unknown users costs what a real one does: same algorithm and parameters', async () => {
    expect(parameters(DUMMY_HASH)).toBe(parameters(await hashPassword('anything')));
    // A well-formed hash: verifying runs the full computation rather than failing fast on a parse error.
    expect(await verifyPassword(DUMMY_HASH, 'not-a-real-password-for-timing')).toBe(false);
    expect(DUMMY_HASH).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
  });
});

describe('the common-password list', () => {
  it('holds at least 10,000 passwords and matches them in any case', async () => {
    const { COMMON_PASSWORD_COUNT, isCommonPassword } = await import('./common-passwords');
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(10_000);
    expect(isCommonPassword('123456')).toBe(true);
    expect(isCommonPassword('QWERTY')).toBe(true);
    expect(isCommonPassword('Qx7-parsnip-lantern')).toBe(false);
  });
});
