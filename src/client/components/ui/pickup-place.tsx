// Where and when a pickup order is collected, from the store's settings
// (docs/decisions/0491-pickup-says-where-and-when.md): the checkout's pickup option, the confirmation,
// the order page.
import { type PickupSettings, pickupPlace } from '~/shared/pickup';
import { useLocale, useT } from '~/client/lib/i18n';
import { orderTimelineMessages } from './order-timeline.messages';

export function PickupPlace({
  settings,
  compact = false,
}: {
  /** The shipping settings (GET /api/shipping); the store's defaults until they are loaded. */
  settings: Partial<PickupSettings> | null | undefined;
  /** One block of small text (under the checkout's option) rather than titled parts. */
  compact?: boolean;
}) {
  const t = useT(orderTimelineMessages);
  const place = pickupPlace(settings, useLocale());
  const title = compact ? 'sr-only' : 'text-xs font-semibold uppercase tracking-wide text-slate-500';
  return (
    <div className="grid gap-2 text-sm text-slate-700" data-testid="pickup-place">
      <div>
        <p className={title}>{t('pickupWhere')}</p>
        <address className="not-italic" data-testid="pickup-address">
          {place.address.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      </div>
      <div>
        <p className={title}>{t('pickupWhen')}</p>
        <ul data-testid="pickup-hours">
          {place.hours.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      {place.instructions && (
        <div>
          <p className={title}>{t('pickupInstructions')}</p>
          <p data-testid="pickup-instructions">{place.instructions}</p>
        </div>
      )}
    </div>
  );
}
