import { describe, expect, it } from 'vitest';
import { instantToStoreLocal, storeLocalToInstant } from './store-time';

describe('store wall-clock times', () => {
  it('reads a time in Toronto winter (UTC-5) and summer (UTC-4)', () => {
    // 9:00 on 5 Dec in Toronto (EST, UTC-5) is 14:00 UTC.
    expect(storeLocalToInstant('2026-12-05T09:00', 'America/Toronto')?.toISOString()).toBe(
      '2026-12-05T14:00:00.000Z',
    );
    // 9:00 on 4 Jul in Toronto (EDT, UTC-4) is 13:00 UTC.
    expect(storeLocalToInstant('2026-07-04 09:00', 'America/Toronto')?.toISOString()).toBe(
      '2026-07-04T13:00:00.000Z',
    );
    // Midnight on 1 Jan in Toronto (UTC-5) is 05:00 UTC: the day boundary is the store's, not UTC's.
    expect(storeLocalToInstant('2027-01-01T00:00', 'America/Toronto')?.toISOString()).toBe(
      '2027-01-01T05:00:00.000Z',
    );
  });

  it('refuses what is not a date and time', () => {
    expect(storeLocalToInstant('2026-02-30T09:00', 'America/Toronto')).toBeNull();
    expect(storeLocalToInstant('tomorrow', 'America/Toronto')).toBeNull();
    expect(storeLocalToInstant('2026-12-05T24:00', 'America/Toronto')).toBeNull();
  });

  it('shows an instant back in the store zone', () => {
    expect(instantToStoreLocal(new Date('2026-12-05T14:00:00Z'), 'America/Toronto')).toBe('2026-12-05T09:00');
    expect(instantToStoreLocal(new Date('2026-12-06T04:59:00Z'), 'America/Toronto')).toBe('2026-12-05T23:59');
  });
});
