import { describe, expect, it } from 'vitest';
import { formatDateTime, formatSpreadsheetDateTime } from './date-time';

describe('dates and times as owners read them', () => {
  // 05:19 UTC in winter is 06:19 in Amsterdam; in summer 07:19.
  const winter = '2026-11-29T05:19:00.000Z';
  const summer = '2026-07-01T05:19:00.000Z';

  it('writes one date-time form per language, in the business time zone', () => {
    expect(formatDateTime(winter, 'en')).toBe('29 Nov 2026, 06:19');
    expect(formatDateTime(winter, 'nl')).toBe('29 nov 2026, 06:19');
    expect(formatDateTime(summer, 'en')).toBe('1 Jul 2026, 07:19');
  });

  it('takes another style and time zone when asked', () => {
    expect(formatDateTime(winter, 'en', 'longDate')).toBe('29 November 2026');
    expect(formatDateTime(winter, 'nl', 'longDate')).toBe('29 november 2026');
    expect(formatDateTime(winter, 'en', 'time', 'UTC')).toBe('05:19');
    expect(formatDateTime(winter, 'en', 'dayMonth')).toBe('29 Nov');
    expect(formatDateTime(winter, 'nl', 'dayMonth')).toBe('29 nov');
  });

  it('writes spreadsheet times that sort and parse in any locale', () => {
    expect(formatSpreadsheetDateTime(winter)).toBe('2026-11-29 06:19:00');
    expect(formatSpreadsheetDateTime('2026-12-31T23:30:00.000Z')).toBe('2027-01-01 00:30:00');
    expect(formatSpreadsheetDateTime(summer, 'UTC')).toBe('2026-07-01 05:19:00');
  });
});
