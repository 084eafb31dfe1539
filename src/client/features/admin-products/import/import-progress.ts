// How the import's progress bar moves: 10 at the start and 100 when the answer arrives (0 again on
// failure); in between, the upload moves it first, then the server's streamed progress.
import type { ImportProgress } from '~/shared/schemas/admin-products';

/**
 * How much of the import is done (0 to 1) by a line of the server's progress: bytes of the upload
 * handled (rows written as the file is read, pictures staged), then the pictures processed after it.
 */
export function importDone(progress: ImportProgress, withImages: boolean): number {
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

/**
 * The bar of one import, never moving back: `upload(sent)` while the file goes out, then
 * `server(progress)`. The server's first figure arrives where the upload left the bar; what remains
 * of the import then fills what remains of the bar, up to 95, so the bar neither jumps back nor stalls.
 */
export function importBar(withImages: boolean, show: (value: number) => void) {
  let bar = 10;
  const move = (value: number) => {
    bar = Math.max(bar, value);
    show(bar);
  };
  let first: { bar: number; done: number } | null = null;
  return {
    upload: (sent: number) => move(10 + sent * UPLOAD_SHARE),
    server: (progress: ImportProgress) => {
      const done = importDone(progress, withImages);
      first ??= { bar, done };
      move(first.done >= 1 ? 95 : first.bar + ((95 - first.bar) * (done - first.done)) / (1 - first.done));
    },
  };
}
