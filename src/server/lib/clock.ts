// The time prices are worked out at (docs/decisions/0552-scheduled-discounts.md): a scheduled weekday
// or category discount starts and stops by this clock. Tests move it (`clock.now = () => date`) to see
// a weekend sale start and stop; everywhere else it is the real time.
export const clock = { now: (): Date => new Date() };
