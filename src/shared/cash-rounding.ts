// Canada's cash rounding (the Royal Canadian Mint stopped the penny in 2013; the Department of Finance's
// guidelines): a cash payment is rounded to the nearest 5 cents, .01/.02 down, .03/.04 up, .06/.07 down,
// .08/.09 up. Card, gift card and store credit payments are never rounded, and in a split sale only the
// part paid in cash is (docs/decisions/0600-till.md). No zod here: the till page and the server both use it.
import type { Cents } from './money';

/** The cash amount to take for `cents` due in cash: 1002 -> 1000, 1003 -> 1005, 1008 -> 1010. */
export function roundCash(cents: Cents): Cents {
  const sign = cents < 0 ? -1 : 1;
  const abs = Math.abs(cents);
  const rest = abs % 5;
  const rounded = rest <= 2 ? abs - rest : abs + (5 - rest);
  return rounded === 0 ? 0 : sign * rounded;
}

/** What rounding adds to (positive) or takes from (negative) the amount due in cash. */
export function cashRoundingOf(cents: Cents): Cents {
  return roundCash(cents) - cents;
}
