// Reading the CSV file as it streams in: records with the row number a spreadsheet shows (the header
// is row 1; a quoted line break stays in its row) and how far into the file each ends. Records that
// cannot be read are handed to `onUnreadable` and skipped.
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';

export type CsvRecord = {
  cells: string[];
  /** The row number as a spreadsheet shows it. */
  row: number;
  /** Where this record ends in the file, in bytes. */
  bytes: number;
};

export async function* csvRecords(
  input: Readable,
  onUnreadable: (row: number, message: string) => void,
): AsyncGenerator<CsvRecord> {
  let row = 0;
  const parser = parse({
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    // Blank lines are counted (a spreadsheet shows them as rows); the caller skips them.
    skip_empty_lines: false,
    skip_records_with_error: true,
    max_record_size: 1_000_000,
    info: true,
  });
  parser.on('skip', (error: Error & { records?: number }) => {
    onUnreadable((error.records ?? row) + 1, error.message);
  });
  const records = input.pipe(parser);
  input.on('error', (error) => parser.destroy(error));
  for await (const { record, info } of records as AsyncIterable<{
    record: string[];
    info: { records: number; bytes: number };
  }>) {
    row = info.records;
    yield { cells: record, row, bytes: info.bytes };
  }
}
