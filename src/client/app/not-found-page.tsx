import { Link, useLocation } from 'react-router';
import { buttonClasses } from '~/client/components/ui/button';
import { HttpStatus, Seo } from '~/client/lib/head';

export function NotFoundPage({ title = '404 Page Not Found' }: { title?: string }) {
  const location = useLocation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <HttpStatus code={404} />
      <Seo title={title} noIndex />
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-slate-600">
        Did you forget to add the page to the router? Nothing is served at{' '}
        <code className="rounded bg-slate-100 px-1">{location.pathname}</code>.
      </p>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-8')}>
        Back to Home
      </Link>
    </div>
  );
}
