// The import page's two help cards: the way to manual entry, and the CSV format.
import { Link } from 'react-router';
import { buttonClasses } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';

export function ImportHelp() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title="Manual Product Entry" description="Add or edit one product at a time, with pictures.">
        <Link to="/admin/products" className={buttonClasses('outline')}>
          Go to Product Management
        </Link>
      </Card>
      <Card title="CSV Format Instructions">
        <ul className="grid list-disc gap-1 pl-5 text-sm text-slate-700">
          <li>
            The first row names the columns: <code>lotNumber</code>, <code>name</code>,{' '}
            <code>description</code>, <code>price</code>, <code>compareAtPrice</code>, <code>stock</code>,{' '}
            <code>categoryId</code>, <code>featured</code>, <code>new</code>, <code>active</code>.
          </li>
          <li>
            <strong>Required:</strong> lotNumber, name and price. A row whose lot number already exists
            updates that product; otherwise a new product is created.
          </li>
          <li>
            Prices use a dot for decimals (e.g. 19.99); stock is a whole number; featured, new and active are
            true or false.
          </li>
          <li>categoryId is the category's number (or its name); leave it empty for none.</li>
          <li>
            Fields containing commas, quotes or line breaks must be in double quotes, as spreadsheets save
            them.
          </li>
          <li>
            Empty cells keep an existing product's value. Rows with problems are skipped and listed by row
            number.
          </li>
        </ul>
      </Card>
    </div>
  );
}
