import { describe, expect, it } from 'vitest';
import { isoWeekOf, isoWeekStart, recentIsoWeeks } from './iso-week';

describe('ISO weeks (UTC)', () => {
  it.each([
    // Year boundaries: the week belongs to the year of its Thursday.
    ['2020-12-31T23:59:59.999Z', '2020-W53'],
    ['2021-01-01T00:00:00.000Z', '2020-W53'],
    ['2021-01-03T23:59:59.999Z', '2020-W53'],
    ['2021-01-04T00:00:00.000Z', '2021-W01'],
    ['2024-12-29T12:00:00.000Z', '2024-W52'],
    ['2024-12-30T00:00:00.000Z', '2025-W01'],
    ['2025-12-31T12:00:00.000Z', '2026-W01'],
    ['2026-12-31T12:00:00.000Z', '2026-W53'],
    ['2027-01-03T12:00:00.000Z', '2026-W53'],
    ['2027-01-04T00:00:00.000Z', '2027-W01'],
    // Sunday night and Monday morning in UTC, whatever the machine's zone.
    ['2026-11-22T23:59:59.999Z', '2026-W47'],
    ['2026-11-23T00:00:00.000Z', '2026-W48'],
    ['2026-11-26T14:00:00+02:00', '2026-W48'],
    ['2026-11-23T00:30:00+01:00', '2026-W47'],
  ])('%s is in %s', (at, week) => {
    expect(isoWeekOf(at)).toBe(week);
  });

  it('starts each week on its Monday, also across years', () => {
    expect(isoWeekStart('2020-W53').toISOString()).toBe('2020-12-28T00:00:00.000Z');
    expect(isoWeekStart('2021-W01').toISOString()).toBe('2021-01-04T00:00:00.000Z');
    expect(isoWeekStart('2025-W01').toISOString()).toBe('2024-12-30T00:00:00.000Z');
    expect(isoWeekStart('2026-W48').toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(() => isoWeekStart('2026-48')).toThrow(RangeError);
  });

  it('lists the last weeks oldest first, across a year boundary, each key sorting in time order', () => {
    const weeks = recentIsoWeeks(new Date('2021-01-06T10:00:00Z'), 4);
    expect(weeks).toEqual(['2020-W51', '2020-W52', '2020-W53', '2021-W01']);
    expect([...weeks].sort()).toEqual(weeks);
    const twelve = recentIsoWeeks(new Date('2026-11-26T14:00:00Z'), 12);
    expect(twelve).toHaveLength(12);
    expect(twelve[0]).toBe('2026-W37');
    expect(twelve[11]).toBe('2026-W48');
  });

  it('refuses what is no date', () => {
    expect(() => isoWeekOf('yesterday')).toThrow(RangeError);
  });
});
