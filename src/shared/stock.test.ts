import { describe, expect, it } from 'vitest';
import { stockLabel } from './stock';

const text = (stock: number | null | undefined) => stockLabel(stock).text;

describe('stock labels', () => {
  it("says 'Out of Stock' at 0 or less (and when the stock is unknown)", () => {
    expect(text(0)).toBe('Out of Stock');
    expect(text(-2)).toBe('Out of Stock');
    expect(text(null)).toBe('Out of Stock');
    expect(text(undefined)).toBe('Out of Stock');
    expect(stockLabel(0).level).toBe('out');
  });

  it("says 'Low Stock' from 1 to 9", () => {
    expect(text(1)).toBe('Low Stock');
    expect(text(9)).toBe('Low Stock');
    expect(stockLabel(9).level).toBe('low');
  });

  it("says 'In Stock' from 10 up", () => {
    expect(text(10)).toBe('In Stock');
    expect(text(11)).toBe('In Stock');
    expect(text(500)).toBe('In Stock');
    expect(stockLabel(10).level).toBe('in');
  });
});
