// Booked pickup at the counter (docs/decisions/0620-pickup-slots.md): the customer shows the QR code of
// their pickup code (a scanner types it like a lot label) or reads it out; the till opens the order and
// staff hand it over, which marks it picked up once (the server refuses an unpaid or cancelled order).
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import type { PickupOrderSchema } from '~/shared/schemas/pickup';
import { Button } from '~/client/components/ui/button';
import { TextField } from '~/client/components/ui/form-fields';
import { ApiError, apiRequest } from '~/client/lib/api';
import { useT } from '~/client/lib/i18n';
import { POS } from './pos.messages';

type PickupOrder = z.infer<typeof PickupOrderSchema>;

const message = (error: unknown) =>
  error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error);
const pickupPath = (code: string) => `/api/admin/pickup/${encodeURIComponent(code.trim().toUpperCase())}`;

export function PickupPanel() {
  const t = useT(POS);
  const [code, setCode] = useState('');
  const [order, setOrder] = useState<PickupOrder | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<PickupOrder>, handed: boolean) => {
    setBusy(true);
    setError(null);
    try {
      setOrder(await work());
      setDone(handed);
    } catch (e) {
      setError(message(e));
      if (!handed) setOrder(null);
    } finally {
      setBusy(false);
    }
  };
  const find = (event: FormEvent) => {
    event.preventDefault();
    void run(() => apiRequest<PickupOrder>('GET', pickupPath(code)), false);
  };
  const handOver = () => {
    if (order) void run(() => apiRequest<PickupOrder>('POST', pickupPath(order.pickupCode)), true);
  };

  return (
    <section className="grid max-w-xl gap-3" aria-labelledby="pickup-title">
      <h2 id="pickup-title" className="text-lg font-semibold">
        {t('pickupTitle')}
      </h2>
      <form className="flex flex-wrap items-end gap-2" onSubmit={find}>
        <TextField
          label={t('pickupCode')}
          hint={t('pickupCodeHint')}
          value={code}
          autoComplete="off"
          onChange={(e) => setCode(e.target.value)}
        />
        <Button type="submit" disabled={busy || code.trim() === ''}>
          {t('findPickup')}
        </Button>
      </form>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {order && (
        <div className="grid gap-2 rounded-md border border-slate-200 p-3" data-testid="pickup-order">
          <p className="font-medium">
            {t('pickupFor', { reference: order.orderReference, name: order.customerName })}
          </p>
          <p className="text-sm">{t('pickupStatus', { status: order.status })}</p>
          <ul className="list-disc pl-5 text-sm">
            {order.items.map((item) => (
              <li key={`${item.sku}-${item.productName}`}>
                {item.quantity} × {item.productName}
                {item.sku ? ` (${item.sku})` : ''}
              </li>
            ))}
          </ul>
          {done ? (
            <p role="status" className="text-sm font-medium text-emerald-800">
              {t('handedOver')}
            </p>
          ) : (
            <Button onClick={handOver} disabled={busy || order.status === 'picked-up'}>
              {t('handOver')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
