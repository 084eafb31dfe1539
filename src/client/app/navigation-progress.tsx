// A thin bar across the top of the screen while a followed link's page is still loading (its code is
// downloading; the previous page stays on screen meanwhile: src/client/lib/page-routes.tsx). Without it a
// tap on a slow phone connection showed nothing for a while, and shoppers tapped again. It appears only
// after a moment (styles.css, `.navigation-progress`), so a page that is ready at once shows no flash.
import { useT } from '~/client/lib/i18n';
import { useNavigationPending } from '~/client/lib/page-routes';
import { shellMessages } from './shell.messages';

export function NavigationProgress() {
  const t = useT(shellMessages);
  if (!useNavigationPending()) return null;
  return <div role="progressbar" aria-label={t('loadingPage')} className="navigation-progress" />;
}
