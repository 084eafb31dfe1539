// What happened to an order, oldest first (src/shared/schemas/order-timeline.ts): the same list on the
// guest look-up, the confirmation and the account's order card and dialog. Shipped shows the carrier,
// the tracking number and the carrier's page; a refund shows its amount and the tax it gave back.
import { formatDateTime } from '~/shared/i18n/formats';
import { formatMoney } from '~/shared/money';
import { taxLineLabel } from '~/shared/order-amounts';
import type { OrderEvent } from '~/shared/schemas/order-timeline';
import { isTrackingCarrier, trackingCarrierLabel } from '~/shared/tracking';
import { useLocale, useT } from '~/client/lib/i18n';
import { useHydrated } from '~/client/lib/use-hydrated';
import { orderTimelineMessages } from './order-timeline.messages';

const MOMENT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

export function OrderTimeline({ events, headingLevel = 3 }: { events: OrderEvent[]; headingLevel?: 2 | 3 }) {
  const t = useT(orderTimelineMessages);
  const locale = useLocale();
  // The visitor's time zone once in the browser; UTC in the server's HTML, so both render alike.
  const hydrated = useHydrated();
  if (events.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-label={t('heading')} data-testid="order-timeline">
      <Heading className="mb-2 font-semibold">{t('heading')}</Heading>
      <ol className="grid gap-3 border-l-2 border-slate-200 pl-4 text-sm">
        {events.map((e, i) => {
          const carrier = isTrackingCarrier(e.carrier) ? trackingCarrierLabel(e.carrier, locale) : null;
          return (
            <li key={`${e.kind}-${i}`} className="relative" data-testid={`timeline-${e.kind}`}>
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[1.4rem] h-2.5 w-2.5 rounded-full bg-brand-600"
              />
              <p className="font-medium">
                {e.kind === 'refunded'
                  ? t('refunded', { amount: formatMoney(e.amount ?? '0', locale) })
                  : t(e.kind, { number: e.returnNumber ?? '' })}
              </p>
              {e.message && (
                <p className="whitespace-pre-line text-slate-700" data-testid="timeline-message">
                  {e.message}
                </p>
              )}
              <p className="text-slate-600">
                <time dateTime={e.at}>
                  {formatDateTime(new Date(e.at), locale, hydrated ? MOMENT : { ...MOMENT, timeZone: 'UTC' })}
                </time>
              </p>
              {e.kind === 'refunded' && e.taxLines.length > 0 && (
                <p className="text-slate-600" data-testid="timeline-refund-tax">
                  {t('refundTax', {
                    tax: e.taxLines
                      .map((l) => `${taxLineLabel(l.code, l.rate, locale)} ${formatMoney(l.amount, locale)}`)
                      .join(', '),
                  })}
                </p>
              )}
              {carrier && <p className="text-slate-700">{t('carrier', { carrier })}</p>}
              {e.trackingNumber && (
                <p className="text-slate-700" data-testid="timeline-tracking-number">
                  {t('trackingNumber', { number: e.trackingNumber })}
                </p>
              )}
              {e.trackingUrl && carrier && (
                <a
                  href={e.trackingUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-brand-700 underline"
                  data-testid="timeline-tracking-link"
                >
                  {t('track', { carrier })} <span className="sr-only">{t('opensNewTab')}</span>
                </a>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
