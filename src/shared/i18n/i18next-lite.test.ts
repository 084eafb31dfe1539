// The browser's stand-in for i18next (i18next-lite.ts) must render every message of every catalogue
// exactly as i18next does on the server, or the server's HTML and the hydrated page would differ.
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { registeredCatalogues, translator } from './catalogues';
import lite from './i18next-lite';
import { LOCALES } from './locales';

// Loading every `*.messages.ts` registers its namespace.
import.meta.glob('/src/**/*.messages.ts', { eager: true });

const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (message: string) =>
  [...message.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]!);

function liteTranslator(locale: string, namespace: string, resources: Record<string, string>) {
  const instance = lite.createInstance();
  instance.addResourceBundle(locale, namespace, resources);
  return instance.getFixedT(locale, namespace);
}

describe('i18next-lite', () => {
  it('renders every catalogue message as i18next does, with and without counts and values', () => {
    let compared = 0;
    for (const catalogue of registeredCatalogues()) {
      for (const locale of LOCALES) {
        const messages = catalogue[locale];
        const t = translator(locale, catalogue.namespace);
        const mini = liteTranslator(locale, catalogue.namespace, messages);
        const keys = new Set(Object.keys(messages).map((k) => k.replace(PLURAL, '')));
        for (const key of keys) {
          const names = new Set(
            Object.entries(messages)
              .filter(([k]) => k.replace(PLURAL, '') === key)
              .flatMap(([, m]) => placeholders(m)),
          );
          const values = Object.fromEntries([...names].map((n) => [n, `«${n}»`]));
          const variants: Record<string, unknown>[] = [{}, values];
          if (
            names.has('count') ||
            [...Object.keys(messages)].some((k) => k !== key && k.replace(PLURAL, '') === key)
          )
            for (const count of [0, 1, 2, 21, 1_000_000]) variants.push({ ...values, count });
          for (const options of variants) {
            expect(
              mini(key, options),
              `${catalogue.namespace}:${key} (${locale}) ${JSON.stringify(options)}`,
            ).toBe(t(key, options));
            compared += 1;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(50);
  });

  it('agrees with i18next on plurals, zero, nested values, missing values and missing keys', () => {
    const messages = {
      plain: 'Plain',
      greet: 'Hello {{ name }}, {{user.city}}',
      items_zero: 'No items',
      items_one: 'One item',
      items_other: '{{count}} items',
      articles_one: '{{count}} article',
      articles_other: '{{count}} articles',
      articles_many: '{{count}} d’articles',
      onlyOther_other: '{{count}} things',
    };
    const real = i18next.createInstance();
    void real.init({
      lng: 'fr',
      fallbackLng: false,
      initAsync: false,
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      resources: { fr: { test: messages } },
    });
    const t = real.getFixedT('fr', 'test');
    const mini = liteTranslator('fr', 'test', messages);
    const cases: [string, Record<string, unknown>][] = [
      ['plain', {}],
      ['greet', { name: 'Zoé', user: { city: 'Québec' } }],
      ['greet', {}],
      ['greet', { name: 3 }],
      ['items', { count: 0 }],
      ['items', { count: 1 }],
      ['items', { count: 7 }],
      ['articles', { count: 0 }],
      ['articles', { count: 1 }],
      ['articles', { count: 2 }],
      ['articles', { count: 1_000_000 }],
      ['onlyOther', { count: 5 }],
      ['missing', {}],
    ];
    for (const [key, options] of cases)
      expect(mini(key, options), `${key} ${JSON.stringify(options)}`).toBe(t(key, options));
  });
});
