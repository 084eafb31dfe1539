// The checkout's 'Discount code' field (docs/decisions/0551-discount-code-at-checkout.md): Apply asks
// the server's quote for the cart with the code; an accepted code becomes its own line in the Order
// Summary, a refused one shows the server's message under the field. The server prices the code again
// when the cart or the destination changes, and once more when the order is placed.
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { formatCents, toCents } from '~/shared/money';
import type { CartQuote } from '~/shared/schemas/cart-quote';
import { Button } from '~/client/components/ui/button';
import { TextField } from '~/client/components/ui/form-fields';
import { ApiError, apiRequest } from '~/client/lib/api';
import { useLocale, useT } from '~/client/lib/i18n';
import { type AppliedCode, type CartItem, quoteRequest } from '~/client/features/cart';
import { checkoutMessages } from './checkout.messages';
import type { Destination } from './use-checkout-figures';

type DiscountCodeFieldProps = {
  items: readonly CartItem[];
  destination: Destination;
  applied: AppliedCode | null;
  onChange: (applied: AppliedCode | null) => void;
};

export function DiscountCodeField({ items, destination, applied, onChange }: DiscountCodeFieldProps) {
  const t = useT(checkoutMessages);
  const locale = useLocale();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const request = quoteRequest(items, {
    shippingMethod: destination.method,
    country: destination.country,
    province: destination.state,
  });
  const signature = JSON.stringify(request);

  async function apply(code: string) {
    if (code.trim() === '') {
      setError(undefined);
      onChange(null);
      return;
    }
    setPending(true);
    try {
      const quote = await apiRequest<CartQuote>('POST', '/api/cart/quote', {
        ...request,
        discountCode: code,
      });
      setError(undefined);
      onChange(
        quote.discountCode
          ? { code: quote.discountCode, cents: toCents(quote.codeDiscountAmount ?? '0') ?? 0 }
          : null,
      );
    } catch (failure) {
      onChange(null);
      setError(
        failure instanceof ApiError && failure.status === 400 && failure.serverMessage
          ? failure.serverMessage
          : t('codeFailed'),
      );
    } finally {
      setPending(false);
    }
  }

  // The cart or the destination changed: the code's saving is asked for again.
  const priced = useRef(signature);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the cart or the destination asks again.
  useEffect(() => {
    if (priced.current === signature) return;
    priced.current = signature;
    if (applied) void apply(applied.code);
  }, [signature]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter applies the code; it does not send the checkout form around it.
    if (event.key === 'Enter') {
      event.preventDefault();
      void apply(text);
    }
  };

  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex items-start gap-2">
        <TextField
          label={t('discountCode')}
          name="discountCode"
          autoComplete="off"
          value={text}
          error={error}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          className="flex-1"
        />
        <Button
          type="button"
          variant="secondary"
          pending={pending}
          onClick={() => void apply(text)}
          className="mt-[1.625rem]"
        >
          {t('applyCode')}
        </Button>
      </div>
      {applied && (
        <div className="mt-2 flex items-center justify-between gap-2 text-sm text-emerald-800">
          <p role="status">
            {t('codeApplied', { code: applied.code, amount: formatCents(applied.cents, locale) })}
          </p>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              setText('');
              onChange(null);
            }}
          >
            {t('removeCode')}
          </Button>
        </div>
      )}
    </div>
  );
}
