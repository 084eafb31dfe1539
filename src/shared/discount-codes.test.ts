import { describe, expect, it } from 'vitest';
import {
  type CodeLine,
  codeRefusalText,
  type DiscountCodeRule,
  evaluateDiscountCode,
} from './discount-codes';

const rule = (over: Partial<DiscountCodeRule> = {}): DiscountCodeRule => ({
  kind: 'percent',
  percentage: 15,
  amountCents: 0,
  minSubtotalCents: 0,
  startsAt: new Date('2026-12-05T14:00:00Z'),
  endsAt: new Date('2026-12-07T05:00:00Z'),
  maxUses: 5,
  usedCount: 0,
  perCustomerLimit: 1,
  categoryIds: [],
  conditions: [],
  productIds: [],
  active: true,
  ...over,
});
const lamp: CodeLine = { productId: 1, categoryId: 10, condition: 'new-open-box', lineCents: 3333 };
const sofa: CodeLine = { productId: 2, categoryId: 20, condition: 'used-good', lineCents: 10000 };
const during = { now: new Date('2026-12-06T12:00:00Z'), lines: [lamp, sofa], customerUses: 0 };

describe('evaluateDiscountCode', () => {
  it('takes a percentage of the eligible lots, a half cent up', () => {
    // 15% of 33.33 (the lamp only, by condition) = 4.9995 -> 5.00.
    expect(evaluateDiscountCode(rule({ conditions: ['new-open-box'] }), during)).toEqual({
      ok: true,
      discountCents: 500,
      eligibleCents: 3333,
    });
    // 15% of 133.33 (both) = 19.9995 -> 20.00.
    expect(evaluateDiscountCode(rule(), during)).toMatchObject({ ok: true, discountCents: 2000 });
  });

  it('caps a fixed amount at the eligible lots', () => {
    // $50 off, only the lamp (category 10, $33.33) is eligible: $33.33.
    expect(
      evaluateDiscountCode(rule({ kind: 'fixed', amountCents: 5000, categoryIds: [10] }), during),
    ).toMatchObject({
      ok: true,
      discountCents: 3333,
    });
    expect(
      evaluateDiscountCode(rule({ kind: 'fixed', amountCents: 500, productIds: [2] }), during),
    ).toMatchObject({
      discountCents: 500,
    });
  });

  it('refuses with each reason', () => {
    const refuse = (r: DiscountCodeRule | null, o = during) => evaluateDiscountCode(r, o);
    expect(refuse(null)).toEqual({ ok: false, reason: 'unknown' });
    expect(refuse(rule({ active: false }))).toEqual({ ok: false, reason: 'unknown' });
    // One millisecond before the start; exactly at the end (the end is exclusive).
    expect(refuse(rule(), { ...during, now: new Date('2026-12-05T13:59:59.999Z') })).toEqual({
      ok: false,
      reason: 'notYetValid',
    });
    expect(refuse(rule(), { ...during, now: new Date('2026-12-05T14:00:00Z') })).toMatchObject({ ok: true });
    expect(refuse(rule(), { ...during, now: new Date('2026-12-07T05:00:00Z') })).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(refuse(rule({ usedCount: 5 }))).toEqual({ ok: false, reason: 'usedUp' });
    expect(refuse(rule(), { ...during, customerUses: 1 })).toEqual({ ok: false, reason: 'usedUp' });
    expect(refuse(rule({ categoryIds: [99] }))).toEqual({ ok: false, reason: 'notEligible' });
    // Subtotal 33.33 + 100.00 = 133.33 < 133.34.
    expect(refuse(rule({ minSubtotalCents: 13334 }))).toEqual({ ok: false, reason: 'belowMinimum' });
    expect(refuse(rule({ minSubtotalCents: 13333 }))).toMatchObject({ ok: true });
  });

  it('words each refusal in English and Canadian French', () => {
    expect(codeRefusalText('expired', 'en')).toBe('This discount code has expired.');
    expect(codeRefusalText('expired', 'fr')).toBe('Ce code de réduction est expiré.');
    expect(codeRefusalText('notYetValid', 'en')).toBe('This discount code is not valid yet.');
    expect(codeRefusalText('notYetValid', 'fr')).toBe("Ce code de réduction n'est pas encore valide.");
    expect(codeRefusalText('usedUp', 'en')).toBe('This discount code has been used up.');
    expect(codeRefusalText('usedUp', 'fr')).toBe('Ce code de réduction a atteint sa limite d’utilisation.');
    expect(codeRefusalText('notEligible', 'en')).toBe(
      'This discount code does not apply to any item in your cart.',
    );
    expect(codeRefusalText('notEligible', 'fr')).toBe(
      "Ce code de réduction ne s'applique à aucun article de votre panier.",
    );
    expect(codeRefusalText('belowMinimum', 'en', 5000)).toBe(
      'This discount code needs a subtotal of at least $50.00.',
    );
    expect(codeRefusalText('belowMinimum', 'fr', 5000)).toBe(
      'Ce code de réduction exige un sous-total d’au moins 50,00\u00a0$.',
    );
  });
});
