/**
 * ISO 8601 weeks in UTC (weeks start on Monday; week 1 is the week holding the year's first Thursday), as
 * `yyyy-Www`. The insights group responses by the week of their `createdAt`; the key sorts as text in time
 * order, so a survey's weeks are one key range of its partition.
 */
const dayMs = 86_400_000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The Thursday of the date's ISO week, whose year is the week's year. */
function thursdayOf(date: Date): Date {
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return new Date(day + (3 - weekday) * dayMs);
}

/** The ISO week (UTC) of an instant, e.g. `2026-W48`; a string is read as an ISO timestamp. */
export function isoWeekOf(at: Date | string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(at)}`);
  const thursday = thursdayOf(date);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * dayMs)) + 1;
  return `${pad(year, 4)}-W${pad(week)}`;
}

const weekPattern = /^(\d{4})-W(\d{2})$/;

/** The Monday (UTC midnight) that starts an ISO week. */
export function isoWeekStart(week: string): Date {
  const match = weekPattern.exec(week);
  if (!match) throw new RangeError(`Not an ISO week: ${week}`);
  // January 4th is always in week 1.
  const jan4 = new Date(Date.UTC(Number(match[1]), 0, 4));
  const mondayOfWeek1 = jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * dayMs;
  return new Date(mondayOfWeek1 + (Number(match[2]) - 1) * 7 * dayMs);
}

/** The `count` ISO weeks up to and including the one holding `now`, oldest first. */
export function recentIsoWeeks(now: Date, count: number): string[] {
  const current = isoWeekStart(isoWeekOf(now)).getTime();
  return Array.from({ length: count }, (_, i) => isoWeekOf(new Date(current - (count - 1 - i) * 7 * dayMs)));
}
