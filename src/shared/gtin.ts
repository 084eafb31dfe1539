// Global Trade Item Numbers (GS1): the UPC-A, EAN-13, EAN-8 or GTIN-14 printed under a barcode. A
// manifest's "UPC" column often holds a retailer SKU, an ASIN or a model number instead, so a value is a
// GTIN only when it has a GTIN's length and its check digit is right (docs/decisions/0570-product-feeds.md).

/** The lengths a GTIN comes in: EAN-8, UPC-A, EAN-13, GTIN-14. */
export const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/** The GS1 check digit of the digits before it: weights 3 and 1 from the right, to the next multiple of 10. */
function checkDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether the last of these digits is the GS1 check digit of the ones before it. */
export function checkDigitHolds(digits: string): boolean {
  return checkDigit(digits.slice(0, -1)) === Number(digits.at(-1));
}

/**
 * Numbers a store may not send as a product's GTIN: restricted circulation (in-store and variable
 * weight, GS1 prefixes 02, 04 and 20-29; UPC number systems 2 and 4), coupons (05, UPC 5) and all zeros.
 */
function restricted(gtin13: string): boolean {
  return /^(0[245]|2\d)/.test(gtin13) || /^0+$/.test(gtin13);
}

/**
 * The GTIN in a UPC/SKU field (spaces and dashes allowed between digits), or null when the value is not a
 * valid, freely circulating GTIN. EAN-8 is kept as it is; the others are compared as GTIN-13/14.
 */
export function validGtin(value: string | null | undefined): string | null {
  if (!value) return null;
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits) || !GTIN_LENGTHS.has(digits.length)) return null;
  if (!checkDigitHolds(digits)) return null;
  if (digits.length === 8) return /^0+$/.test(digits) ? null : digits;
  const gtin13 = digits.padStart(14, '0').slice(1);
  if (digits.length === 14 && digits[0] !== '0') return digits;
  return restricted(gtin13) ? null : digits;
}
