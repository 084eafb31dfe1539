import { describe, expect, it } from 'vitest';
import { PROVINCE_CODES, PROVINCES, provinceName } from '~/shared/constants';
import { formatCalendarDate, formatDate, formatDateTime, formatNumber } from './formats';

const at = new Date('2026-11-24T20:05:00Z');

describe('dates and numbers per language', () => {
  it('keeps the English formats and writes Canadian French', () => {
    expect(formatDate(at, 'en', { dateStyle: 'long', timeZone: 'UTC' })).toBe('November 24, 2026');
    expect(formatDate(at, 'fr', { dateStyle: 'long', timeZone: 'UTC' })).toBe('24 novembre 2026');
    expect(formatDate('2026-11-24T20:05:00Z', 'fr', { dateStyle: 'long', timeZone: 'UTC' })).toBe(
      '24 novembre 2026',
    );
    // Quebec's 24-hour clock: '15 h 05'.
    expect(
      formatDateTime(at, 'fr', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Toronto' }),
    ).toMatch(/^24 novembre 2026 (à )?15 h 05$/);
    expect(
      formatDateTime(at, 'en', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Toronto' }),
    ).toMatch(/^November 24, 2026(,| at) 3:05\s?PM$/);
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, 'fr').replace(/[\u00a0\u202f]/g, ' ')).toBe('1 234 567');
  });
});

describe('the first of the month in French', () => {
  it('is “1er”, in dates, dates with a time and calendar dates; other days and English are unchanged', () => {
    const first = new Date('2026-12-01T15:00:00Z');
    expect(formatDate(first, 'fr', { dateStyle: 'long', timeZone: 'UTC' })).toBe('1er décembre 2026');
    expect(formatDateTime(first, 'fr', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })).toMatch(
      /^1er décembre 2026 (à )?15 h 00$/,
    );
    expect(formatCalendarDate('2026-12-01', 'fr')).toBe('1er décembre 2026');
    expect(formatCalendarDate('2026-12-11', 'fr')).toBe('11 décembre 2026');
    expect(formatCalendarDate('2026-12-21', 'fr')).toBe('21 décembre 2026');
    expect(formatCalendarDate('2026-12-01', 'en')).toBe('December 1, 2026');
    expect(formatCalendarDate('not a date', 'fr')).toBe('not a date');
  });
});

describe('province names', () => {
  it('names each province and territory in both languages, with the same codes', () => {
    expect(provinceName('QC', 'fr')).toBe('Québec');
    expect(provinceName('QC', 'en')).toBe('Quebec');
    expect(provinceName('BC', 'fr')).toBe('Colombie-Britannique');
    expect(provinceName('PE', 'fr')).toBe('Île-du-Prince-Édouard');
    expect(provinceName('NL', 'fr')).toBe('Terre-Neuve-et-Labrador');
    expect(provinceName('NT', 'fr')).toBe('Territoires du Nord-Ouest');
    expect(provinceName('NB', 'fr')).toBe('Nouveau-Brunswick');
    expect(provinceName('NS', 'fr')).toBe('Nouvelle-Écosse');
    expect(provinceName('ON')).toBe('Ontario');
    expect(provinceName('ZZ', 'fr')).toBe('ZZ');
    expect(PROVINCES.every((p) => p.nameFr.trim() !== '')).toBe(true);
    expect(PROVINCE_CODES).toHaveLength(13);
  });
});
