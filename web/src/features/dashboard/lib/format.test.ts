import { describe, expect, it } from 'vitest';
import { formatAverage, formatCount, formatFeedbackDate, formatFullDate } from './format';

describe('stat formatting', () => {
  it('shows the average with exactly one decimal (spec 9), a comma in Dutch', () => {
    expect(formatAverage(4, 'en')).toBe('4.0');
    expect(formatAverage(4.25, 'en')).toBe('4.3');
    expect(formatAverage(0, 'en')).toBe('0.0');
    expect(formatAverage(4, 'nl')).toBe('4,0');
    expect(formatAverage(3.5, 'nl')).toBe('3,5');
  });

  it('groups thousands by language', () => {
    expect(formatCount(20000, 'en')).toBe('20,000');
    expect(formatCount(20000, 'nl')).toBe('20.000');
    expect(formatCount(4, 'nl')).toBe('4');
  });

  it('dates feedback relatively while recent, as a date after a week', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(formatFeedbackDate('2026-03-10T11:59:30Z', 'en', 'just now', now)).toBe('just now');
    expect(formatFeedbackDate('2026-03-10T11:55:00Z', 'en', 'just now', now)).toBe('5 minutes ago');
    expect(formatFeedbackDate('2026-03-10T09:00:00Z', 'en', 'just now', now)).toBe('3 hours ago');
    expect(formatFeedbackDate('2026-03-09T12:00:00Z', 'en', 'just now', now)).toBe('yesterday');
    expect(formatFeedbackDate('2026-03-09T12:00:00Z', 'nl', 'just now', now)).toBe('gisteren');
    expect(formatFeedbackDate('2026-02-01T12:00:00Z', 'en', 'just now', now)).toBe('1 Feb 2026');
    expect(formatFeedbackDate('2026-02-01T12:00:00Z', 'nl', 'just now', now)).toBe('1 feb 2026');
    // The business's day (Amsterdam), not UTC's: 23:30 UTC on 31 January is already 1 February there.
    expect(formatFeedbackDate('2026-01-31T23:30:00Z', 'en', 'just now', now)).toBe('1 Feb 2026');
  });

  it('titles the relative date with the one date-time form of every page, in Amsterdam time', () => {
    expect(formatFullDate('2026-11-29T04:21:00Z', 'en')).toBe('29 Nov 2026, 05:21');
    expect(formatFullDate('2026-11-29T04:21:00Z', 'nl')).toBe('29 nov 2026, 05:21');
  });
});
