// One row of the admin product table: select box, picture, name and lot, category, price (with the
// compare-at price struck through), stock, the status switch and the edit and delete buttons.
import { formatMoney } from '~/shared/money';
import type { AdminProduct } from '~/shared/schemas/admin-products';
import { Button } from '~/client/components/ui/button';
import { ProductImage } from '~/client/components/ui/product-image';
import { Switch } from '~/client/components/ui/switch';

export function ProductRow({
  product: p,
  selected,
  onSelect,
  statusPending,
  onActiveChange,
  onEdit,
  onDelete,
}: {
  product: AdminProduct;
  selected: boolean;
  onSelect: (on: boolean) => void;
  /** This product's status change is on its way: the switch waits for it. */
  statusPending: boolean;
  onActiveChange: (active: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <tr className="border-t border-slate-100" data-testid="admin-product-row">
      <td className="px-3 py-2">
        <input
          type="checkbox"
          aria-label={`Select ${p.name}`}
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
          className="h-5 w-5 rounded border-slate-300"
        />
      </td>
      <td className="px-3 py-2">
        <div className="h-12 w-12 overflow-hidden rounded border border-slate-200">
          <ProductImage url={p.imageUrl} alt="" sizes="48px" className="h-12 w-12 object-cover" />
        </div>
      </td>
      <td className="px-3 py-2">
        <div className="font-medium">{p.name}</div>
        {p.lotNumber && <div className="text-xs text-slate-500">Lot {p.lotNumber}</div>}
      </td>
      <td className="px-3 py-2">{p.categoryName ?? <span className="text-slate-500">None</span>}</td>
      <td className="px-3 py-2 whitespace-nowrap">
        {formatMoney(p.price)}
        {p.compareAtPrice && (
          <span className="ml-2 text-xs text-slate-500 line-through">{formatMoney(p.compareAtPrice)}</span>
        )}
      </td>
      <td className="px-3 py-2">{p.stock}</td>
      <td className="px-3 py-2">
        <div className="flex items-center gap-2">
          <Switch
            checked={p.active}
            label={`Active: ${p.name}`}
            disabled={statusPending}
            onCheckedChange={onActiveChange}
          />
          <span className="text-xs text-slate-600">{p.active ? 'Active' : 'Inactive'}</span>
        </div>
      </td>
      <td className="px-3 py-2">
        <div className="flex justify-end gap-1">
          <Button variant="ghost" size="sm" aria-label={`Edit ${p.name}`} onClick={onEdit}>
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50"
            aria-label={`Delete ${p.name}`}
            onClick={onDelete}
          >
            Delete
          </Button>
        </div>
      </td>
    </tr>
  );
}
