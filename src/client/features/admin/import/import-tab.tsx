// Bulk import page: CSV import with optional pictures,
// pictures only, the template, the results, a link to manual entry and the format instructions. The
// progress bar is 10 at the start and 100 when the answer arrives (0 again on failure); in between, the
// import follows the server's streamed progress (importDone), the pictures-only upload its upload.
import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  IMAGE_FILE_PATTERN,
  type ImagesOnlyResult,
  type ImportProgress,
  type ImportResult,
  MAX_IMAGES_PER_LOT,
} from '~/shared/schemas/admin-products';
import { Button, buttonClasses } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError } from '~/client/lib/api';
import { refreshCatalogue } from '~/client/features/admin/api';
import { Card, Spinner } from '~/client/features/admin/ui';
import { uploadWithProgress } from './upload-with-progress';

type Results = { kind: 'import'; result: ImportResult } | { kind: 'images'; result: ImagesOnlyResult };

/**
 * How much of the import is done (0 to 1) by a line of the server's progress: bytes of the upload
 * handled (rows written as the file is read, pictures staged), then the pictures processed after it.
 */
function importDone(progress: ImportProgress, withImages: boolean): number {
  const read = progress.totalBytes > 0 ? Math.min(1, progress.bytes / progress.totalBytes) : 0;
  if (!withImages) return read;
  const processed = progress.imagesTotal > 0 ? progress.images / progress.imagesTotal : 0;
  return 0.7 * read + 0.3 * processed;
}

/**
 * While the browser sends the file it cannot read the answer yet, and what it has sent runs ahead of
 * the import (the network buffers megabytes): the upload alone moves the bar to 40 at most.
 */
const UPLOAD_SHARE = 30;

const isImageFile = (f: File) => f.type.startsWith('image/') || IMAGE_FILE_PATTERN.test(f.name);

