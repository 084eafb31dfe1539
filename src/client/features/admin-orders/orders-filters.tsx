// The orders list's filters: search by order number, reference, name or e-mail, the view (orders or
// unpaid checkouts), status, payment status and dates, each kept in the page's address
// (docs/decisions/0221-admin-orders-list-query.md).
import { ORDER_STATUSES, type OrderStatus, PAYMENT_STATUSES } from '~/shared/constants';
import { orderStatusLabel, paymentStatusLabel } from '~/shared/orders';
import {
  type AdminOrdersQuery,
  ORDER_VIEW_LABELS,
  ORDER_VIEWS,
  type OrderView,
} from '~/shared/schemas/admin-orders';
import { Button } from '~/client/components/ui/button';
import { inputClasses } from '~/client/components/ui/form-fields';

export type UpdateOrdersQuery = (patch: Partial<AdminOrdersQuery>, options?: { replace?: boolean }) => void;

/** Whether the list shows less than every order: the empty text and 'Clear filters' follow it. */
export const isFiltered = (query: AdminOrdersQuery) =>
  Boolean(
    query.search || query.status || query.paymentStatus || query.from || query.to || query.view !== 'orders',
  );

function Choice({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: [string, string][];
}) {
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={inputClasses()}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

export function OrdersFilters({
  query,
  update,
  searchText,
  onSearchText,
}: {
  query: AdminOrdersQuery;
  update: UpdateOrdersQuery;
  searchText: string;
  onSearchText: (text: string) => void;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="min-w-0 flex-1 basis-64 sm:max-w-md">
        <label htmlFor="admin-order-search" className="sr-only">
          Search orders by order number, reference, name or email
        </label>
        <input
          id="admin-order-search"
          type="search"
          value={searchText}
          onChange={(e) => onSearchText(e.target.value)}
          placeholder="Search by order #, reference, name or email..."
          className={inputClasses()}
        />
      </div>
      <Choice
        id="admin-order-view"
        label="Show"
        value={query.view}
        onChange={(v) => update({ view: v as OrderView })}
        options={ORDER_VIEWS.map((v) => [v, ORDER_VIEW_LABELS[v]])}
      />
      <Choice
        id="admin-order-status-filter"
        label="Filter by status"
        value={query.status ?? 'all'}
        onChange={(v) => update({ status: v === 'all' ? undefined : (v as OrderStatus) })}
        options={[
          ['all', 'All Statuses'],
          ...ORDER_STATUSES.map((s): [string, string] => [s, orderStatusLabel(s)]),
        ]}
      />
      <Choice
        id="admin-order-payment-filter"
        label="Filter by payment status"
        value={query.paymentStatus ?? 'all'}
        onChange={(v) =>
          update({ paymentStatus: v === 'all' ? undefined : (v as AdminOrdersQuery['paymentStatus']) })
        }
        options={[
          ['all', 'All Payments'],
          ...PAYMENT_STATUSES.map((s): [string, string] => [s, paymentStatusLabel(s)]),
        ]}
      />
      <div className="grid gap-1 text-sm">
        <label htmlFor="admin-order-from">From</label>
        <input
          id="admin-order-from"
          type="date"
          value={query.from ?? ''}
          max={query.to}
          onChange={(e) => update({ from: e.target.value || undefined })}
          className={inputClasses()}
        />
      </div>
      <div className="grid gap-1 text-sm">
        <label htmlFor="admin-order-to">To</label>
        <input
          id="admin-order-to"
          type="date"
          value={query.to ?? ''}
          min={query.from}
          onChange={(e) => update({ to: e.target.value || undefined })}
          className={inputClasses()}
        />
      </div>
      {isFiltered(query) && (
        <Button
          variant="ghost"
          onClick={() =>
            update({
              view: 'orders',
              status: undefined,
              paymentStatus: undefined,
              from: undefined,
              to: undefined,
              search: undefined,
            })
          }
        >
          Clear filters
        </Button>
      )}
    </div>
  );
}
