// The import page's two help cards: the way to manual entry, and the CSV format.
import { Fragment } from 'react';
import { Link } from 'react-router';
import { PRODUCT_CONDITIONS } from '~/shared/constants';
import { IMPORT_COLUMNS } from '~/shared/schemas/admin-products';
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
          <li data-testid="import-columns">
            The first row names the columns (the template has them all):{' '}
            {IMPORT_COLUMNS.map((column, i) => (
              <Fragment key={column}>
                {i > 0 && ', '}
                <code>{column}</code>
              </Fragment>
            ))}
            .
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
          <li data-testid="import-conditions">
            condition is one of {PRODUCT_CONDITIONS.join(', ')} (new when a new product leaves it empty);
            conditionNotes says what is worn or missing; finalSale is true or false.
          </li>
          <li>
            nameFr, descriptionFr and conditionNotesFr are the French name, description and condition notes;
            left empty, French pages show the English ones.
          </li>
          <li data-testid="import-encodings">
            Save the file as CSV UTF-8, or as Excel's plain CSV (Windows-1252, accents kept); commas,
            semicolons or tabs may separate the columns. A "Unicode text" (UTF-16) file is refused.
          </li>
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
