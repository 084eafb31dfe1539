import { useT } from '~/client/lib/i18n';
import { Button } from './button';
import { uiMessages } from './ui.messages';

/** A failed load: what went wrong and a way to try again. */
export function LoadError({
  title,
  message,
  onRetry,
  retryLabel,
}: {
  title: string;
  message: string;
  onRetry: () => void;
  retryLabel?: string;
}) {
  const t = useT(uiMessages);
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p className="font-semibold">{title}</p>
      <p className="mt-1">{message}</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        {retryLabel ?? t('retry')}
      </Button>
    </div>
  );
}
