import { describe, expect, it } from 'vitest';
import { distributionRows, formatShare, formatWeekDate, formatWeekTick, weekNumber } from './insights';

describe('insights formatting', () => {
  it('formats shares as whole percentages per language', () => {
    expect(formatShare(3 / 7, 'en')).toBe('43%');
    expect(formatShare(3 / 7, 'nl')).toBe('43%');
    expect(formatShare(1, 'en')).toBe('100%');
  });

  it('labels a week by its Monday in UTC, in the page’s language', () => {
    expect(formatWeekTick('2026-11-23', 'en')).toBe('23 Nov');
    expect(formatWeekTick('2026-11-23', 'nl')).toBe('23 nov');
    expect(formatWeekDate('2020-12-28', 'en')).toBe('28 Dec 2020');
    expect(formatWeekDate('2020-12-28', 'nl')).toBe('28 dec 2020');
    expect(weekNumber('2020-W53')).toBe(53);
  });

  it('lists the distribution 5 stars first with each share, none without responses', () => {
    expect(distributionRows({ histogram: [1, 0, 1, 0, 2], reviewCount: 4 })).toEqual([
      { stars: 5, count: 2, share: 0.5 },
      { stars: 4, count: 0, share: 0 },
      { stars: 3, count: 1, share: 0.25 },
      { stars: 2, count: 0, share: 0 },
      { stars: 1, count: 1, share: 0.25 },
    ]);
    expect(distributionRows({ histogram: [0, 0, 0, 0, 0], reviewCount: 0 }).every((r) => r.share === 0)).toBe(true);
  });
});
