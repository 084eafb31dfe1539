import { describe, expect, it } from 'vitest';
import { cashSummary, isPaid } from './tender-math';

describe('till tender arithmetic', () => {
  it('rounds $10.03 cash due up to $10.05, and $20.00 tendered gives $9.95 change', () => {
    const s = cashSummary(1003, [{ kind: 'cash', tendered: 2000 }]);
    expect(s.cashDueRounded).toBe(1005);
    expect(s.rounding).toBe(2);
    expect(s.change).toBe(995);
    expect(s.remaining).toBe(0);
  });

  it('rounds $10.02 down to $10.00 and $10.08 up to $10.10', () => {
    expect(cashSummary(1002, [{ kind: 'cash', tendered: 1000 }]).change).toBe(0);
    expect(cashSummary(1002, [{ kind: 'cash', tendered: 1000 }]).remaining).toBe(0);
    expect(cashSummary(1008, [{ kind: 'cash', tendered: 2000 }]).cashDueRounded).toBe(1010);
    // $20.00 - $10.10 = $9.90
    expect(cashSummary(1008, [{ kind: 'cash', tendered: 2000 }]).change).toBe(990);
  });

  it('never rounds the card: $10.03 all by card is paid with no cash due', () => {
    const s = cashSummary(1003, [{ kind: 'card', amount: 1003 }]);
    expect(s.cashDueRounded).toBe(0);
    expect(s.rounding).toBe(0);
    expect(isPaid(1003, [{ kind: 'card', amount: 1003 }])).toBe(true);
  });

  it('rounds only the cash part of a split: $25.00 total, $12.99 card, cash due $12.01 -> $12.00', () => {
    const tenders = [
      { kind: 'card', amount: 1299 },
      { kind: 'cash', tendered: 1500 },
    ] as const;
    const s = cashSummary(2500, tenders);
    expect(s.cashDue).toBe(1201);
    expect(s.cashDueRounded).toBe(1200);
    expect(s.rounding).toBe(-1);
    expect(s.change).toBe(300);
  });

  it('adds gift card and store credit before cash: $30.00 - $10.00 gift - $5.00 credit = $15.00 cash', () => {
    const tenders = [
      { kind: 'gift_card', code: 'GC-1', amount: 1000 },
      { kind: 'store_credit', amount: 500 },
      { kind: 'cash', tendered: 1000 },
    ] as const;
    const s = cashSummary(3000, tenders);
    expect(s.cashDueRounded).toBe(1500);
    expect(s.remaining).toBe(500);
    expect(isPaid(3000, tenders)).toBe(false);
  });
});
