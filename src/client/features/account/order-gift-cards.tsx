// The gift cards an order sold, under its items (docs/decisions/0534-gift-card-sales.md): amount,
// quantity and recipient; the codes went to the recipients by e-mail and are never shown here.
import { formatCents, formatMoney, toCents } from '~/shared/money';
import type { OrderGiftCardLine } from '~/shared/schemas/account';
import { useLocale, useT } from '~/client/lib/i18n';
import { accountMessages } from './account.messages';

export function OrderGiftCards({ lines }: { lines: OrderGiftCardLine[] | undefined }) {
  const t = useT(accountMessages);
  const locale = useLocale();
  if (!lines?.length) return null;
  return (
    <ul className="divide-y divide-slate-100 text-sm" aria-label={t('giftCardsSold')}>
      {lines.map((line) => (
        <li key={line.id} className="flex justify-between gap-4 py-2" data-testid="order-gift-card">
          <span>
            {t('giftCardSold', {
              amount: formatMoney(line.amount, locale),
              name: line.recipientName,
              email: line.recipientEmail,
            })}{' '}
            &times; {line.quantity}
          </span>
          <span className="whitespace-nowrap">
            {formatCents((toCents(line.amount) ?? 0) * line.quantity, locale)}
          </span>
        </li>
      ))}
    </ul>
  );
}
