// The import's row validator: the product form's rules and messages (ProductInputSchema's fields),
// with the cell quoted, plus the import's own rules. No database: categories are a lookup map.
import { describe, expect, it } from 'vitest';
import { headerColumns, validateRecord } from './import-rows';

const header = [
  'lotNumber',
  'name',
  'description',
  'price',
  'compareAtPrice',
  'stock',
  'category',
  'featured',
];
const columns = headerColumns(header);
const lookup = new Map([
  ['7', 7],
  ['name:tools', 7],
]);
const check = (cells: Partial<Record<(typeof header)[number], string>>) =>
  validateRecord(
    header.map((h) => cells[h] ?? ''),
    columns,
    lookup,
    2,
  );

describe('validateRecord', () => {
  it('keeps what a row gives and leaves out what it does not', () => {
    expect(
      check({
        lotNumber: ' LOT-1 ',
        name: 'Drill',
        price: '$1,299.5',
        stock: '3',
        category: 'Tools',
        featured: 'yes',
      }),
    ).toEqual({
      row: 2,
      lotNumber: 'LOT-1',
      name: 'Drill',
      price: '1299.50',
      stock: 3,
      categoryId: 7,
      featured: true,
    });
  });

  it("refuses with the product form's messages, quoting the cell", () => {
    expect(check({ lotNumber: 'L', name: 'Drill', price: 'abc' })).toBe(
      'Price must be a valid number ("abc")',
    );
    expect(check({ lotNumber: 'L', name: 'Drill', price: '-1' })).toBe('Price must be 0 or more ("-1")');
    expect(check({ lotNumber: 'L', name: 'Drill', price: '1.999' })).toBe(
      'Price can have at most 2 decimal places ("1.999")',
    );
    expect(check({ lotNumber: 'L', name: 'Drill', price: '1', stock: '1.5' })).toBe(
      'Stock must be a whole number ("1.5")',
    );
    expect(check({ lotNumber: 'L', name: 'Drill', price: '1', compareAtPrice: 'x' })).toBe(
      'Compare-at price must be a valid number ("x")',
    );
    expect(check({ lotNumber: 'L', name: 'D', price: '1' })).toBe(
      'Product name must be at least 2 characters.',
    );
    expect(check({ lotNumber: 'L', name: 'n'.repeat(201), price: '1' })).toBe(
      'Product name must be at most 200 characters',
    );
    expect(check({ lotNumber: 'L'.repeat(101), name: 'Drill', price: '1' })).toBe(
      'Lot number must be at most 100 characters',
    );
    expect(check({ lotNumber: 'L', name: 'Drill' })).toBe('Price is required');
  });

  it("applies the import's own rules", () => {
    expect(check({ name: 'Drill', price: '1' })).toBe('Lot number is required');
    expect(check({ lotNumber: 'L', price: '1' })).toBe('Name is required');
    expect(check({ lotNumber: 'L', name: 'Drill', price: '1', category: 'Garden' })).toBe(
      'Unknown category "Garden"',
    );
    expect(check({ lotNumber: 'L', name: 'Drill', price: '1', featured: 'maybe' })).toBe(
      'featured must be true or false ("maybe")',
    );
    // A compare-at price of 0 means none; "none" clears the category.
    expect(
      check({ lotNumber: 'L', name: 'Drill', price: '1', compareAtPrice: '0', category: 'none' }),
    ).toMatchObject({
      compareAtPrice: null,
      categoryId: null,
    });
  });
});
