import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvFileName, csvSafeCell, toCsv } from './csv';

describe('csvSafeCell', () => {
  it.each([
    ['=HYPERLINK("https://evil.example","x")', '\'=HYPERLINK("https://evil.example","x")'],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
  ])('defuses %j', (input, expected) => {
    expect(csvSafeCell(input)).toBe(expected);
  });

  it('leaves ordinary values alone', () => {
    expect(csvSafeCell('someone@example.com')).toBe('someone@example.com');
    expect(csvSafeCell('a=b')).toBe('a=b');
    expect(csvSafeCell(42)).toBe('42');
    expect(csvSafeCell(null)).toBe('');
    expect(csvSafeCell(undefined)).toBe('');
    expect(csvSafeCell(new Date('2025-01-02T03:04:05.000Z'))).toBe('2025-01-02T03:04:05.000Z');
  });
});

describe('toCsv', () => {
  it('writes a header row and quotes commas, quotes and line breaks so the file reads back the same', () => {
    const rows = [
      { id: 1, text: 'plain' },
      { id: 2, text: 'with, comma and "quotes"\nand a new line' },
      { id: 3, text: '=cmd|" /C calc"!A0' },
    ];
    const csv = toCsv(rows, [
      { header: 'id', value: (r) => r.id },
      { header: 'text', value: (r) => r.text },
    ]);
    expect(csv.startsWith('\uFEFFid,text\r\n')).toBe(true);
    expect(parse(csv, { bom: true })).toEqual([
      ['id', 'text'],
      ['1', 'plain'],
      ['2', 'with, comma and "quotes"\nand a new line'],
      ['3', '\'=cmd|" /C calc"!A0'],
    ]);
  });

  it('can leave the byte-order mark out', () => {
    expect(toCsv([{ a: 1 }], [{ header: 'a', value: (r) => r.a }], { bom: false })).toBe('a\r\n1\r\n');
  });

  it('names files with the date', () => {
    expect(csvFileName('subscribers', new Date('2025-03-04T10:00:00Z'))).toBe('subscribers-2025-03-04.csv');
  });
});
