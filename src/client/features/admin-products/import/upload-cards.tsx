// The two uploads of the import page: a CSV file (with optional pictures), and pictures only.
import { MAX_IMAGES_PER_LOT } from '~/shared/schemas/admin-products';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { FileField } from './file-field';
import type { FilePick } from './use-file-pick';
import type { ImportJob } from './use-import-jobs';

export function CsvImportCard({
  csv,
  images,
  busy,
  onImport,
  onDownloadTemplate,
}: {
  csv: FilePick;
  images: FilePick;
  busy: ImportJob | null;
  onImport: () => void;
  onDownloadTemplate: () => void;
}) {
  return (
    <Card
      title="CSV Import"
      description="Create or update products from a CSV file. Products are matched by lot number."
      actions={
        <Button
          variant="outline"
          size="sm"
          onClick={onDownloadTemplate}
          disabled={busy !== null}
          pending={busy === 'template'}
        >
          Download CSV Template
        </Button>
      }
    >
      <div className="grid gap-4">
        <FileField label="CSV file" accept=".csv,text/csv" pick={csv} />
        <FileField
          label="Product images (optional)"
          accept="image/*"
          multiple
          pick={images}
          hint={
            <>
              Name each picture after its lot number with a suffix, e.g. LOT-1001_1.jpg, LOT-1001_2.jpg (up to{' '}
              {MAX_IMAGES_PER_LOT} per product; _1 is the main image).
              {images.files.length > 0 && ` ${images.files.length} selected.`}
            </>
          }
        />
        <div>
          <Button
            onClick={onImport}
            disabled={busy !== null}
            pending={busy === 'import'}
            pendingLabel="Importing..."
          >
            Import Products
          </Button>
        </div>
      </div>
    </Card>
  );
}

export function ImagesOnlyCard({
  imagesOnly,
  busy,
  onUpload,
}: {
  imagesOnly: FilePick;
  busy: ImportJob | null;
  onUpload: () => void;
}) {
  return (
    <Card
      title="Upload Images Only"
      description="Add pictures to products that already exist, matched by lot number."
    >
      <div className="grid gap-4">
        <FileField
          label="Product images"
          accept="image/*"
          multiple
          pick={imagesOnly}
          hint={imagesOnly.files.length > 0 ? `${imagesOnly.files.length} selected.` : undefined}
        />
        <div>
          <Button variant="secondary" onClick={onUpload} disabled={busy !== null} pending={busy === 'images'}>
            Upload Images Only
          </Button>
        </div>
      </div>
    </Card>
  );
}
