// The streamed answer of POST /api/products/import (docs/decisions/0053-csv-import.md): when the page
// asks for it (Accept: application/x-ndjson), one JSON object per line: `{ progress }` as rows are
// written and pictures processed, then `{ result }` or `{ error }`. The answer starts with the first
// progress line, after the CSV header was accepted, so a request refused before that (not multipart, not
// a .csv file, a header without the required columns) still gets its own status code and JSON error.
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  IMPORT_PROGRESS_TYPE,
  type ImportProgress,
  type ImportResult,
  type ImportStreamLine,
} from '~/shared/schemas/admin-products';

export function wantsProgress(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes(IMPORT_PROGRESS_TYPE);
}

export class ProgressStream {
  private out: PassThrough | null = null;
  readonly state: ImportProgress;

  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
  ) {
    const length = Number(request.headers['content-length']);
    const totalBytes = Number.isSafeInteger(length) && length > 0 ? length : 0;
    this.state = { bytes: 0, totalBytes, rows: 0, images: 0, imagesTotal: 0 };
  }

  get started(): boolean {
    return this.out !== null;
  }

  report(change: Partial<ImportProgress>) {
    Object.assign(this.state, change);
    this.write({ progress: { ...this.state } });
  }

  /** Counts bytes read outside the CSV (pictures being staged); sent once the answer has started. */
  addBytes(bytes: number) {
    this.state.bytes += bytes;
    if (this.started) this.report({});
  }

  /** The last line: the same answer as without streaming. */
  finish(result: ImportResult) {
    this.write({ result });
    this.out?.end();
  }

  /** The last line when the import stopped after the answer had started (its status is already 200). */
  fail(error: unknown) {
    const status = (error as { statusCode?: unknown }).statusCode;
    const clientError = typeof status === 'number' && status >= 400 && status < 500;
    if (!clientError) this.request.log.error({ err: error }, 'import failed after its answer started');
    this.write({
      error: clientError
        ? { statusCode: status, message: (error as Error).message }
        : { statusCode: 500, message: 'Something went wrong on our side. Please try again.' },
    });
    this.out?.end();
  }

  private write(line: ImportStreamLine) {
    if (!this.out) {
      this.out = new PassThrough();
      this.reply.type(IMPORT_PROGRESS_TYPE).header('cache-control', 'private, no-store').send(this.out);
    }
    this.out.write(`${JSON.stringify(line)}\n`);
  }
}
