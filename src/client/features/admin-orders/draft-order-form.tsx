// Building a draft order (docs/decisions/0629-draft-orders-screen.md): search lots, set quantities, the
// customer, shipping or pickup; the totals are the server's (POST /api/cart/quote, the checkout's own
// quote), and 'Send pay link' posts the draft, which the server prices again.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminProduct } from '~/shared/schemas/admin-products';
import type { CartQuote } from '~/shared/schemas/cart-quote';
import type { CreateDraftOrder } from '~/shared/schemas/draft-orders';
import { Button } from '~/client/components/ui/button';
import { SelectField, TextField } from '~/client/components/ui/form-fields';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError, apiRequest } from '~/client/lib/api';

export type DraftLine = { productId: number; name: string; quantity: number };
type Shipping = 'pickup' | 'standard' | 'express';
const ADDRESS_EMPTY = { addressLine1: '', city: '', state: '', zipCode: '' };

function LotSearch({ onAdd }: { onAdd: (line: DraftLine) => void }) {
  const [search, setSearch] = useState('');
  const found = useQuery({
    queryKey: ['/api/products/admin', 'draft-search', search],
    queryFn: () =>
      apiRequest<AdminProduct[]>('GET', `/api/products/admin?search=${encodeURIComponent(search)}&limit=10`),
    enabled: search.trim().length >= 2,
  });
  return (
    <div className="grid gap-2">
      <TextField label="Search lots" value={search} onChange={(e) => setSearch(e.target.value)} />
      {(found.data ?? []).length > 0 && (
        <ul className="grid gap-1" aria-label="Lots found">
          {found.data!.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-2">
              <span>
                {p.lotNumber ? `${p.lotNumber} · ` : ''}
                {p.name} ({p.stock} in stock)
              </span>
              <Button
                size="sm"
                variant="outline"
                onClick={() => onAdd({ productId: p.id, name: p.name, quantity: 1 })}
              >
                Add {p.name}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Totals({ lines, shipping, state }: { lines: DraftLine[]; shipping: Shipping; state: string }) {
  const province = shipping === 'pickup' || state.trim().length < 2 ? undefined : state.trim();
  const quote = useQuery({
    queryKey: ['/api/cart/quote', 'draft', lines, shipping, province],
    queryFn: () =>
      apiRequest<CartQuote>('POST', '/api/cart/quote', {
        items: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
        shippingMethod: shipping,
        ...(province ? { province } : {}),
      }),
    enabled: lines.length > 0,
  });
  if (!quote.data) return null;
  const q = quote.data;
  return (
    <dl className="grid grid-cols-2 gap-1" aria-label="Totals from the server">
      <dt>Subtotal</dt>
      <dd>${q.subtotal}</dd>
      <dt>Shipping</dt>
      <dd>${q.shippingCost}</dd>
      <dt>Taxes</dt>
      <dd>${q.taxAmount}</dd>
      <dt className="font-semibold">Total</dt>
      <dd className="font-semibold">${q.total}</dd>
    </dl>
  );
}

export function DraftOrderForm({ onSent }: { onSent: () => void }) {
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [customer, setCustomer] = useState({ name: '', email: '', phone: '', locale: 'en' as 'en' | 'fr' });
  const [shipping, setShipping] = useState<Shipping>('pickup');
  const [address, setAddress] = useState(ADDRESS_EMPTY);
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (body: CreateDraftOrder) => apiRequest('POST', '/api/admin/draft-orders', body),
    onSuccess: () => {
      toast({ title: 'Pay link sent.' });
      setLines([]);
      setError(null);
      onSent();
    },
    onError: (e) =>
      setError((e instanceof ApiError && e.serverMessage) || 'The draft order could not be sent.'),
  });
  const add = (line: DraftLine) =>
    setLines((current) =>
      current.some((l) => l.productId === line.productId) ? current : [...current, line],
    );
  const submit = () =>
    send.mutate({
      items: lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
      customer,
      shippingMethod: shipping,
      shippingAddress: shipping === 'pickup' ? null : { ...address, addressLine2: null, country: 'Canada' },
    });
  return (
    <form
      className="grid gap-4"
      aria-label="New draft order"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <LotSearch onAdd={add} />
      <ul className="grid gap-2" aria-label="Lots in this order">
        {lines.map((l) => (
          <li key={l.productId} className="flex items-end gap-2">
            <TextField
              label={`Quantity of ${l.name}`}
              type="number"
              min={1}
              value={l.quantity}
              onChange={(e) =>
                setLines((c) =>
                  c.map((x) =>
                    x.productId === l.productId
                      ? { ...x, quantity: Math.max(0, Math.trunc(Number(e.target.value) || 0)) }
                      : x,
                  ),
                )
              }
            />
            <Button
              variant="outline"
              onClick={() => setLines((c) => c.filter((x) => x.productId !== l.productId))}
            >
              Remove {l.name}
            </Button>
          </li>
        ))}
      </ul>
      <TextField
        label="Customer name"
        value={customer.name}
        onChange={(e) => setCustomer({ ...customer, name: e.target.value })}
      />
      <TextField
        label="E-mail"
        type="email"
        value={customer.email}
        onChange={(e) => setCustomer({ ...customer, email: e.target.value })}
      />
      <TextField
        label="Phone"
        value={customer.phone}
        onChange={(e) => setCustomer({ ...customer, phone: e.target.value })}
      />
      <SelectField
        label="Language of the e-mails"
        value={customer.locale}
        onChange={(e) => setCustomer({ ...customer, locale: e.target.value === 'fr' ? 'fr' : 'en' })}
      >
        <option value="en">English</option>
        <option value="fr">French</option>
      </SelectField>
      <SelectField
        label="Delivery"
        value={shipping}
        onChange={(e) => setShipping(e.target.value as Shipping)}
      >
        <option value="pickup">Store pickup</option>
        <option value="standard">Standard shipping</option>
        <option value="express">Express shipping</option>
      </SelectField>
      {shipping !== 'pickup' && (
        <fieldset className="grid gap-2">
          <legend>Shipping address (Canada)</legend>
          <TextField
            label="Address"
            value={address.addressLine1}
            onChange={(e) => setAddress({ ...address, addressLine1: e.target.value })}
          />
          <TextField
            label="City"
            value={address.city}
            onChange={(e) => setAddress({ ...address, city: e.target.value })}
          />
          <TextField
            label="Province"
            value={address.state}
            onChange={(e) => setAddress({ ...address, state: e.target.value })}
          />
          <TextField
            label="Postal code"
            value={address.zipCode}
            onChange={(e) => setAddress({ ...address, zipCode: e.target.value })}
          />
        </fieldset>
      )}
      <Totals lines={lines} shipping={shipping} state={address.state} />
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" disabled={lines.length === 0 || send.isPending}>
        Send pay link
      </Button>
    </form>
  );
}
