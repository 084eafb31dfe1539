// A small notice, in French, offering a French-preferring visitor the French page they are on. Never a
// redirect: search engines and shared links land where they point. It is decided in the browser after
// hydration (navigator.languages and the `lang` cookie), so the page's HTML is the same for everybody
// and a CDN may keep it (docs/decisions/0342-language-switcher-and-suggestion.md).
import { useState } from 'react';
import { useLocation } from 'react-router';
import { translator } from '~/shared/i18n/catalogues';
import { LOCALE_TAGS, localizedPath } from '~/shared/i18n/locales';
import { useLocale } from '~/client/lib/i18n';
import { rememberLanguage, suggestedLanguage } from '~/client/lib/language-choice';
import { languageSuggestionMessages } from './language-suggestion.messages';

export function LanguageSuggestion() {
  const pageLocale = useLocale();
  // Rendered inside <AfterHydration>: reading the browser here cannot disagree with the server's HTML.
  const [suggested, setSuggested] = useState(() => suggestedLanguage(pageLocale));
  const { pathname, search, hash } = useLocation();
  if (!suggested) return null;
  // Written in the language it offers: the visitor reads it in the language they prefer.
  const t = translator(suggested, languageSuggestionMessages);
  return (
    <aside
      aria-label={t('region')}
      lang={LOCALE_TAGS[suggested]}
      className="border-b border-brand-100 bg-brand-50 px-4 py-2 text-sm text-slate-900"
      data-testid="language-suggestion"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-4 gap-y-1">
        <p>{t('text')}</p>
        <a
          href={localizedPath(`${pathname}${search}${hash}`, suggested)}
          hrefLang={LOCALE_TAGS[suggested]}
          className="font-medium text-brand-700 underline"
          onClick={() => rememberLanguage(suggested)}
        >
          {t('view')}
        </a>
        <button
          type="button"
          className="inline-flex min-h-11 items-center rounded-md px-3 text-slate-700 hover:bg-brand-100"
          onClick={() => {
            rememberLanguage(pageLocale);
            setSuggested(undefined);
          }}
        >
          {t('dismiss')}
        </button>
      </div>
    </aside>
  );
}
