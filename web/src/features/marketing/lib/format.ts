import { type Language } from '@reviewroute/shared/domain';

const locales: Record<Language, string> = { en: 'en-GB', nl: 'nl-NL' };

/** A whole-euro price as each language writes it: €120 in English, € 120 in Dutch. */
export const formatPrice = (amount: number, language: Language): string =>
  new Intl.NumberFormat(locales[language], { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(
    amount,
  );
