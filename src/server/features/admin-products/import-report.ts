// What an import answers: its counts and the messages about rows and pictures it skipped, at most
// MAX_MESSAGES of them (docs/decisions/0053-csv-import.md).
import type { ImagesOnlyResult, ImportResult } from '~/shared/schemas/admin-products';

/** Enough to fix a file; a file with 50,000 bad rows does not need 50,000 lines of answer. */
export const MAX_MESSAGES = 500;

/** Collects the answer's messages, keeping at most MAX_MESSAGES of them. */
export class Report {
  messages: string[] = [];
  private dropped = 0;
  add(message: string) {
    if (this.messages.length < MAX_MESSAGES) this.messages.push(message);
    else this.dropped++;
  }
  finish(): string[] {
    return this.dropped > 0
      ? [...this.messages, `...and ${this.dropped} more messages not shown.`]
      : this.messages;
  }
}

export function newReport(): Report {
  return new Report();
}

export type RowsResult = { total: number; success: number; errors: number; created: number; updated: number };

export type ImageMatchResult = { total: number; matched: number; unmatched: number; errors: number };

export function importResult(rows: RowsResult, images: ImageMatchResult, report: Report): ImportResult {
  return {
    total: rows.total,
    success: rows.success,
    errors: rows.errors + images.errors + images.unmatched,
    messages: report.finish(),
    created: rows.created,
    updated: rows.updated,
    images: { total: images.total, matched: images.matched, unmatched: images.unmatched },
  };
}

export function imagesOnlyResult(images: ImageMatchResult, report: Report): ImagesOnlyResult {
  return { ...images, messages: report.finish() };
}
