/** The interface languages (spec 2): English is the default and the fallback. */
export const languages = ['en', 'nl'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';
