import type { Language } from './language';

/**
 * The default of the text a low-rating customer reads after leaving contact details, in each survey
 * language. Here, zod-free, because the public page falls back to it for surveys stored before the text
 * existed (they read it as empty); `surveyDefaultTexts` in survey.ts holds it with the other defaults.
 */
export const contactFollowUpDefaults = {
  en: 'Thanks for leaving your details. We may contact you about your feedback.',
  nl: 'Bedankt voor je gegevens. We nemen mogelijk contact met je op over je feedback.',
} as const satisfies Record<Language, string>;

/** The survey's own follow-up text, or its language's default when it has none stored. */
export const contactFollowUpText = (survey: { contactFollowUpMessage?: string; language: Language }): string =>
  survey.contactFollowUpMessage?.trim() || contactFollowUpDefaults[survey.language];
