// The checkout form filled as a shopper in Toronto fills it, for the checkout page's component tests:
// name, phone, address, Standard Shipping, and the contract's acceptance
// (docs/decisions/0566-checkout-is-a-distance-contract.md). A signed-in shopper's e-mail is filled by
// the page itself (`email: null`).
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

export const ACCEPT_CONTRACT = /^I have read this summary and I accept the contract/;

export async function fillCheckoutForm(
  user: ReturnType<typeof userEvent.setup>,
  { email = 'jane@example.com', contract = true }: { email?: string | null; contract?: boolean } = {},
) {
  await user.type(screen.getByLabelText('First Name'), 'Jane');
  await user.type(screen.getByLabelText('Last Name'), 'Shopper');
  if (email) await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Phone'), '416-555-0123');
  await user.type(screen.getByLabelText('Address Line 1'), '123 Main Street');
  await user.type(screen.getByLabelText('City'), 'Toronto');
  await user.selectOptions(screen.getByLabelText('Province'), 'ON');
  await user.type(screen.getByLabelText('Postal Code'), 'M5V 2T6');
  await user.click(screen.getByRole('radio', { name: /Standard Shipping/ }));
  if (contract) await user.click(screen.getByRole('checkbox', { name: ACCEPT_CONTRACT }));
}
