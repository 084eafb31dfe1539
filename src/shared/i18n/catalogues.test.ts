// Every message catalogue, both languages: the same keys (French may add `_many` plurals), no empty
// message, no placeholder missing in one language, and every key used somewhere in the code.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registeredCatalogues } from './catalogues';

// Loading every `*.messages.ts` registers its namespace.
const modules = import.meta.glob('/src/**/*.messages.ts', { eager: true });

const root = path.resolve(__dirname, '../..');
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) &&
      !entry.name.endsWith('.messages.ts') &&
      !/\.test\.tsx?$/.test(entry.name)
      ? [full]
      : [];
  });
}
const code = sourceFiles(root)
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n');

const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (message: string) =>
  [...message.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
const quoted = (text: string) => [`'${text}'`, `"${text}"`, `\`${text}\``].some((q) => code.includes(q));

describe('message catalogues', () => {
  const catalogues = registeredCatalogues();

  it('are found', () => {
    expect(Object.keys(modules).length).toBeGreaterThan(0);
    expect(catalogues.length).toBeGreaterThanOrEqual(Object.keys(modules).length);
  });

  for (const { namespace, en, fr } of catalogues) {
    describe(namespace, () => {
      it('has the same keys in English and French', () => {
        const frenchOnly = Object.keys(fr).filter(
          (k) => !(k in en) && !(k.endsWith('_many') && `${k.slice(0, -5)}_other` in en),
        );
        expect(frenchOnly).toEqual([]);
        expect(Object.keys(en).filter((k) => !(k in fr))).toEqual([]);
      });

      it('has no empty message and the same placeholders in both languages', () => {
        for (const [key, message] of Object.entries(en)) {
          expect(message.trim(), `${namespace}:${key} (en)`).not.toBe('');
          expect((fr[key] ?? '').trim(), `${namespace}:${key} (fr)`).not.toBe('');
          // A plural's 'one' form may say the number in words ('un article') instead of {{count}}.
          if (!key.endsWith('_one'))
            expect(placeholders(fr[key] ?? ''), `${namespace}:${key}`).toEqual(placeholders(message));
        }
      });

      it('uses every key', () => {
        const unused = Object.keys(en).filter((key) => !quoted(key) && !quoted(key.replace(PLURAL, '')));
        expect(unused).toEqual([]);
      });
    });
  }
});
