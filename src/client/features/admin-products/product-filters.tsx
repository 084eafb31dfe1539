// Above the product table: the search box (by name or lot number) and the 'Show' choice between all
// products and those low on stock.
import { inputClasses } from '~/client/components/ui/form-fields';

export function ProductFilters({
  searchText,
  onSearchTextChange,
  lowStock,
  onLowStockChange,
}: {
  searchText: string;
  onSearchTextChange: (text: string) => void;
  lowStock: boolean;
  onLowStockChange: (lowStock: boolean) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="w-full max-w-md">
        <label htmlFor="admin-product-search" className="sr-only">
          Search products by name or lot number
        </label>
        <input
          id="admin-product-search"
          type="search"
          value={searchText}
          onChange={(e) => onSearchTextChange(e.target.value)}
          placeholder="Search by name or lot number..."
          className={inputClasses()}
        />
      </div>
      <label htmlFor="admin-product-stock" className="text-sm font-medium text-slate-700">
        Show
      </label>
      <div className="w-44">
        <select
          id="admin-product-stock"
          value={lowStock ? 'low' : 'all'}
          onChange={(e) => onLowStockChange(e.target.value === 'low')}
          className={inputClasses()}
        >
          <option value="all">All products</option>
          <option value="low">Low stock</option>
        </select>
      </div>
    </div>
  );
}
