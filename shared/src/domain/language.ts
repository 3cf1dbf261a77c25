/** The interface languages (spec 2): English is the default and the fallback. */
export const languages = ['en', 'nl'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

/**
 * An owner's language from the Cognito `locale` attribute the app stores at sign-up ('nl', also 'nl-NL' or
 * 'nl_BE'), English for anything else, accounts from before the attribute existed included: the language of
 * every mail to the owner (Cognito's codes and the owner mails of decisions 23).
 */
export function languageOfLocale(locale: string | undefined): Language {
  return locale?.trim().toLowerCase().split(/[-_]/)[0] === 'nl' ? 'nl' : defaultLanguage;
}
