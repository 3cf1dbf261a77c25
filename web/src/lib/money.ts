import { formatDateTime, type Language } from '@reviewroute/shared';

/**
 * A date (ISO string) written out in the language, on the business's calendar (Amsterdam), as every page and
 * mail dates a plan or payment: 25 November 2026 / 25 november 2026.
 */
export function formatLongDate(iso: string, language: Language): string {
  return formatDateTime(iso, language, 'longDate');
}
