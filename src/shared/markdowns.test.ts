import { describe, expect, it } from 'vitest';
import {
  computeMarkdown,
  daysInStock,
  dueMarkdownStep,
  type MarkdownRules,
  MarkdownRulesSchema,
} from './markdowns';

const rules: MarkdownRules = {
  enabled: true,
  steps: [
    { days: 14, percent: 10 },
    { days: 30, percent: 25 },
  ],
  floor: { kind: 'original', percent: 80 },
};
const base = { originalCents: 4999, priceCents: 4999, unitCostCents: null, appliedStep: 0 };

describe('computeMarkdown', () => {
  it('does nothing before the first step or when disabled', () => {
    expect(computeMarkdown(rules, { ...base, ageDays: 13 })).toEqual({ kind: 'none' });
    expect(computeMarkdown({ ...rules, enabled: false }, { ...base, ageDays: 40 })).toEqual({ kind: 'none' });
  });

  it('takes the step percent off the original price, rounded half up', () => {
    // 49.99 less 10% = 44.991 -> 44.99; the floor, 80% of 49.99 = 39.992, rounded up to 40.00
    expect(computeMarkdown(rules, { ...base, ageDays: 14 })).toEqual({
      kind: 'step',
      step: 1,
      cents: 4499,
      floorCents: 4000,
    });
  });

  it('computes later steps from the original, not the marked-down price, and holds the floor', () => {
    // 25% off 49.99 = 37.4925 -> 37.49, below the floor 40.00 (80% of 49.99 = 39.992, up to the cent)
    expect(computeMarkdown(rules, { ...base, priceCents: 4499, appliedStep: 1, ageDays: 30 })).toEqual({
      kind: 'step',
      step: 2,
      cents: 4000,
      floorCents: 4000,
    });
    // Without the floor in the way: 25% off 100.00 = 75.00 (not 90.00 less 25% = 67.50)
    expect(
      computeMarkdown(
        { ...rules, floor: { kind: 'original', percent: 50 } },
        { ...base, originalCents: 10000, priceCents: 9000, appliedStep: 1, ageDays: 31 },
      ),
    ).toMatchObject({ step: 2, cents: 7500, floorCents: 5000 });
  });

  it('applies a step once and jumps straight to the step the age has reached', () => {
    expect(computeMarkdown(rules, { ...base, appliedStep: 2, ageDays: 45 })).toEqual({ kind: 'none' });
    expect(
      computeMarkdown({ ...rules, floor: { kind: 'original', percent: 0 } }, { ...base, ageDays: 45 }),
    ).toMatchObject({
      step: 2,
      cents: 3749,
    });
  });

  it('floors by cost: cost 30.00 at 120% is 36.00; without a cost nothing is marked down', () => {
    const byCost: MarkdownRules = { ...rules, floor: { kind: 'cost', percent: 120 } };
    expect(
      computeMarkdown(byCost, {
        ...base,
        unitCostCents: 3000,
        priceCents: 4499,
        appliedStep: 1,
        ageDays: 30,
      }),
    ).toMatchObject({ step: 2, cents: 3749, floorCents: 3600 });
    expect(computeMarkdown(byCost, { ...base, unitCostCents: 3500, ageDays: 30 })).toMatchObject({
      cents: 4200,
    });
    expect(computeMarkdown(byCost, { ...base, ageDays: 30 })).toEqual({ kind: 'no-cost', step: 2 });
  });

  it('never raises the price (a staff price already below the step)', () => {
    expect(computeMarkdown(rules, { ...base, priceCents: 4100, ageDays: 14 })).toMatchObject({ cents: 4100 });
  });
});

describe('age and steps', () => {
  it('counts whole days', () => {
    const listed = new Date('2026-11-01T10:00:00Z');
    expect(daysInStock(listed, new Date('2026-11-15T09:59:59Z'))).toBe(13);
    expect(daysInStock(listed, new Date('2026-11-15T10:00:00Z'))).toBe(14);
    expect(dueMarkdownStep(rules.steps, 29)).toBe(1);
    expect(dueMarkdownStep(rules.steps, 30)).toBe(2);
  });
});

describe('MarkdownRulesSchema', () => {
  const message = (value: unknown) => MarkdownRulesSchema.safeParse(value).error?.issues[0]?.message;
  it('accepts ascending steps and refuses the rest with clear messages', () => {
    expect(MarkdownRulesSchema.safeParse(rules).success).toBe(true);
    expect(
      message({
        ...rules,
        steps: [
          { days: 30, percent: 10 },
          { days: 14, percent: 25 },
        ],
      }),
    ).toBe('Each step must come after more days in stock than the one before');
    expect(
      message({
        ...rules,
        steps: [
          { days: 14, percent: 25 },
          { days: 30, percent: 10 },
        ],
      }),
    ).toBe('Each step must take a larger percentage off than the one before');
    expect(message({ ...rules, steps: [{ days: 14, percent: 95 }] })).toBe(
      'Markdown percentage must be between 1 and 90',
    );
    expect(message({ ...rules, floor: { kind: 'original', percent: 120 } })).toBe(
      'A floor of the original price must be between 0 and 100',
    );
    expect(message({ ...rules, floor: { kind: 'list', percent: 10 } })).toBe(
      'Floor must be of the original price or of the cost',
    );
  });
});
