import { formatDateTime, intlLocales, type Language } from '@reviewroute/shared';

/** An amount as each language writes it: €120.00 in English, € 120,00 in Dutch; `whole` drops the cents. */
export function formatMoney(amount: number, currency: string, language: Language, whole = false): string {
  return new Intl.NumberFormat(intlLocales[language], {
    style: 'currency',
    currency,
    ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
  }).format(amount);
}

/**
 * A date (ISO string) written out in the language, on the business's calendar (Amsterdam), as every page and
 * mail dates a plan or payment: 25 November 2026 / 25 november 2026.
 */
export function formatLongDate(iso: string, language: Language): string {
  return formatDateTime(iso, language, 'longDate');
}

/** A plain amount with two decimals in the language's notation: 10.00 / 10,00. */
export function formatAmount(amount: number, language: Language): string {
  return new Intl.NumberFormat(intlLocales[language], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    amount,
  );
}