/** 'CSV Import Failed' shows the server's text or JSON message, else 'Upload failed'. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? (error.bodyText.trim() || 'Upload failed');
  return 'Upload failed';
}

function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <div className="grid gap-1">
      <div className="flex justify-between text-xs text-slate-600">
        <span>{label}</span>
        <span>{Math.round(value)}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(value)}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

export default function ImportTab() {
  const queryClient = useQueryClient();
  const ids = { csv: useId(), images: useId(), imagesOnly: useId() };
  const csvInput = useRef<HTMLInputElement>(null);
  const imagesInput = useRef<HTMLInputElement>(null);
  const imagesOnlyInput = useRef<HTMLInputElement>(null);
  const [csvFile, setCsvFile] = useState<File | null>(null);
  const [images, setImages] = useState<File[]>([]);
  const [imagesOnly, setImagesOnly] = useState<File[]>([]);
  const [progress, setProgress] = useState(0);
  const [busy, setBusy] = useState<'import' | 'images' | 'template' | null>(null);
  const [results, setResults] = useState<Results | null>(null);

  function pickCsv(files: FileList | null) {
    const file = files?.[0] ?? null;
    if (file && !file.name.toLowerCase().endsWith('.csv')) {
      toast({ title: 'Invalid File', description: 'Please select a CSV file.', variant: 'destructive' });
      if (csvInput.current) csvInput.current.value = '';
      setCsvFile(null);
      return;
    }
    setCsvFile(file);
  }

  function pickImages(files: FileList | null, set: (f: File[]) => void, input: HTMLInputElement | null) {
    const list = [...(files ?? [])];
    if (list.some((f) => !isImageFile(f))) {
      toast({
        title: 'Invalid Files',
        description: 'Please select only image files',
        variant: 'destructive',
      });
      if (input) input.value = '';
      set([]);
      return;
    }
    set(list);
  }

  async function runImport() {
    if (!csvFile) {
      toast({
        title: 'No File Selected',
        description: 'Please select a CSV file to import.',
        variant: 'destructive',
      });
      return;
    }
    const form = new FormData();
    form.append('file', csvFile);
    for (const image of images) form.append('images', image);
    setBusy('import');
    setResults(null);
    setProgress(10);
    try {
      let bar = 10;
      const show = (value: number) => {
        bar = Math.max(bar, value);
        setProgress(bar);
      };
      // The server's first figure arrives where the upload left the bar; what remains of the import
      // then fills what remains of the bar, up to 95, so the bar neither jumps back nor stalls.
      let first: { bar: number; done: number } | null = null;
      const result = await uploadWithProgress<ImportResult>(
        '/api/products/import',
        form,
        (sent) => show(10 + sent * UPLOAD_SHARE),
        (server) => {
          const done = importDone(server, images.length > 0);
          first ??= { bar, done };
          show(
            first.done >= 1 ? 95 : first.bar + ((95 - first.bar) * (done - first.done)) / (1 - first.done),
          );
        },
      );
      setProgress(100);
      setResults({ kind: 'import', result });
      toast({
        title: 'Import Complete',
        description: `${result.success} of ${result.total} products imported${result.errors > 0 ? `, ${result.errors} errors` : ''}.`,
        variant: result.errors > 0 ? 'destructive' : 'default',
      });
      setCsvFile(null);
      setImages([]);
      if (csvInput.current) csvInput.current.value = '';
      if (imagesInput.current) imagesInput.current.value = '';
      await refreshCatalogue(queryClient);
    } catch (error) {
      setProgress(0);
      toast({ title: 'CSV Import Failed', description: failureMessage(error), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  async function runImagesOnly() {
    if (imagesOnly.length === 0) {
      toast({
        title: 'No Images Selected',
        description: 'Please select images to upload.',
        variant: 'destructive',
      });
      return;
    }
    const form = new FormData();
    for (const image of imagesOnly) form.append('images', image);
    setBusy('images');
    setResults(null);
    setProgress(10);
    try {
      const result = await uploadWithProgress<ImagesOnlyResult>('/api/products/images-only', form, (f) =>
        setProgress(10 + f * 80),
      );
      setProgress(100);
      setResults({ kind: 'images', result });
      toast({
        title: 'Images Uploaded',
        description: `${result.matched} of ${result.total} images matched to products.`,
        variant: result.errors > 0 || result.unmatched > 0 ? 'destructive' : 'default',
      });
      setImagesOnly([]);
      if (imagesOnlyInput.current) imagesOnlyInput.current.value = '';
      await refreshCatalogue(queryClient);
    } catch (error) {
      setProgress(0);
      toast({ title: 'Image Upload Failed', description: failureMessage(error), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  async function downloadTemplate() {
    setBusy('template');
    try {
      const response = await fetch('/api/products/template', { credentials: 'include' });
      if (!response.ok) throw new Error('template');
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = 'product-import-template.csv';
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      toast({ title: 'Download Failed', description: 'Failed to download template', variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  const fileInputClass =
    'block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-slate-200';

  return (
    <div className="grid gap-4">
      <h2 className="text-xl font-semibold">Import Products</h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card
          title="CSV Import"
          description="Create or update products from a CSV file. Products are matched by lot number."
          actions={
            <Button variant="outline" size="sm" onClick={downloadTemplate} disabled={busy !== null}>
              {busy === 'template' && <Spinner />}
              Download CSV Template
            </Button>
          }
        >
          <div className="grid gap-4">
            <div className="grid gap-1">
              <label htmlFor={ids.csv} className="text-sm font-medium">
                CSV file
              </label>
              <input
                ref={csvInput}
                id={ids.csv}
                type="file"
                accept=".csv,text/csv"
                className={fileInputClass}
                onChange={(e) => pickCsv(e.target.files)}
              />
            </div>
            <div className="grid gap-1">
              <label htmlFor={ids.images} className="text-sm font-medium">
                Product images (optional)
              </label>
              <input
                ref={imagesInput}
                id={ids.images}
                type="file"
                accept="image/*"
                multiple
                className={fileInputClass}
                onChange={(e) => pickImages(e.target.files, setImages, imagesInput.current)}
              />
              <p className="text-xs text-slate-500">
                Name each picture after its lot number with a suffix, e.g. LOT-1001_1.jpg, LOT-1001_2.jpg (up
                to {MAX_IMAGES_PER_LOT} per product; _1 is the main image).
                {images.length > 0 && ` ${images.length} selected.`}
              </p>
            </div>
            <div>
              <Button onClick={runImport} disabled={busy !== null}>
                {busy === 'import' && <Spinner />}
                {busy === 'import' ? 'Importing...' : 'Import Products'}
              </Button>
            </div>
          </div>
        </Card>
        <Card
          title="Upload Images Only"
          description="Add pictures to products that already exist, matched by lot number."
        >
          <div className="grid gap-4">
            <div className="grid gap-1">
              <label htmlFor={ids.imagesOnly} className="text-sm font-medium">
                Product images
              </label>
              <input
                ref={imagesOnlyInput}
                id={ids.imagesOnly}
                type="file"
                accept="image/*"
                multiple
                className={fileInputClass}
                onChange={(e) => pickImages(e.target.files, setImagesOnly, imagesOnlyInput.current)}
              />
              {imagesOnly.length > 0 && (
                <p className="text-xs text-slate-500">{imagesOnly.length} selected.</p>
              )}
            </div>
            <div>
              <Button variant="secondary" onClick={runImagesOnly} disabled={busy !== null}>
                {busy === 'images' && <Spinner />}
                Upload Images Only
              </Button>
            </div>
          </div>
        </Card>
      </div>
      {(busy === 'import' || busy === 'images' || progress > 0) && (
        <ProgressBar value={progress} label={busy === 'images' ? 'Uploading images' : 'Import progress'} />
      )}
      {results && (
        <Card title="Import Results">
          {results.kind === 'import' ? (
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="import-results">
              <Stat label="Total rows" value={results.result.total} />
              <Stat label="Imported" value={results.result.success} />
              <Stat label="Errors" value={results.result.errors} bad={results.result.errors > 0} />
              <Stat label="Images matched" value={results.result.images.matched} />
            </dl>
          ) : (
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="import-results">
              <Stat label="Images" value={results.result.total} />
              <Stat label="Matched" value={results.result.matched} />
              <Stat label="Unmatched" value={results.result.unmatched} bad={results.result.unmatched > 0} />
              <Stat label="Errors" value={results.result.errors} bad={results.result.errors > 0} />
            </dl>
          )}
          {results.result.messages.length > 0 && (
            <ul
              className="mt-4 max-h-72 list-disc overflow-y-auto rounded-md bg-slate-50 py-2 pr-2 pl-6 text-sm"
              aria-label="Import messages"
            >
              {results.result.messages.map((m, i) => (
                <li key={i}>{m}</li>
              ))}
            </ul>
          )}
        </Card>
      )}
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
              Prices use a dot for decimals (e.g. 19.99); stock is a whole number; featured, new and active
              are true or false.
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
    </div>
  );
}

function Stat({ label, value, bad }: { label: string; value: number; bad?: boolean }) {
  return (
    <div className="rounded-md border border-slate-200 p-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className={clsx('text-xl font-bold', bad && 'text-red-700')}>{value.toLocaleString('en-US')}</dd>
    </div>
  );
}
