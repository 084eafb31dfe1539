// The checkout page's gift card codes, one a line: sent as giftCardCodes; the server takes them after
// any store credit and refuses an unknown or used-up code with a clear message (0533).
import { useId } from 'react';
import { useT } from '~/client/lib/i18n';
import { giftCardMessages } from './gift-cards.messages';

/** The codes typed, one a line, blank lines left out. */
export const giftCardCodesOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((c) => c.trim())
    .filter((c) => c.length > 0);

export function GiftCardCodesField({
  value,
  onChange,
  refusal = null,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The server's refusal of these codes (a gift card is not paid with a gift card: 0534), in the page's language. */
  refusal?: string | null;
}) {
  const t = useT(giftCardMessages);
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {t('checkoutCodes')}
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        rows={2}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={refusal ? `${id}-refusal` : `${id}-hint`}
        aria-invalid={refusal ? true : undefined}
        className="rounded-md border border-slate-400 px-3 py-2 font-mono uppercase"
        data-testid="gift-card-codes"
      />
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {t('checkoutCodesHint')}
      </p>
      {refusal && (
        <p
          id={`${id}-refusal`}
          role="alert"
          className="rounded-md bg-red-50 p-3 text-sm text-red-900"
          data-testid="gift-card-codes-refusal"
        >
          {refusal}
        </p>
      )}
    </div>
  );
}
