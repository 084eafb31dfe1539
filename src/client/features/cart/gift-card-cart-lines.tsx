// The gift card lines of the cart page, below its products (docs/decisions/0534-gift-card-sales.md):
// amount × quantity, the recipient, the line's total and a remove button.
import { clsx } from 'clsx';
import { formatCents, formatMoney, toCents } from '~/shared/money';
import { Button } from '~/client/components/ui/button';
import { useLocale, useT } from '~/client/lib/i18n';
import { type GiftCardLine, removeGiftCardLine } from './gift-card-lines';
import { giftCardLineMessages } from './gift-card-lines.messages';

/** `spaced`: below the products' table, apart from it. */
export function GiftCardCartLines({ lines, spaced }: { lines: readonly GiftCardLine[]; spaced: boolean }) {
  const t = useT(giftCardLineMessages);
  const locale = useLocale();
  if (lines.length === 0) return null;
  return (
    <ul
      className={clsx('divide-y divide-slate-200 rounded-lg border border-slate-200', spaced && 'mt-4')}
      data-testid="gift-card-lines"
    >
      {lines.map((line) => {
        const amount = formatMoney(line.amount, locale);
        return (
          <li
            key={line.id}
            className="flex items-center gap-3 px-3 py-3 text-sm"
            data-testid="gift-card-line"
          >
            <span aria-hidden="true" className="text-2xl">
              🎁
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {t('giftCard', { amount })} &times; {line.quantity}
              </p>
              <p className="text-slate-700">
                {t('forRecipient', { name: line.recipientName, email: line.recipientEmail })}
              </p>
              <p className="text-xs text-slate-600">{t('byEmail')}</p>
            </div>
            <span className="font-medium whitespace-nowrap" data-testid="gift-card-line-total">
              {formatCents((toCents(line.amount) ?? 0) * line.quantity, locale)}
            </span>
            <Button
              variant="ghost"
              size="icon"
              className="h-11 w-11"
              aria-label={t('removeCard', { amount, name: line.recipientName })}
              onClick={() => removeGiftCardLine(line.id)}
            >
              ✕
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
