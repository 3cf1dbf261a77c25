import * as z from 'zod';
import { defaultLanguage, languages, type Language } from './domain/language';
import { simpleEmailPattern } from './domain/public-survey-rules';
import { defaultSurveyColors, hexColorPattern } from './domain/palette';
import { contactFollowUpDefaults } from './domain/survey-texts';

/**
 * Survey schemas shared by the wizard (live validation, request bodies) and the API (the same rules
 * on the server). Field names are the spec's camel-case wizard draft names (spec 3).
 */

/**
 * Every message a survey rule can produce, keyed so the web app can map a message to its i18n key.
 * The first six and the two file messages are the spec's own texts (spec 5); the rest cover rules the
 * spec leaves open.
 */
export const surveyMessages = {
  businessNameRequired: 'Business name is required',
  ownerNameRequired: 'Owner name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Valid email is required',
  googleUrlRequired: 'Google Business URL is required',
  // Decisions 19: the message names both accepted forms (the spec's own text names none).
  googleUrlInvalid:
    'Use your Google review link: https://search.google.com/local/writereview?placeid=… or https://g.page/r/…/review',
  fileTooLarge: 'File size must be less than 2MB',
  fileTypeNotAllowed: 'Only JPG, PNG, and WebP files are allowed',
  fileEmpty: 'The file is empty',
  uploadNotFound: 'The uploaded file was not found. Please upload it again.',
  uploadKeyInvalid: 'This upload does not belong to this survey.',
  customPromptRequired: 'Question text is required',
  ratingMessageRequired: 'Message is required',
  reviewPromptRequired: 'Review prompt is required',
  colorInvalid: 'Use a color in the form #rrggbb',
  textTooLong: 'This text is too long',
  surveyNotFound: 'Survey not found.',
  languageInvalid: 'Choose English or Dutch',
} as const;

export type SurveyMessageKey = keyof typeof surveyMessages;

const messageKeys = new Map<string, SurveyMessageKey>(
  Object.entries(surveyMessages).map(([key, message]) => [message, key as SurveyMessageKey]),
);

/** The key of an English survey message (as the API returns it), for the web app's translation lookup. */
export const surveyMessageKeyOf = (message: string): SurveyMessageKey | undefined => messageKeys.get(message);

/** Upper bounds (the spec sets none): generous for real input, small enough to keep items far below 400 KB. */
export const surveyTextLimits = {
  businessName: 200,
  businessOwnerName: 200,
  supportEmail: 254,
  googleBusinessUrl: 2048,
  industry: 100,
  customPrompt: 300,
  ratingMessage: 1000,
  googleReviewPrompt: 500,
  /** Our own asset URLs (origin + object key) are far shorter. */
  imageUrl: 2048,
} as const;

/**
 * Trimmed before the emptiness check (spec 5); a missing value gets the same message as an empty one.
 * Too long aborts: no pattern, refinement or transform after it ever sees an oversized value (zod runs
 * later checks after a failed one unless told to stop).
 */
const requiredTrimmed = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, { error: surveyMessages.textTooLong, abort: true });

/** The review-page host and path of the spec's Google review URL (spec 5, decisions 12). */
export const googleReviewUrlMarker = 'search.google.com/local/writereview';

/**
 * The two Google review links step 1 accepts (decisions 19), each anchored at the host, so a look-alike
 * (`evil.example/?search.google.com/...`, `g.page.evil.example/...`, `g.page@evil.example/...`) is refused:
 * the spec's `search.google.com/local/writereview?placeid=…` and Google's share link
 * `g.page/r/{id}/review`, each with or without scheme (and `www.` for g.page). No nested quantifiers: the
 * checks stay linear, and the field bounds the length before they run.
 */
