// The loads screen's requests (docs/decisions/0461-manifest-intake-a-shop-can-trust.md).
import type { z } from 'zod';
import type { ManifestField } from '~/shared/loads';
import type { ManifestPreviewSchema, ManifestResultSchema } from '~/shared/schemas/admin-loads';
import { apiRequest } from '~/client/lib/api';

export type Preview = z.infer<typeof ManifestPreviewSchema>;
export type ManifestResult = z.infer<typeof ManifestResultSchema>;
export type Mapping = Record<ManifestField, string>;
/** A supplier's grade word -> the store's condition. */
export type Grades = Record<string, string>;

/**
 * Uploads the manifest: without a mapping (or with `preview`) the answer is a preview and nothing is
 * written; with one, drafts are created (and, with `remap`, earlier drafts made again).
 */
export function sendManifest(
  loadId: number,
  file: File,
  options: { mapping?: Mapping; grades?: Grades; preview?: boolean; remap?: boolean } = {},
) {
  const form = new FormData();
  form.append('file', file);
  if (options.mapping)
    form.append(
      'mapping',
      JSON.stringify(Object.fromEntries(Object.entries(options.mapping).map(([k, v]) => [k, v || null]))),
    );
  if (options.grades && Object.keys(options.grades).length > 0)
    form.append('grades', JSON.stringify(options.grades));
  if (options.preview) form.append('preview', 'true');
  if (options.remap) form.append('remap', 'true');
  return apiRequest<Preview | ManifestResult>('POST', `/api/admin/loads/${loadId}/manifest`, form);
}
