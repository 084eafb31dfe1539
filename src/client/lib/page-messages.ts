// The browser build's form of `defineMessages` (scripts/vite-messages-per-language.ts): a messages module
// waits (top-level await) for its page's language alone, a chunk of its own, so the other language is
// never downloaded and every component finds its texts when it first renders. The server modulepreloads
// the chunks of the page's language (src/server/render/page-renderer.ts), so this is no waterfall.
import { addMessages, type Messages } from '~/shared/i18n/catalogues';
import { LOCALE_TAGS, type Locale } from '~/shared/i18n/locales';

/** The page's language, from `<html lang>` (en-CA or fr-CA), which the server writes. */
const pageLocale: Locale = document.documentElement.lang === LOCALE_TAGS.fr ? 'fr' : 'en';

type Loader = () => Promise<Messages>;

/** Loads and registers one namespace in the page's language; returns its name, as `defineMessages` does. */
export async function loadPageMessages(namespace: string, loaders: Record<Locale, Loader>): Promise<string> {
  addMessages(namespace, pageLocale, await loaders[pageLocale]());
  return namespace;
}
