// What the import page runs: the CSV import (with its pictures), the pictures-only upload and the
// template download, one at a time, with the progress bar and the last results.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ImagesOnlyResult, ImportResult } from '~/shared/schemas/admin-products';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError } from '~/client/lib/api';
import { refreshCatalogue } from '../api';
import { importBar } from './import-progress';
import type { FilePick } from './use-file-pick';
import { uploadWithProgress } from './upload-with-progress';

export type ImportJob = 'import' | 'images' | 'template';
export type ImportResults =
  | { kind: 'import'; result: ImportResult }
  | { kind: 'images'; result: ImagesOnlyResult };

/** 'CSV Import Failed' shows the server's text or JSON message, else 'Upload failed'. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? (error.bodyText.trim() || 'Upload failed');
  return 'Upload failed';
}

export function useImportJobs({
  csv,
  images,
  imagesOnly,
}: {
  csv: FilePick;
  images: FilePick;
  imagesOnly: FilePick;
}) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const [busy, setBusy] = useState<ImportJob | null>(null);
  const [results, setResults] = useState<ImportResults | null>(null);

  async function runImport() {
    const csvFile = csv.files[0];
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
    for (const image of images.files) form.append('images', image);
    setBusy('import');
    setResults(null);
    setProgress(10);
    try {
      const bar = importBar(images.files.length > 0, setProgress);
      const result = await uploadWithProgress<ImportResult>(
        '/api/products/import',
        form,
        bar.upload,
        bar.server,
      );
      setProgress(100);
      setResults({ kind: 'import', result });
      toast({
        title: 'Import Complete',
        description: `${result.success} of ${result.total} products imported${result.errors > 0 ? `, ${result.errors} errors` : ''}.`,
        variant: result.errors > 0 ? 'destructive' : 'default',
      });
      csv.clear();
      images.clear();
      await refreshCatalogue(queryClient);
    } catch (error) {
      setProgress(0);
      toast({ title: 'CSV Import Failed', description: failureMessage(error), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  async function runImagesOnly() {
    if (imagesOnly.files.length === 0) {
      toast({
        title: 'No Images Selected',
        description: 'Please select images to upload.',
        variant: 'destructive',
      });
      return;
    }
    const form = new FormData();
    for (const image of imagesOnly.files) form.append('images', image);
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
      imagesOnly.clear();
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

  return { progress, busy, results, runImport, runImagesOnly, downloadTemplate };
}
