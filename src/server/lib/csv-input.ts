// Reading the CSV files shops really have (docs/decisions/0460-csv-encodings-and-streamed-parsing.md),
// for the product import and the supplier manifest alike:
// - the encoding: UTF-8 with or without a byte-order mark, or Windows-1252 (what Excel saves as "CSV" on
//   Windows) when the bytes are not UTF-8; UTF-16 ("Unicode text") is refused with a message naming it.
//   A file that starts as UTF-8 and later holds a byte that is not is refused too, never garbled.
// - the separator: comma, semicolon (Excel in French and European locales) or tab, from the header line.
// - the event loop: the text is parsed a slice at a time, giving way to other requests between slices,
//   so one large file never holds up the store; and a file over the row limit stops being read.
// Records keep the row number a spreadsheet shows (the header is row 1; a quoted line break stays in
// its row) and how far into the file each ends. Records that cannot be read go to `onUnreadable`.
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { badRequest } from './http-error';

export type CsvRecord = {
  cells: string[];
  /** The row number as a spreadsheet shows it. */
  row: number;
  /** Where this record ends in the file, in characters read (bytes for single-byte files). */
  bytes: number;
};

export type CsvEncoding = 'utf-8' | 'windows-1252';

/** How much of a file decides its encoding and separator. */
const SAMPLE_BYTES = 64 * 1024;
/** The slice parsed between two turns of the event loop. */
const SLICE_BYTES = 64 * 1024;

const SAVE_AS = 'save it from the spreadsheet as "CSV UTF-8" and upload it again';

/**
 * The encoding of a file from its first bytes: UTF-8 when they are UTF-8 (a byte-order mark or not),
 * otherwise Windows-1252, which maps every byte to a character. UTF-16 is refused by name: read as
 * either it would import as garbage.
 */
export function sniffEncoding(sample: Uint8Array, complete: boolean): CsvEncoding {
  const utf16Bom =
    sample.length >= 2 &&
    ((sample[0] === 0xff && sample[1] === 0xfe) || (sample[0] === 0xfe && sample[1] === 0xff));
  if (utf16Bom || sample.includes(0))
    throw badRequest(`The file is UTF-16 ("Unicode text"), which cannot be imported: ${SAVE_AS}.`);
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: !complete });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** The separator of the header line: semicolon or tab when the line has more of them than commas. */
export function delimiterOf(text: string): string {
  const first = (text.replace(/^\ufeff/, '').split(/\r?\n/, 1)[0] ?? '').replace(/"[^"]*"/g, '');
  const count = (c: string) => first.split(c).length - 1;
  const commas = count(',');
  if (count(';') > commas && count(';') >= count('\t')) return ';';
  if (count('\t') > commas) return '\t';
  return ',';
}

type Source = Readable | Buffer | AsyncIterable<Buffer | Uint8Array | string>;

async function* byteSlices(source: Source): AsyncGenerator<Uint8Array> {
  const chunks: Iterable<Buffer> | AsyncIterable<Buffer | Uint8Array | string> = Buffer.isBuffer(source)
    ? [source]
    : source;
  for await (const chunk of chunks) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let at = 0; at < bytes.length; at += SLICE_BYTES) {
      yield bytes.subarray(at, at + SLICE_BYTES);
      // Give way: requests that arrived meanwhile are answered before the next slice is parsed.
      await nextTurn();
    }
  }
}

/**
 * The file as text: its first chunk holds at least the sample (or the whole file), so the caller can
 * read the header line from it. `encoding` is known once the first chunk is out.
 */
export async function* decodedText(
  source: Source,
  found: (encoding: CsvEncoding) => void = () => {},
): AsyncGenerator<string> {
  const slices = byteSlices(source);
  const head: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < SAMPLE_BYTES) {
    const next = await slices.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    size += next.value.length;
  }
  const sample = Buffer.concat(head);
  const encoding = sniffEncoding(sample, done);
  found(encoding);
  // Fatal for UTF-8: a later byte that is not UTF-8 refuses the file rather than garbling a name.
  // Windows-1252 through iconv-lite: Node 20's TextDecoder reads that label as ISO-8859-1, which turns
  // 0x80-0x9F (the euro sign, curly quotes, dashes) into control characters.
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const cp1252 = iconv.getDecoder('windows-1252');
  const decode = (bytes: Uint8Array, stream: boolean) => {
    if (encoding === 'windows-1252') {
      const text = cp1252.write(Buffer.from(bytes));
      return stream ? text : text + (cp1252.end() ?? '');
    }
    try {
      return utf8.decode(bytes, { stream });
    } catch {
      throw badRequest(`The file is not UTF-8 throughout (it starts as UTF-8): ${SAVE_AS}.`);
    }
  };
  yield decode(sample, !done);
  if (done) return;
  for await (const bytes of slices) yield decode(bytes, true);
  const rest = decode(new Uint8Array(), false);
  if (rest) yield rest;
}

export type CsvReadOptions = {
  /** Records after the header beyond this many stop the reading with a 400 naming the limit. */
  maxRows?: number;
  /** Told the file's encoding and separator once they are known. */
  found?: (encoding: CsvEncoding, delimiter: string) => void;
};

function overLimit(maxRows: number): string {
  return `The file has more than ${maxRows.toLocaleString('en-CA')} rows, the most one file may have: split it into smaller files.`;
}

export async function* csvRecords(
  input: Source,
  onUnreadable: (row: number, message: string) => void,
  options: CsvReadOptions = {},
): AsyncGenerator<CsvRecord> {
  let encoding: CsvEncoding = 'utf-8';
  const text = decodedText(input, (e) => {
    encoding = e;
  });
  const first = await text.next();
  const head = first.done ? '' : first.value;
  const delimiter = delimiterOf(head);
  options.found?.(encoding, delimiter);
  let row = 0;
  const parser = parse({
    delimiter,
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
  const source = Readable.from(
    (async function* () {
      if (head) yield head;
      yield* text;
    })(),
    { objectMode: false },
  );
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  // Non-blank records after the header (the first non-blank record) count against the limit.
  let rows = -1;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { records: number; bytes: number };
    }>) {
      row = info.records;
      const blank = record.every((cell) => cell.trim() === '');
      if (!blank && ++rows > (options.maxRows ?? Number.POSITIVE_INFINITY))
        throw badRequest(overLimit(options.maxRows!));
      yield { cells: record, row, bytes: info.bytes };
    }
  } finally {
    source.destroy();
    parser.destroy();
  }
}
