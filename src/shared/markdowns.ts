// Markdowns by age (docs/decisions/0320-markdowns-lower-the-selling-price.md): the rules an administrator sets, and the price one product's age calls for.
// The daily job (src/server/features/markdowns/service.ts) applies it; the computation lives here so it
// is tested with hand-worked cents and the settings form validates with the same schema
// (docs/decisions/0320-markdowns-lower-the-selling-price.md).
import { z } from 'zod';
import type { Cents } from './money';

export const MARKDOWN_FLOOR_KINDS = ['original', 'cost'] as const;

const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`);

export const MarkdownStepSchema = z.object({
  days: whole('Days in stock', 1, 3650),
  percent: whole('Markdown percentage', 1, 90),
});
export type MarkdownStep = z.infer<typeof MarkdownStepSchema>;

export const MarkdownRulesSchema = z
  .object({
    enabled: z.boolean(),
    steps: z.array(MarkdownStepSchema).max(10, 'At most 10 markdown steps'),
    floor: z.object({
      kind: z.enum(MARKDOWN_FLOOR_KINDS, { message: 'Floor must be of the original price or of the cost' }),
      // Of the original price: at most 100% (a floor above it would forbid every markdown). Of the
      // cost: up to ten times it, so "never below cost plus 20%" is 120.
      percent: whole('Floor percentage', 0, 1000),
    }),
  })
  .superRefine((rules, ctx) => {
    rules.steps.forEach((step, i) => {
      const previous = rules.steps[i - 1];
      if (previous && step.days <= previous.days) {
        ctx.addIssue({
          code: 'custom',
          path: ['steps', i, 'days'],
          message: 'Each step must come after more days in stock than the one before',
        });
      }
      if (previous && step.percent <= previous.percent) {
        ctx.addIssue({
          code: 'custom',
          path: ['steps', i, 'percent'],
          message: 'Each step must take a larger percentage off than the one before',
        });
      }
    });
    if (rules.floor.kind === 'original' && rules.floor.percent > 100) {
      ctx.addIssue({
        code: 'custom',
        path: ['floor', 'percent'],
        message: 'A floor of the original price must be between 0 and 100',
      });
    }
  });
export type MarkdownRules = z.infer<typeof MarkdownRulesSchema>;

/** Until an administrator sets rules: none apply. */
export const DEFAULT_MARKDOWN_RULES: MarkdownRules = {
  enabled: false,
  steps: [],
  floor: { kind: 'original', percent: 50 },
};

const DAY_MS = 24 * 3600_000;

/** Whole days from `since` to `now` (a product listed today is 0 days old). */
export function daysInStock(since: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS));
}

/** The step a product of this age has reached: 1-based, 0 when it is younger than the first step. */
export function dueMarkdownStep(steps: readonly MarkdownStep[], ageDays: number): number {
  let due = 0;
  steps.forEach((step, i) => {
    if (ageDays >= step.days) due = i + 1;
  });
  return due;
}

export type MarkdownInput = {
  /** The price before any markdown: when first listed or last set by staff. */
  originalCents: Cents;
  /** What the product sells for now (maybe already marked down). */
  priceCents: Cents;
  unitCostCents: Cents | null;
  ageDays: number;
  /** The last step already applied (0 for none): a step is applied once. */
  appliedStep: number;
};

export type MarkdownResult =
  | { kind: 'none' }
  /** The product has reached a step but has no cost to floor by: left at its price. */
  | { kind: 'no-cost'; step: number }
  /** The step is due; `cents` is the new price (maybe unchanged when the floor holds it). */
  | { kind: 'step'; step: number; cents: Cents; floorCents: Cents };

/**
 * What the product's age calls for. The step's percent is taken off the ORIGINAL price (steps never
 * compound), rounded half up to the cent; the result never goes below the floor (rounded up, so the
 * floor is never undercut by a cent) and never raises the current price.
 */
export function computeMarkdown(rules: MarkdownRules, input: MarkdownInput): MarkdownResult {
  if (!rules.enabled) return { kind: 'none' };
  const step = dueMarkdownStep(rules.steps, input.ageDays);
  if (step === 0 || step <= input.appliedStep) return { kind: 'none' };
  const percent = rules.steps[step - 1]!.percent;
  let floorBase: Cents;
  if (rules.floor.kind === 'cost') {
    if (input.unitCostCents === null) return { kind: 'no-cost', step };
    floorBase = input.unitCostCents;
  } else {
    floorBase = input.originalCents;
  }
  const floorCents = Math.floor((floorBase * rules.floor.percent + 99) / 100);
  const marked = Math.floor((input.originalCents * (100 - percent) + 50) / 100);
  const cents = Math.min(input.priceCents, Math.max(marked, floorCents));
  return { kind: 'step', step, cents, floorCents };
}
