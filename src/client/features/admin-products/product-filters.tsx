// Above the product table: the search box (by name or lot number) and the 'Show' choice between all
// products, those low on stock and lots whose compare-at price has no evidence (decision 0567).
import { inputClasses } from '~/client/components/ui/form-fields';
import type { ProductsShown } from './api';

export function ProductFilters({
  searchText,
  onSearchTextChange,
  shown,
  onShownChange,
}: {
  searchText: string;
  onSearchTextChange: (text: string) => void;
  shown: ProductsShown;
  onShownChange: (shown: ProductsShown) => void;
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
      <div className="w-64">
        <select
          id="admin-product-stock"
          value={shown}
          onChange={(e) => onShownChange(e.target.value as ProductsShown)}
          className={inputClasses()}
        >
          <option value="all">All products</option>
          <option value="low">Low stock</option>
          <option value="no-evidence">Compare-at price without evidence</option>
        </select>
      </div>
    </div>
  );
}