const writeReviewPattern = /^(?:https?:\/\/)?search\.google\.com\/local\/writereview(?=[/?#]|$)/i;
const shareLinkPattern = /^(?:https?:\/\/)?(?:www\.)?g\.page\/r\/([A-Za-z0-9_-]{1,200})\/review\/?(?:[?#]|$)/i;

/**
 * A Google review link in its stored form, or undefined when it is none: always https; the spec's form
 * keeps its query (the place id), a share link becomes `https://g.page/r/{id}/review` (a trailing slash,
 * tracking query or fragment dropped).
 */
export function normalizeGoogleReviewUrl(input: string): string | undefined {
  const url = input.trim().replace(/^\/\//, '');
  const review = writeReviewPattern.exec(url);
  if (review) return `https://${googleReviewUrlMarker}${url.slice(review[0].length)}`;
  const share = shareLinkPattern.exec(url);
  if (share) return `https://g.page/r/${share[1]}/review`;
  return undefined;
}

export const isGoogleReviewUrl = (url: string): boolean => normalizeGoogleReviewUrl(url) !== undefined;

export const businessNameField = requiredTrimmed(surveyMessages.businessNameRequired, surveyTextLimits.businessName);
export const businessOwnerNameField = requiredTrimmed(
  surveyMessages.ownerNameRequired,
  surveyTextLimits.businessOwnerName,
);
export const supportEmailField = requiredTrimmed(surveyMessages.emailRequired, surveyTextLimits.supportEmail).regex(
  simpleEmailPattern,
  surveyMessages.emailInvalid,
);
/** Required, then one of the Google review links (decisions 19); outputs the normalised (https) link. */
export const googleBusinessUrlField = requiredTrimmed(
  surveyMessages.googleUrlRequired,
  surveyTextLimits.googleBusinessUrl,
).transform((url, ctx) => {
  const normalized = normalizeGoogleReviewUrl(url);
  if (normalized !== undefined) return normalized;
  ctx.issues.push({ code: 'custom', message: surveyMessages.googleUrlInvalid, input: url });
  return z.NEVER;
});
/** The survey's language (decisions 17): its default texts, its public page's interface and its link. */
export const surveyLanguageField = z.enum(languages, { error: surveyMessages.languageInvalid });
export const industryField = z.string().trim().max(surveyTextLimits.industry, surveyMessages.textTooLong);

export const customPromptField = requiredTrimmed(surveyMessages.customPromptRequired, surveyTextLimits.customPrompt);
export const ratingMessageField = requiredTrimmed(surveyMessages.ratingMessageRequired, surveyTextLimits.ratingMessage);
export const googleReviewPromptField = requiredTrimmed(
  surveyMessages.reviewPromptRequired,
  surveyTextLimits.googleReviewPrompt,
);

/** `#rrggbb`, stored lowercase. */
export const hexColorField = z
  .string({ error: surveyMessages.colorInvalid })
  .trim()
  .max(7, { error: surveyMessages.colorInvalid, abort: true })
  .regex(hexColorPattern, surveyMessages.colorInvalid)
  .transform((c) => c.toLowerCase());

export const customColorsSchema = z.object({ primaryColor: hexColorField, backgroundColor: hexColorField });
export type CustomColors = z.infer<typeof customColorsSchema>;

/**
 * An image URL in a request: read-only (only a confirmed upload sets it), so a string is accepted and
 * dropped (the wizard may send its whole draft back); `null` means "remove the image".
 */
const imageUrlInput = z
  .string()
  .max(surveyTextLimits.imageUrl, surveyMessages.textTooLong)
  .nullable()
  .optional()
  .transform((v) => (v === null ? null : undefined));

/** Wizard step 1 (spec 2, 5). `industry` is optional; absent means empty. */
export const businessInformationSchema = z.object({
  businessName: businessNameField,
  businessOwnerName: businessOwnerNameField,
  googleBusinessUrl: googleBusinessUrlField,
  supportEmail: supportEmailField,
  industry: industryField.optional(),
  /** Absent keeps the stored language (a new survey: English). */
  language: surveyLanguageField.optional(),
});
export type BusinessInformationInput = z.input<typeof businessInformationSchema>;

/** Wizard step 2. The logo URL is not settable here (see imageUrlInput); `null` removes the logo. */
export const landingCustomizationSchema = z.object({
  businessName: businessNameField,
  customPrompt: customPromptField,
  customColors: customColorsSchema,
  businessLogoUrl: imageUrlInput,
});

/**
 * The on/off switches of the review routing: the owner sets them in wizard step 3 and the survey stores and
 * returns them as they are, so the request and the stored survey share one list (a new switch is added once).
 */
const routingSwitches = {
  collectContactOnLowRating: z.boolean(),
  offerPublicReviewToEveryone: z.boolean(),
  /**
   * E-mail the owner about each rating of 1 or 2 (decisions 23); on by default. Absent on surveys stored
   * before it existed: read as on.
   */
  lowRatingAlerts: z.boolean(),
  lowRatingEnabled: z.boolean(),
  midRatingEnabled: z.boolean(),
  highRatingEnabled: z.boolean(),
};

/** Wizard step 3, with the public-review-for-everyone switch (decisions 6). `highRatingPhotoUrl: null` removes the team photo. */
export const reviewRoutingSchema = z.object({
  lowRatingMessage: ratingMessageField,
  midRatingMessage: ratingMessageField,
  highRatingMessage: ratingMessageField,
  /** Shown after a low rating to a customer who left contact details: the business may get in touch. */
  contactFollowUpMessage: ratingMessageField,
  googleReviewPrompt: googleReviewPromptField,
  ...routingSwitches,
  highRatingPhotoUrl: imageUrlInput,
});

/**
 * The wizard's editing steps, in order (the fourth, sharing, saves nothing). A survey records the ones the
 * owner completed, so "Finish setup" resumes at the first one left, on any device.
 */
export const surveySetupSteps = ['business', 'landing', 'routing'] as const;
export type SurveySetupStep = (typeof surveySetupSteps)[number];

/** Every write of a survey counts one up; an edit names the version it started from (optimistic concurrency). */
export const surveyVersionField = z.number().int().nonnegative();

/**
 * PATCH body: any subset of the three steps' fields, each checked by its step's rule when present, and the
 * survey `version` the edit started from: when the survey was written since (another tab or device), the
 * update is refused (409 SURVEY_CHANGED) instead of overwriting what was saved there. `completedStep` records
 * that this save completes a wizard step. Unknown keys (a wizard draft's file objects, read-only fields) are
 * dropped, not refused.
 */
export const surveyUpdateSchema = businessInformationSchema
  .extend(landingCustomizationSchema.shape)
  .extend(reviewRoutingSchema.shape)
  .partial()
  .extend({ version: surveyVersionField, completedStep: z.enum(surveySetupSteps).optional() });
export type SurveyUpdateInput = z.input<typeof surveyUpdateSchema>;
export type SurveyUpdate = z.output<typeof surveyUpdateSchema>;

/** POST /api/surveys: step 1 is required; later steps' fields may come along (a wizard re-creating a lost survey). */
export const surveyCreateSchema = businessInformationSchema
  .extend(landingCustomizationSchema.omit({ businessName: true, businessLogoUrl: true }).partial().shape)
  .extend(reviewRoutingSchema.omit({ highRatingPhotoUrl: true }).partial().shape);
export type SurveyCreateInput = z.input<typeof surveyCreateSchema>;
export type SurveyCreate = z.output<typeof surveyCreateSchema>;

/**
 * What publishing requires of the stored survey: every step complete (decisions 5). The contact follow-up
 * text is not required here: a survey stored before it existed reads it empty, which the public page shows
 * as its language's default, so re-activating such a survey must not fail on a text the owner never saw.
 */
export const surveyPublishableSchema = businessInformationSchema
  .extend(landingCustomizationSchema.omit({ businessLogoUrl: true }).shape)
  .extend(
    reviewRoutingSchema.omit({ highRatingPhotoUrl: true, contactFollowUpMessage: true, lowRatingAlerts: true }).shape,
  );

/** The default texts in each survey language: the spec's (spec 3) in English, their Dutch twins. */
export const surveyDefaultTexts = {
  en: {
    customPrompt: 'How was your experience with our business?',
    lowRatingMessage:
      "Thank you for your feedback. We're sorry to hear about your experience and will work to improve.",
    midRatingMessage: 'Thank you for your feedback! We appreciate you taking the time to share your thoughts.',
    highRatingMessage:
      "Thank you for your wonderful feedback! We'd love it if you could share your experience on Google.",
    googleReviewPrompt: 'Would you mind leaving us a review on Google? It really helps our business.',
    contactFollowUpMessage: contactFollowUpDefaults.en,
  },
  nl: {
    customPrompt: 'Hoe was je ervaring met ons bedrijf?',
    lowRatingMessage:
      'Bedankt voor je feedback. Het spijt ons dat je ervaring niet goed was; we gaan eraan werken om beter te worden.',
    midRatingMessage: 'Bedankt voor je feedback! We waarderen het dat je de tijd neemt om je mening te delen.',
    highRatingMessage:
      'Bedankt voor je geweldige feedback! We zouden het fijn vinden als je je ervaring op Google wilt delen.',
    googleReviewPrompt: 'Wil je een review voor ons achterlaten op Google? Daar help je ons bedrijf echt mee.',
    contactFollowUpMessage: contactFollowUpDefaults.nl,
  },
} as const satisfies Record<Language, Record<string, string>>;
export type SurveyDefaultText = keyof (typeof surveyDefaultTexts)['en'];

/**
 * The spec's defaults (spec 3): all tiers on, contact collection off; plus the public-review switch off
 * (decisions 6) and English as the survey's language (decisions 17; the wizard starts from the owner's).
 */
export const surveyDefaults = {
  industry: '',
  ...surveyDefaultTexts.en,
  lowRatingEnabled: true,
  midRatingEnabled: true,
  highRatingEnabled: true,
  collectContactOnLowRating: false,
  offerPublicReviewToEveryone: false,
  lowRatingAlerts: true,
  customColors: defaultSurveyColors,
  language: defaultLanguage,
} as const;

/** The defaults of a survey in `language`: its default texts in that language. */
export const surveyDefaultsIn = (language: Language) => ({
  ...surveyDefaults,
  ...surveyDefaultTexts[language],
  language,
});

/** A fresh wizard draft (`surveyWizardData`, spec 3) without the file objects: the defaults, every other field empty. */
export const surveyWizardDefaults = {
  businessName: '',
  businessOwnerName: '',
  googleBusinessUrl: '',
  supportEmail: '',
  ...surveyDefaults,
  customColors: { ...defaultSurveyColors },
  language: defaultLanguage as Language,
  businessLogoUrl: null as string | null,
  highRatingPhotoUrl: null as string | null,
};

export const surveyStatuses = ['draft', 'active'] as const;
export type SurveyStatus = (typeof surveyStatuses)[number];

/** A survey as the owner API returns it: every field of the spec's Survey (spec 3) in camel case. */
export const surveySchema = z.object({
  id: z.string(),
  userId: z.string(),
  businessName: z.string(),
  businessOwnerName: z.string(),
  googleBusinessUrl: z.string(),
  supportEmail: z.string(),
  industry: z.string(),
  customPrompt: z.string(),
  /** Stored surveys from before the field read as English, which their links already were. */
  language: z.enum(languages),
  status: z.enum(surveyStatuses),
  /** Empty (null) until the survey is published; never changes afterwards (decisions 5). */
  surveyCode: z.string().nullable(),
  businessSlug: z.string().nullable(),
  /** Absolute: the site origin + the survey's localized path (`surveyPath`); null while a draft. */
  landingPageUrl: z.string().nullable(),
  businessLogoUrl: z.string().nullable(),
  lowRatingMessage: z.string(),
  midRatingMessage: z.string(),
  highRatingMessage: z.string(),
  /** Empty on surveys stored before it existed: read as the default of the survey's language. */
  contactFollowUpMessage: z.string(),
  googleReviewPrompt: z.string(),
  highRatingPhotoUrl: z.string().nullable(),
  ...routingSwitches,
  /**
   * When the rules the disclosure page describes last changed (decisions 27: who is offered the public review):
   * "These rules apply since …". Set at creation and when the switch of decisions 6 flips; null on surveys
   * stored before it existed, which read their creation time.
   */
  reviewRulesSince: z.string().nullable(),
  isActive: z.boolean(),
  customColors: customColorsSchema,
  /** Counted up by every write; an update carries the version it started from. Surveys stored before: 0. */
  version: surveyVersionField,
  /** The wizard steps the owner completed (saved with Next or a valid Save for later), in step order. */
  completedSteps: z.array(z.enum(surveySetupSteps)),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Survey = z.infer<typeof surveySchema>;

/**
 * Where "Finish setup" resumes: the first wizard step the owner has not completed (step 1 when none is
 * recorded); a published survey has passed them all, so it opens its sharing step.
 */
export function resumeStepOf(survey: {
  status: string;
  completedSteps: readonly SurveySetupStep[];
}): SurveySetupStep | 'distribution' {
  if (survey.status === 'active') return 'distribution';
  return surveySetupSteps.find((step) => !survey.completedSteps.includes(step)) ?? 'distribution';
}

/**
 * What a survey field nobody has set reads as: null where the field is nullable (code, slug, link,
 * images), '' for text. A new survey starts from it, and a stored one (which keeps no empty values) reads
 * its absent attributes as it.
 */
export const emptySurveyValues: Partial<Survey> = {
  ...Object.fromEntries(
    Object.entries(surveySchema.shape).flatMap<[string, string | null]>(([key, field]) =>
      field instanceof z.ZodNullable ? [[key, null]] : field instanceof z.ZodString ? [[key, '']] : [],
    ),
  ),
  // Surveys stored before they had a language were English, and so were their links.
  language: defaultLanguage,
  // Low-rating alerts are on unless the owner switched them off (decisions 23).
  lowRatingAlerts: true,
  // Stored before surveys had versions: version 0, which the first write makes 1.
  version: 0,
  completedSteps: [],
};

/** One entry of GET /api/surveys (spec 7: id, business_name, status, survey_code, landing_page_url), newest first. */
export const surveyListItemSchema = surveySchema.pick({
  id: true,
  businessName: true,
  status: true,
  surveyCode: true,
  landingPageUrl: true,
  completedSteps: true,
  createdAt: true,
});
export type SurveyListItem = z.infer<typeof surveyListItemSchema>;

export const surveyListResponseSchema = z.object({ surveys: z.array(surveyListItemSchema) });
export type SurveyListResponse = z.infer<typeof surveyListResponseSchema>;
