// Which fields someone else changed, named as the form labels them: what the product dialog lists after a
// save refused because the product was saved meanwhile.
import { describe, expect, it } from 'vitest';
import { changedFieldLabels, toFormValues } from './product-form-values';
import { lamp } from './test-product';

describe('changedFieldLabels', () => {
  it('names the changed fields in the form order, by their labels', () => {
    const saved = {
      ...lamp,
      price: '35.00',
      nameFr: 'Lampe de bureau',
      images: ['/uploads/a.webp'],
      version: 4,
    };
    expect(changedFieldLabels(lamp, saved)).toEqual(['Name (French)', 'Price', 'Pictures']);
  });

  it('leaves out the stock, which moves by adjustment, and what the form does not hold', () => {
    const saved = { ...lamp, stock: 2, version: 4, updatedAt: '2026-11-02T00:00:00.000Z' };
    expect(changedFieldLabels(lamp, saved)).toEqual([]);
  });

  it('sees a category set, a compare-at price cleared and a flag turned off', () => {
    const before = { ...lamp, compareAtPrice: '50.00' };
    const after = { ...lamp, categoryId: 3, categoryName: 'Lighting', active: false };
    expect(changedFieldLabels(before, after)).toEqual(['Compare-at Price', 'Category', 'Active']);
  });
});

describe('toFormValues', () => {
  it('turns a product into the strings the form holds', () => {
    expect(toFormValues({ ...lamp, lotNumber: null, categoryId: 3 })).toMatchObject({
      lotNumber: '',
      compareAtPrice: '',
      stock: '11',
      categoryId: '3',
    });
  });
});
