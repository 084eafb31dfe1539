// The CSV reader shared by the product import and the manifest: encodings, separators, the row limit,
// and giving way to other work while a large file is parsed.
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { csvRecords, delimiterOf, sniffEncoding } from './csv-input';

const read = async (input: Buffer | Readable, maxRows?: number) => {
  const rows: string[][] = [];
  for await (const r of csvRecords(input, () => {}, { maxRows })) rows.push(r.cells);
  return rows;
};

describe('csv input', () => {
  it('reads UTF-8 with and without a byte-order mark', async () => {
    expect(await read(Buffer.from('\ufeffName,Price\r\nCafé,1.00\r\n'))).toEqual([
      ['Name', 'Price'],
      ['Café', '1.00'],
    ]);
    expect(await read(Buffer.from('Name,Price\nCafé,1.00\n'))).toEqual([
      ['Name', 'Price'],
      ['Café', '1.00'],
    ]);
  });

  it('decodes Windows-1252, also when the first accent comes after the first chunk', async () => {
    // 0xE9 is é, 0x80 is € and 0x93 is “ in Windows-1252 (control characters in ISO-8859-1); é before a
    // space is not UTF-8.
    const bytes = Buffer.from([
      ...Buffer.from('Name;Price\nCaf'),
      0xe9,
      0x20,
      0x80,
      0x93,
      ...Buffer.from(';1,00\n'),
    ]);
    expect(sniffEncoding(bytes, true)).toBe('windows-1252');
    expect(await read(bytes)).toEqual([
      ['Name', 'Price'],
      ['Café €“', '1,00'],
    ]);
    const streamed = Readable.from([
      Buffer.from('Name,Price\n'),
      Buffer.from([0x43, 0xea, 0x2c, 0x31, 0x0a]),
    ]);
    expect(await read(streamed)).toEqual([
      ['Name', 'Price'],
      ['Cê', '1'],
    ]);
  });

  it('refuses a file that starts as UTF-8 and is not UTF-8 further on', async () => {
    const head = Buffer.from(`Name,Price\n${'Caf\u00e9,1.00\n'.repeat(8000)}`);
    const tail = Buffer.from([0x43, 0xe9, 0x2c, 0x31, 0x0a]);
    await expect(read(Buffer.concat([head, tail]))).rejects.toThrow(
      'The file is not UTF-8 throughout (it starts as UTF-8)',
    );
  });

  it('finds the separator in the header line, not in quoted names', () => {
    expect(delimiterOf('a;b;c\n1,5;2;3')).toBe(';');
    expect(delimiterOf('a\tb\tc')).toBe('\t');
    expect(delimiterOf('"x;y;z",b,c')).toBe(',');
    expect(delimiterOf('\ufeffa,b')).toBe(',');
  });

  it('stops at the row limit, not counting blank lines or the header', async () => {
    const text = 'A\n1\n\n2\n3\n';
    expect(await read(Buffer.from(text), 3)).toHaveLength(5);
    await expect(read(Buffer.from(`${text}4\n`), 3)).rejects.toThrow('The file has more than 3 rows');
  });

  it('gives way to other work between slices of a large file', async () => {
    // A 1 MB file is 16 slices: a parser that held the event loop would finish before any turn ran.
    const big = Buffer.from(`Name,Price\n${'Table,1.00\n'.repeat(100_000)}`);
    let turns = 0;
    let done = false;
    const counting = (async () => {
      while (!done) {
        await nextTurn();
        turns++;
      }
    })();
    const rows = await read(big);
    done = true;
    await counting;
    expect(rows).toHaveLength(100_001);
    expect(turns).toBeGreaterThanOrEqual(15);
  });
});
