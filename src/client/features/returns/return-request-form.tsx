// The order page's 'Request a return' (docs/decisions/0540-return-requests.md): the units of each line,
// a reason from the list, a comment and photos, sent with the order page's proof (the signed-in
// owner's session, or a guest's look-up e-mail). The server decides what may come back and says why
// not; its message is shown as it comes.
import { useId, useState } from 'react';
import {
  MAX_RETURN_PHOTOS,
  RETURN_REASONS,
  type ReturnCreate,
  type ReturnReason,
  ReturnCreateSchema,
} from '~/shared/schemas/returns';
import { Button } from '~/client/components/ui/button';
import { SelectField, TextAreaField, TextField } from '~/client/components/ui/form-fields';
import { ApiError } from '~/client/lib/api';
import { useT } from '~/client/lib/i18n';
import { requestReturn } from './api';
import { returnMessages } from './returns.messages';

/** Each reason's message key (written out, so the catalogue test finds every key used). */
const REASON_KEYS = {
  'changed-mind': 'reason.changed-mind',
  'not-as-described': 'reason.not-as-described',
  defective: 'reason.defective',
  'damaged-in-transit': 'reason.damaged-in-transit',
  'wrong-item': 'reason.wrong-item',
} as const satisfies Record<ReturnReason, string>;

/** What the form needs of an order (the look-up's and the account's alike). */
type ReturnableOrder = {
  orderReference: string;
  status: string;
  items: { id: number; name: string; quantity: number; finalSale?: boolean }[];
};

/** Orders a shopper may ask to return from: shipped, delivered or picked up. */
const RETURNABLE = new Set(['shipped', 'delivered', 'picked-up']);

export function ReturnRequest({ order, email = null }: { order: ReturnableOrder; email?: string | null }) {
  const t = useT(returnMessages);
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  if (!RETURNABLE.has(order.status) || order.items.length === 0) return null;
  return (
    <section className="mt-6" data-testid="return-request">
      {sent && (
        <p role="status" className="mb-3 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm">
          {t('sent', { number: sent })}
        </p>
      )}
      {open ? (
        <ReturnForm
          order={order}
          email={email}
          onCancel={() => setOpen(false)}
          onSent={(number) => {
            setSent(number);
            setOpen(false);
          }}
        />
      ) : (
        <Button variant="outline" onClick={() => setOpen(true)}>
          {t('open')}
        </Button>
      )}
    </section>
  );
}

function ReturnForm({
  order,
  email,
  onCancel,
  onSent,
}: {
  order: ReturnableOrder;
  email: string | null;
  onCancel: () => void;
  onSent: (number: string) => void;
}) {
  const t = useT(returnMessages);
  const headingId = useId();
  const [units, setUnits] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    const lines = order.items
      .map((i) => ({ orderItemId: i.id, quantity: Number(units[i.id] ?? 0) }))
      .filter((l) => l.quantity > 0);
    if (lines.length === 0) return setFailure(t('chooseItems'));
    const parsed = ReturnCreateSchema.safeParse({ lines, reason, comment });
    if (!parsed.success) return setFailure(parsed.error.issues[0]?.message ?? t('failed'));
    setPending(true);
    try {
      const answer = await requestReturn(order.orderReference, parsed.data as ReturnCreate, photos, email);
      onSent(answer.number);
    } catch (error) {
      setFailure((error instanceof ApiError && error.serverMessage) || t('failed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={headingId}
      className="grid gap-4 rounded-lg border border-slate-200 p-4"
    >
      <h3 id={headingId} className="text-lg font-semibold">
        {t('heading')}
      </h3>
      <p className="text-sm text-slate-700">{t('intro')}</p>
      {failure && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      )}
      {order.items.map((item) => (
        <div key={item.id}>
          <TextField
            label={t('quantityOf', { name: item.name, quantity: item.quantity })}
            type="number"
            inputMode="numeric"
            min={0}
            max={item.quantity}
            value={units[item.id] ?? '0'}
            onChange={(e) => setUnits({ ...units, [item.id]: e.target.value })}
            hint={item.finalSale ? t('finalSale') : undefined}
          />
        </div>
      ))}
      <SelectField label={t('reason')} value={reason} onChange={(e) => setReason(e.target.value)}>
        <option value="">{t('chooseReason')}</option>
        {RETURN_REASONS.map((r) => (
          <option key={r} value={r}>
            {t(REASON_KEYS[r])}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={t('comment')}
        optional
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      <TextField
        label={t('photos', { count: MAX_RETURN_PHOTOS })}
        hint={t('photosHint')}
        optional
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        multiple
        onChange={(e) => setPhotos([...(e.target.files ?? [])].slice(0, MAX_RETURN_PHOTOS))}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={pending} pendingLabel={t('sending')}>
          {t('submit')}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
