import { LOCALE_TAGS, type Locale } from '~/shared/i18n/locales';
import { useLocale } from '~/client/lib/i18n';

/**
 * The `lang` a catalogue text needs on this page: its tag when it is not in the page's language (a
 * product without a French name shows its English one, marked `lang="en-CA"`), else nothing
 * (docs/decisions/0350-french-catalogue-fields.md). Texts an older answer gave without their language
 * are the page's.
 */
export function useTextLang(): (language: Locale | undefined) => string | undefined {
  const locale = useLocale();
  return (language) => (language && language !== locale ? LOCALE_TAGS[language] : undefined);
}
