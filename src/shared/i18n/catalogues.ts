// Message catalogues: each feature defines its namespace beside its code in a `<name>.messages.ts` file with `defineMessages`, English
// and French side by side; TypeScript refuses a French catalogue missing an English key, and
// catalogues.test.ts refuses extra or unused keys. i18next does the lookups, interpolation
// (`{{count}}`) and plurals (`key_one` / `key_other`, French also `key_many`) for both the server
// (e-mails, error messages) and the browser.
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { LOCALES, type Locale } from './locales';

export type Messages = Record<string, string>;
/** French has every English key; plural keys may add `_many` (French plurals of a million and more). */
export type FrenchOf<T extends Messages> = { [K in keyof T]: string } & Partial<
  Record<`${string}_many`, string>
>;
export type Catalogue = { namespace: string; en: Messages; fr: Messages };

const catalogues = new Map<string, Catalogue>();
const instances = new Map<Locale, I18n>();

/**
 * Registers a namespace when its module loads (a lazy route's chunk brings its own messages) and
 * returns its name for `useT(namespace)` / `translator(locale, namespace)`.
 */
export function defineMessages<const T extends Messages>(namespace: string, en: T, fr: FrenchOf<T>): string {
  addMessages(namespace, 'en', en);
  addMessages(namespace, 'fr', fr as Messages);
  return namespace;
}

/**
 * Registers one language of a namespace. The browser build downloads only its page's language
 * (scripts/vite-messages-per-language.ts rewrites each `defineMessages` into a load of one language),
 * so in a browser the other language's catalogue stays empty.
 */
export function addMessages(namespace: string, locale: Locale, messages: Messages): void {
  let catalogue = catalogues.get(namespace);
  if (!catalogue) {
    catalogue = { namespace, en: {}, fr: {} };
    catalogues.set(namespace, catalogue);
  }
  catalogue[locale] = locale === 'fr' ? withFrenchMany(messages) : messages;
  instances.get(locale)?.addResourceBundle(locale, namespace, catalogue[locale], true, true);
}

/** French says 'un million d'articles' with the `many` plural form: it reads like `other` unless given. */
function withFrenchMany(fr: Messages): Messages {
  const out = { ...fr };
  for (const [key, value] of Object.entries(fr)) {
    if (!key.endsWith('_other')) continue;
    const many = `${key.slice(0, -'_other'.length)}_many`;
    out[many] ??= value;
  }
  return out;
}

/** Every namespace registered so far (the catalogue test imports every messages file first). */
export function registeredCatalogues(): Catalogue[] {
  return [...catalogues.values()];
}

/** The one i18next instance of a language, created on first use with every namespace known. */
export function i18nFor(locale: Locale): I18n {
  let instance = instances.get(locale);
  if (instance) return instance;
  instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    supportedLngs: [...LOCALES],
    fallbackLng: false,
    initAsync: false,
    // Natural-language keys (the `errors` namespace is keyed by the English message) contain dots and colons.
    keySeparator: false,
    nsSeparator: false,
    // React escapes what it renders; e-mail templates are React too.
    interpolation: { escapeValue: false },
    returnNull: false,
    resources: {},
  });
  for (const c of catalogues.values()) instance.addResourceBundle(locale, c.namespace, c[locale], true, true);
  instances.set(locale, instance);
  return instance;
}

/** A translate function for one namespace in one language (server code, tests, e-mails). */
export function translator(locale: Locale, namespace: string): TFunction {
  return i18nFor(locale).getFixedT(locale, namespace);
}
