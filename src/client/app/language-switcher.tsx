// The link to the same page in the other language, in the header, the phone menu and the footer. A plain
// link, not a router Link: the other language is another router (basename /fr/), loaded afresh. The
// choice is remembered (src/client/lib/language-choice.ts). The link is for the address in the
// browser's address bar: after a link is followed, the router keeps the previous page on screen until the
// next page's code has arrived, while the address is already the next page's, the page the shopper asked
// for (docs/decisions/0593-page-follows-the-address.md).
import { useLocation } from 'react-router';
import { LOCALE_TAGS, localizedPath, otherLocale } from '~/shared/i18n/locales';
import { useLocale, useT } from '~/client/lib/i18n';
import { rememberLanguage } from '~/client/lib/language-choice';
import { shellMessages } from './shell.messages';

export function LanguageSwitcher({ className, onSwitch }: { className?: string; onSwitch?: () => void }) {
  const t = useT(shellMessages);
  const target = otherLocale(useLocale());
  // The router's location has no language prefix: /fr/products is /products here.
  const { pathname, search, hash } = useLocation();
  return (
    <a
      href={localizedPath(`${pathname}${search}${hash}`, target)}
      lang={target}
      hrefLang={LOCALE_TAGS[target]}
      className={className}
      data-testid="language-switcher"
      onClick={(event) => {
        const address = window.location;
        event.currentTarget.href = localizedPath(
          `${address.pathname}${address.search}${address.hash}`,
          target,
        );
        rememberLanguage(target);
        onSwitch?.();
      }}
    >
      {t('otherLanguage')}
    </a>
  );
}
