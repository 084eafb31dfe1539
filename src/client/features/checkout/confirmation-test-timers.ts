// For the confirmation page's tests. A paid order's page empties the cart CART_CLEAR_DELAY_MS after it
// shows (src/client/features/checkout/confirmation-page.tsx), also once unmounted, so a shopper who leaves
// at once still has it emptied. A test that ended sooner had the emptying, and its 'Cart cleared' toast,
// land in the next test, where the toast replaced that test's own (one toast at a time).
import { act } from '@testing-library/react';
import { afterEach } from 'vitest';
import { CART_CLEAR_DELAY_MS } from './confirmation-page';

/** Each test of the file waits, at its end, until a paid order's page has emptied the cart. */
export function waitForTheCartToEmptyAfterEach() {
  afterEach(() => act(() => new Promise<void>((resolve) => setTimeout(resolve, CART_CLEAR_DELAY_MS))));
}
