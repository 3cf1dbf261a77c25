import { intlLocales } from './date-time';
import { type Language } from './language';

/**
 * An amount as each language writes it, on every page and in every mail: €120.00 in English, € 120,00 in
 * Dutch; `whole` drops the cents.
 */
export function formatMoney(amount: number, currency: string, language: Language, whole = false): string {
  return new Intl.NumberFormat(intlLocales[language], {
    style: 'currency',
    currency,
    ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
  }).format(amount);
}

/** A plain amount with two decimals in the language's notation: 10.00 / 10,00. */
export function formatAmount(amount: number, language: Language): string {
  return new Intl.NumberFormat(intlLocales[language], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    amount,
  );
}
