import { type Language } from '@reviewroute/shared';

const locales: Record<Language, string> = { en: 'en-GB', nl: 'nl-NL' };

/** An amount as each language writes it: €120.00 in English, € 120,00 in Dutch; `whole` drops the cents. */
export function formatMoney(amount: number, currency: string, language: Language, whole = false): string {
  return new Intl.NumberFormat(locales[language], {
    style: 'currency',
    currency,
    ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
  }).format(amount);
}

/** A date (ISO string) written out in the language: 25 November 2026 / 25 november 2026. */
export function formatLongDate(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(locales[language], { dateStyle: 'long' }).format(new Date(iso));
}

/** A plain amount with two decimals in the language's notation: 10.00 / 10,00. */
export function formatAmount(amount: number, language: Language): string {
  return new Intl.NumberFormat(locales[language], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    amount,
  );
}
