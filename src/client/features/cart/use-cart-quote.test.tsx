import { describe, expect, it } from 'vitest';
import { quoteRequest } from './use-cart-quote';

describe('quoteRequest (what the checkout page asks the quote for)', () => {
  const items = [{ productId: 4, quantity: 2, price: '9.99', name: 'Kettle' }];

  it('sends the items only: no prices, names or totals', () => {
    expect(quoteRequest(items)).toEqual({ items: [{ productId: 4, quantity: 2 }] });
  });

  it('sends a chosen method, country and a known province', () => {
    expect(quoteRequest(items, { shippingMethod: 'express', country: 'Canada', province: 'QC' })).toEqual({
      items: [{ productId: 4, quantity: 2 }],
      shippingMethod: 'express',
      country: 'Canada',
      province: 'QC',
    });
    expect(quoteRequest(items, { shippingMethod: 'standard', country: 'US', province: 'NY' })).toMatchObject({
      country: 'US',
      province: 'NY',
    });
  });

  it("leaves out the method placeholder and a province not chosen yet (the store's province is used)", () => {
    expect(quoteRequest(items, { shippingMethod: 'method', country: 'Canada', province: '' })).toEqual({
      items: [{ productId: 4, quantity: 2 }],
    });
    expect(quoteRequest(items, { country: 'Canada', province: 'Q' })).toEqual({
      items: [{ productId: 4, quantity: 2 }],
    });
    // The US without a state yet: zero-rated whatever the state, so the country is still sent.
    expect(quoteRequest(items, { country: 'US', province: 'N' })).toEqual({
      items: [{ productId: 4, quantity: 2 }],
      country: 'US',
    });
  });
});
