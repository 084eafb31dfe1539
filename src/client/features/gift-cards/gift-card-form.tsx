// The gift card shop's form: an amount (25/50/100/200 or a custom whole-dollar amount), the number of
// cards, the recipient and an optional message, checked with the checkout's own CheckoutGiftCardSchema
// (the rules the server applies to `giftCards`), then put in the cart as a gift card line. The schema
// and zod come in the checkout schema's own chunk, asked for when the form is shown: not in the page's
// first download, nor in the route table's preloads that every page carries.
import { type FormEvent, useEffect, useId, useState } from 'react';
import { clsx } from 'clsx';
import {
  GIFT_CARD_MAX_DOLLARS,
  GIFT_CARD_MAX_LINES,
  GIFT_CARD_MAX_QUANTITY,
  GIFT_CARD_MESSAGE_MAX,
  GIFT_CARD_MIN_DOLLARS,
} from '~/shared/gift-cards';
import { formatMoney } from '~/shared/money';
import type { CheckoutGiftCard } from '~/shared/schemas/checkout';
import { Button } from '~/client/components/ui/button';
import { FieldError, SelectField, TextAreaField, TextField } from '~/client/components/ui/form-fields';
import { toast } from '~/client/components/ui/toast-store';
import { useLocale, useT } from '~/client/lib/i18n';
import { addGiftCardLine } from '~/client/features/cart';
import { giftCardShopMessages } from './gift-cards.messages';

export const PRESET_AMOUNTS = ['25', '50', '100', '200'] as const;
const OTHER = 'other';

type Field = keyof CheckoutGiftCard;

let schemas: Promise<typeof import('~/shared/schemas/checkout')> | null = null;
/** The checkout's schemas (once; a failed download is tried again on the next submission). */
function loadSchemas() {
  schemas ??= import('~/shared/schemas/checkout').catch((error: unknown) => {
    schemas = null;
    throw error;
  });
  return schemas;
}
type Errors = Partial<Record<Field, string>>;

/** The amount as the schema reads it: whole dollars typed become "40.00"; anything else fails its rule. */
function amountOf(preset: string, custom: string): string {
  const dollars = preset === OTHER ? custom.trim().replace(/^\$\s*|\s*\$$/g, '') : preset;
  return /^\d{1,6}$/.test(dollars) ? `${Number(dollars)}.00` : '0.00';
}

export function GiftCardForm() {
  const t = useT(giftCardShopMessages);
  const locale = useLocale();
  const id = useId();
  const [preset, setPreset] = useState<string>('50');
  const [custom, setCustom] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [recipientName, setRecipientName] = useState('');
  const [recipientEmail, setRecipientEmail] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => {
    loadSchemas().catch(() => {});
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { CheckoutGiftCardSchema } = await loadSchemas();
    const result = CheckoutGiftCardSchema.safeParse({
      amount: amountOf(preset, custom),
      quantity: Number(quantity),
      recipientName,
      recipientEmail,
      message: message.trim() ? message : null,
    });
    if (!result.success) {
      const found: Errors = {};
      for (const issue of result.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      const first = (['amount', 'recipientName', 'recipientEmail', 'message'] as const).find((f) => found[f]);
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    const card = result.data;
    const amount = formatMoney(card.amount, locale);
    if (
      !addGiftCardLine({
        amount: card.amount,
        quantity: card.quantity,
        recipientName: card.recipientName,
        recipientEmail: card.recipientEmail,
        ...(card.message ? { message: card.message } : {}),
      })
    ) {
      toast({ title: t('tooManyLines', { max: GIFT_CARD_MAX_LINES }), variant: 'destructive' });
      return;
    }
    toast({
      title: t('added'),
      description: t('addedText', { amount, name: card.recipientName }),
      actions: [{ label: t('goToCart'), href: '/cart' }],
    });
    setRecipientName('');
    setRecipientEmail('');
    setMessage('');
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-8 grid gap-5" aria-label={t('title')}>
      <fieldset aria-describedby={errors.amount && preset !== OTHER ? `${id}-amount-error` : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('amount')}</legend>
        <div className="flex flex-wrap gap-2">
          {[...PRESET_AMOUNTS, OTHER].map((value) => (
            <label
              key={value}
              className={clsx(
                'flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-4 text-sm font-medium',
                preset === value ? 'border-brand-600 bg-brand-50' : 'border-slate-300',
              )}
            >
              <input
                type="radio"
                name="amount"
                value={value}
                id={value === PRESET_AMOUNTS[0] ? `${id}-amount` : undefined}
                checked={preset === value}
                onChange={() => setPreset(value)}
              />
              {value === OTHER ? t('otherAmount') : formatMoney(`${value}.00`, locale)}
            </label>
          ))}
        </div>
        {preset === OTHER ? (
          <TextField
            id={`${id}-amount-custom`}
            className="mt-3 max-w-xs"
            label={t('customAmount')}
            inputMode="numeric"
            value={custom}
            onChange={(e) => setCustom(e.target.value)}
            hint={t('customHint', { min: GIFT_CARD_MIN_DOLLARS, max: GIFT_CARD_MAX_DOLLARS })}
            error={errors.amount}
          />
        ) : (
          errors.amount && <FieldError id={`${id}-amount-error`} message={errors.amount} className="mt-2" />
        )}
      </fieldset>
      <SelectField
        label={t('quantity')}
        className="max-w-xs"
        value={quantity}
        onChange={(e) => setQuantity(e.target.value)}
        error={errors.quantity}
      >
        {Array.from({ length: GIFT_CARD_MAX_QUANTITY }, (_, i) => (
          <option key={i + 1} value={String(i + 1)}>
            {i + 1}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-recipientName`}
          label={t('recipientName')}
          autoComplete="off"
          value={recipientName}
          onChange={(e) => setRecipientName(e.target.value)}
          error={errors.recipientName}
        />
        <TextField
          id={`${id}-recipientEmail`}
          label={t('recipientEmail')}
          type="email"
          autoComplete="off"
          value={recipientEmail}
          onChange={(e) => setRecipientEmail(e.target.value)}
          error={errors.recipientEmail}
        />
      </div>
      <TextAreaField
        id={`${id}-message`}
        label={t('message')}
        optional
        value={message}
        maxLength={GIFT_CARD_MESSAGE_MAX}
        onChange={(e) => setMessage(e.target.value)}
        hint={t('messageHint', { max: GIFT_CARD_MESSAGE_MAX })}
        error={errors.message}
      />
      <Button type="submit" size="lg" className="sm:justify-self-start">
        {t('addToCart')}
      </Button>
    </form>
  );
}
