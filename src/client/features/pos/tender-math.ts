// The till's tender arithmetic (docs/decisions/0610-till-page.md): what is left to pay after card, gift
// card and store credit, the cash part rounded to 5 cents (src/shared/cash-rounding.ts, only the cash
// part of a split), and the change from what was tendered. Integers of cents throughout.
import { roundCash } from '~/shared/cash-rounding';
import type { Cents } from '~/shared/money';

export type TenderDraft =
  | { kind: 'cash'; tendered: Cents }
  | { kind: 'card'; amount: Cents }
  | { kind: 'gift_card'; code: string; amount: Cents }
  | { kind: 'store_credit'; amount: Cents };

export type CashSummary = {
  /** Paid by card, gift card and store credit. */
  nonCash: Cents;
  /** What is left for cash before rounding. */
  cashDue: Cents;
  /** The cash to take: cashDue rounded to the nearest 5 cents. */
  cashDueRounded: Cents;
  /** What rounding added (positive) or took (negative). */
  rounding: Cents;
  tendered: Cents;
  /** What is still owed in cash (0 once enough was handed over). */
  remaining: Cents;
  change: Cents;
};

export function cashSummary(total: Cents, tenders: readonly TenderDraft[]): CashSummary {
  const nonCash = tenders.reduce((sum, t) => sum + (t.kind === 'cash' ? 0 : t.amount), 0);
  const tendered = tenders.reduce((sum, t) => sum + (t.kind === 'cash' ? t.tendered : 0), 0);
  const cashDue = Math.max(0, total - nonCash);
  const cashDueRounded = roundCash(cashDue);
  return {
    nonCash,
    cashDue,
    cashDueRounded,
    rounding: cashDueRounded - cashDue,
    tendered,
    remaining: Math.max(0, cashDueRounded - tendered),
    change: Math.max(0, tendered - cashDueRounded),
  };
}

/** The sale can be sent: non-cash tenders do not exceed the total and the cash covers its rounded part. */
export function isPaid(total: Cents, tenders: readonly TenderDraft[]): boolean {
  const s = cashSummary(total, tenders);
  return s.nonCash <= total && s.remaining === 0 && tenders.length > 0;
}
