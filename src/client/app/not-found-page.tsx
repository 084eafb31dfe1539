import { Link, useLocation } from 'react-router';
import { buttonClasses } from '~/client/components/ui/button';
import { HttpStatus, Seo } from '~/client/lib/head';
import { useT } from '~/client/lib/i18n';
import { notFoundMessages } from './not-found.messages';

export function NotFoundPage({ title: given }: { title?: string }) {
  const location = useLocation();
  const t = useT(notFoundMessages);
  const title = given ?? t('title');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <HttpStatus code={404} />
      <Seo title={title} noIndex />
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-slate-600">
        {t('explanation')} <code className="rounded bg-slate-100 px-1">{location.pathname}</code>.
      </p>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        {t('backHome')}
      </Link>
    </div>
  );
}
