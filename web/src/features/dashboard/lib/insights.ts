import { formatDateTime, intlLocales, type Language, type SurveyInsights } from '@reviewroute/shared';

/** A share (0–1) as a whole percentage in the page's language (45% / 45%). */
export const formatShare = (value: number, language: Language): string =>
  new Intl.NumberFormat(intlLocales[language], { style: 'percent', maximumFractionDigits: 0 }).format(value);

// A week's Monday is a calendar day (the weeks are counted in UTC), not a moment: written in UTC, so no time zone
// moves it to the Sunday before.
const mondayOf = (weekStart: string) => `${weekStart}T00:00:00Z`;

/** A week's Monday (`yyyy-mm-dd`, UTC) as the chart's short tick: "23 Nov" / "23 nov". */
export const formatWeekTick = (weekStart: string, language: Language): string =>
  formatDateTime(mondayOf(weekStart), language, 'dayMonth', 'UTC');

/** A week's Monday in full for the table and the tooltip, as every page writes a date: "23 Nov 2026" / "23 nov 2026". */
export const formatWeekDate = (weekStart: string, language: Language): string =>
  formatDateTime(mondayOf(weekStart), language, 'date', 'UTC');

/** The ISO week number of `yyyy-Www`. */
export const weekNumber = (week: string): number => Number(week.slice(-2));

/** The distribution's rows, 5 stars first (as owners read a rating summary), each with its share of all. */
export function distributionRows(insights: Pick<SurveyInsights, 'histogram' | 'reviewCount'>) {
  return [5, 4, 3, 2, 1].map((stars) => {
    const count = insights.histogram[stars - 1] ?? 0;
    return { stars, count, share: insights.reviewCount > 0 ? count / insights.reviewCount : 0 };
  });
}
