// CSV downloads for administrators (subscribers, orders). Spreadsheet programs run a cell that starts
// with = + - @ (or a tab / carriage return that hides one) as a formula, so such cells are prefixed
// with an apostrophe: the value shows as text and nothing is executed (OWASP "CSV injection").
import { stringify } from 'csv-stringify/sync';

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell's text, defused when a spreadsheet would read it as a formula. */
export function csvSafeCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export type CsvColumn<T> = { header: string; value: (row: T) => unknown };

/**
 * A whole CSV document: header row first, CRLF line ends (RFC 4180), every cell defused, and by default
 * a UTF-8 byte-order mark so spreadsheet programs read accented names correctly.
 */
export function toCsv<T>(
  rows: readonly T[],
  columns: readonly CsvColumn<T>[],
  options: { bom?: boolean } = {},
): string {
  const records = [
    columns.map((c) => csvSafeCell(c.header)),
    ...rows.map((row) => columns.map((c) => csvSafeCell(c.value(row)))),
  ];
  return stringify(records, { record_delimiter: 'windows', bom: options.bom ?? true });
}

/** A file name safe in a Content-Disposition header, with today's date: `subscribers-2025-01-31.csv`. */
export function csvFileName(base: string, date = new Date()): string {
  return `${base.replace(/[^a-z0-9-]/gi, '-')}-${date.toISOString().slice(0, 10)}.csv`;
}
