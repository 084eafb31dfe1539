// Whether a discount code applies to a cart and by how much (docs/decisions/0550-discount-codes.md).
// Pure: the checkout passes the clock, the lines and the customer's past uses; the database alone
// counts uses atomically when the order is placed, this only says what the shopper is told.
import type { ProductCondition } from './constants';
import type { Locale } from './i18n/locales';
import { translator } from './i18n/catalogues';
import { formatCents } from './money';
import { DISCOUNT_CODE_MESSAGES } from './discount-codes.messages';

export type DiscountCodeRule = {
  kind: 'percent' | 'fixed';
  percentage: number;
  amountCents: number;
  minSubtotalCents: number;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  usedCount: number;
  perCustomerLimit: number | null;
  categoryIds: number[];
  conditions: ProductCondition[];
  productIds: number[];
  active: boolean;
};

export type CodeLine = {
  productId: number;
  categoryId: number | null;
  condition: ProductCondition;
  lineCents: number;
};

export type CodeRefusal =
  | 'unknown'
  | 'notYetValid'
  | 'expired'
  | 'usedUp'
  | 'notEligible'
  | 'belowMinimum'
  | 'noExtraSaving';

export type CodeResult =
  | { ok: true; discountCents: number; eligibleCents: number }
  | { ok: false; reason: CodeRefusal };

/** A lot is eligible when it matches every non-empty list of the code (an empty list means any). */
export function lineEligible(rule: DiscountCodeRule, line: CodeLine): boolean {
  if (
    rule.categoryIds.length > 0 &&
    (line.categoryId === null || !rule.categoryIds.includes(line.categoryId))
  )
    return false;
  if (rule.conditions.length > 0 && !rule.conditions.includes(line.condition)) return false;
  if (rule.productIds.length > 0 && !rule.productIds.includes(line.productId)) return false;
  return true;
}

/**
 * Checked in the order a shopper can act on: a code that does not exist, then its window (valid from
 * `startsAt` inclusive to `endsAt` exclusive), its uses, the cart's lots, and last the minimum, which
 * is measured on the whole merchandise subtotal (`lineCents` already after the lot's other discounts).
 * A percentage is rounded to the nearest cent, a half cent up; a fixed amount never exceeds the
 * eligible lots' total.
 */
export function evaluateDiscountCode(
  rule: DiscountCodeRule | null,
  options: { now: Date; lines: CodeLine[]; customerUses: number },
): CodeResult {
  if (!rule?.active) return { ok: false, reason: 'unknown' };
  const now = options.now.getTime();
  if (rule.startsAt && now < rule.startsAt.getTime()) return { ok: false, reason: 'notYetValid' };
  if (rule.endsAt && now >= rule.endsAt.getTime()) return { ok: false, reason: 'expired' };
  if (rule.maxUses !== null && rule.usedCount >= rule.maxUses) return { ok: false, reason: 'usedUp' };
  if (rule.perCustomerLimit !== null && options.customerUses >= rule.perCustomerLimit) {
    return { ok: false, reason: 'usedUp' };
  }
  const eligibleCents = options.lines
    .filter((l) => lineEligible(rule, l))
    .reduce((sum, l) => sum + l.lineCents, 0);
  if (eligibleCents === 0) return { ok: false, reason: 'notEligible' };
  const subtotal = options.lines.reduce((sum, l) => sum + l.lineCents, 0);
  if (subtotal < rule.minSubtotalCents) return { ok: false, reason: 'belowMinimum' };
  const discountCents =
    rule.kind === 'percent'
      ? Math.floor((eligibleCents * rule.percentage + 50) / 100)
      : Math.min(rule.amountCents, eligibleCents);
  return { ok: true, discountCents, eligibleCents };
}

/** The refusal as the shopper reads it, in their language. */
export function codeRefusalText(reason: CodeRefusal, locale: Locale, minSubtotalCents = 0): string {
  const t = translator(locale, DISCOUNT_CODE_MESSAGES);
  return t(reason, { minimum: formatCents(minSubtotalCents, locale) });
}
