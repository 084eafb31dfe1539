import { describe, expect, it } from 'vitest';
import { CheckoutFormSchema, checkoutFormDefaults } from './checkout';

const valid = {
  ...checkoutFormDefaults,
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  phone: '416-555-0123',
  addressLine1: '123 Main Street',
  city: 'Toronto',
  state: 'ON',
  zipCode: 'M5V 2T6',
  shippingMethod: 'standard',
};

function errors(input: Record<string, unknown>): Record<string, string> {
  const result = CheckoutFormSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('the checkout form', () => {
  it('accepts a complete form, Canada by default', () => {
    const parsed = CheckoutFormSchema.parse({ ...valid, country: undefined });
    expect(parsed.country).toBe('Canada');
  });

  it.each([
    ['firstName', 'J', 'First name must be at least 2 characters.'],
    ['lastName', ' D ', 'Last name must be at least 2 characters.'],
    ['email', 'jane@', 'Please enter a valid email address.'],
    ['phone', '555-0123', 'Please enter a valid phone number.'],
    ['addressLine1', '1 Ma', 'Address is required.'],
    ['city', 'T', 'City is required.'],
    ['state', 'O', 'Province/State is required.'],
    ['zipCode', 'M5V2', 'Postal/ZIP code is required.'],
    ['shippingMethod', 'method', 'Please select a shipping method'],
    ['shippingMethod', '', 'Please select a shipping method'],
  ])('%s = %j: %s', (field, value, message) => {
    expect(errors({ ...valid, [field]: value })[field]).toBe(message);
  });

  it('takes one of the 13 province codes in Canada, free text in the US', () => {
    expect(errors({ ...valid, state: 'ZZ' }).state).toBe('Province/State is required.');
    expect(errors({ ...valid, country: 'US', state: 'New York' })).toEqual({});
    expect(errors({ ...valid, country: 'US', state: 'N' }).state).toBe('Province/State is required.');
  });

  it('checks the account fields only when creating an account', () => {
    expect(errors({ ...valid, createAccount: false, username: 'x', password: '1' })).toEqual({});
    expect(
      errors({ ...valid, createAccount: true, username: 'ab', password: '12345', confirmPassword: '1234' }),
    ).toEqual({
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Passwords do not match',
    });
    expect(
      errors({
        ...valid,
        createAccount: true,
        username: 'jane',
        password: 'secret1',
        confirmPassword: 'secret2',
      }),
    ).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(
      errors({
        ...valid,
        createAccount: true,
        username: 'jane',
        password: 'secret1',
        confirmPassword: 'secret1',
      }),
    ).toEqual({});
  });
});
