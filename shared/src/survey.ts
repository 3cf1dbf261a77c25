import { z } from 'zod';
import { withHttps } from './domain/survey-link';
import { simpleEmailPattern } from './domain/public-survey-rules';
import { defaultSurveyColors, hexColorPattern } from './domain/palette';

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
  googleUrlInvalid: 'Valid Google Business URL is required',
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

/** The review-page host and path a Google Business review URL must contain (spec 5, decisions 12). */
export const googleReviewUrlMarker = 'search.google.com/local/writereview';

/**
 * A Google review link: contains the marker (spec 5) and, beyond the spec, really points at Google's
 * host, so `evil.example/?search.google.com/local/writereview` is refused.
 */
const googleReviewUrlPattern = /^https?:\/\/search\.google\.com\/local\/writereview(?:[/?#]|$)/i;
export const isGoogleReviewUrl = (url: string): boolean => googleReviewUrlPattern.test(url);

export const businessNameField = requiredTrimmed(surveyMessages.businessNameRequired, surveyTextLimits.businessName);
export const businessOwnerNameField = requiredTrimmed(
  surveyMessages.ownerNameRequired,
  surveyTextLimits.businessOwnerName,
);
export const supportEmailField = requiredTrimmed(surveyMessages.emailRequired, surveyTextLimits.supportEmail).regex(
  simpleEmailPattern,
  surveyMessages.emailInvalid,
);
/** Required, `https://` added when there is no scheme (spec 4), then the review-link rule; outputs the normalised URL. */
export const googleBusinessUrlField = requiredTrimmed(
  surveyMessages.googleUrlRequired,
  surveyTextLimits.googleBusinessUrl,
)
  .transform(withHttps)
  .refine(isGoogleReviewUrl, surveyMessages.googleUrlInvalid);
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
});
export type BusinessInformationInput = z.input<typeof businessInformationSchema>;

/** Wizard step 2. The logo URL is not settable here (see imageUrlInput); `null` removes the logo. */
export const landingCustomizationSchema = z.object({
  businessName: businessNameField,
  customPrompt: customPromptField,
  customColors: customColorsSchema,
  businessLogoUrl: imageUrlInput,
});

/** Wizard step 3, with the public-review-for-everyone switch (decisions 6). `highRatingPhotoUrl: null` removes the team photo. */
export const reviewRoutingSchema = z.object({
  lowRatingMessage: ratingMessageField,
  midRatingMessage: ratingMessageField,
  highRatingMessage: ratingMessageField,
  googleReviewPrompt: googleReviewPromptField,
  collectContactOnLowRating: z.boolean(),
  offerPublicReviewToEveryone: z.boolean(),
  lowRatingEnabled: z.boolean(),
  midRatingEnabled: z.boolean(),
  highRatingEnabled: z.boolean(),
  highRatingPhotoUrl: imageUrlInput,
});

/**
 * PATCH body: any subset of the three steps' fields, each checked by its step's rule when present.
 * Unknown keys (a wizard draft's file objects, read-only fields) are dropped, not refused.
 */
export const surveyUpdateSchema = businessInformationSchema
  .extend(landingCustomizationSchema.shape)
  .extend(reviewRoutingSchema.shape)
  .partial();
export type SurveyUpdateInput = z.input<typeof surveyUpdateSchema>;
export type SurveyUpdate = z.output<typeof surveyUpdateSchema>;

/** POST /api/surveys: step 1 is required; later steps' fields may come along (a wizard re-creating a lost survey). */
export const surveyCreateSchema = businessInformationSchema
  .extend(landingCustomizationSchema.omit({ businessName: true, businessLogoUrl: true }).partial().shape)
  .extend(reviewRoutingSchema.omit({ highRatingPhotoUrl: true }).partial().shape);
export type SurveyCreateInput = z.input<typeof surveyCreateSchema>;
export type SurveyCreate = z.output<typeof surveyCreateSchema>;

/** What publishing requires of the stored survey: every step complete (decisions 5). */
export const surveyPublishableSchema = businessInformationSchema
  .extend(landingCustomizationSchema.omit({ businessLogoUrl: true }).shape)
  .extend(reviewRoutingSchema.omit({ highRatingPhotoUrl: true }).shape);

/** The spec's defaults (spec 3): all tiers on, contact collection off; plus the public-review switch off (decisions 6). */
export const surveyDefaults = {
  industry: '',
  customPrompt: 'How was your experience with our business?',
  lowRatingMessage: "Thank you for your feedback. We're sorry to hear about your experience and will work to improve.",
  midRatingMessage: 'Thank you for your feedback! We appreciate you taking the time to share your thoughts.',
  highRatingMessage:
    "Thank you for your wonderful feedback! We'd love it if you could share your experience on Google.",
  googleReviewPrompt: 'Would you mind leaving us a review on Google? It really helps our business.',
  lowRatingEnabled: true,
  midRatingEnabled: true,
  highRatingEnabled: true,
  collectContactOnLowRating: false,
  offerPublicReviewToEveryone: false,
  customColors: defaultSurveyColors,
} as const;

/** A fresh wizard draft (`surveyWizardData`, spec 3) without the file objects: the defaults, every other field empty. */
export const surveyWizardDefaults = {
  businessName: '',
  businessOwnerName: '',
  googleBusinessUrl: '',
  supportEmail: '',
  ...surveyDefaults,
  customColors: { ...defaultSurveyColors },
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
  status: z.enum(surveyStatuses),
  /** Empty (null) until the survey is published; never changes afterwards (decisions 5). */
  surveyCode: z.string().nullable(),
  businessSlug: z.string().nullable(),
  /** Absolute: the site origin + `/surveys/{code}/{slug}`; null while a draft. */
  landingPageUrl: z.string().nullable(),
  businessLogoUrl: z.string().nullable(),
  lowRatingMessage: z.string(),
  midRatingMessage: z.string(),
  highRatingMessage: z.string(),
  googleReviewPrompt: z.string(),
  highRatingPhotoUrl: z.string().nullable(),
  collectContactOnLowRating: z.boolean(),
  offerPublicReviewToEveryone: z.boolean(),
  lowRatingEnabled: z.boolean(),
  midRatingEnabled: z.boolean(),
  highRatingEnabled: z.boolean(),
  isActive: z.boolean(),
  customColors: customColorsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Survey = z.infer<typeof surveySchema>;

/**
 * What a survey field nobody has set reads as: null where the field is nullable (code, slug, link,
 * images), '' for text. A new survey starts from it, and a stored one (which keeps no empty values) reads
 * its absent attributes as it.
 */
export const emptySurveyValues: Partial<Survey> = Object.fromEntries(
  Object.entries(surveySchema.shape).flatMap<[string, string | null]>(([key, field]) =>
    field instanceof z.ZodNullable ? [[key, null]] : field instanceof z.ZodString ? [[key, '']] : [],
  ),
);

/** One entry of GET /api/surveys (spec 7: id, business_name, status, survey_code, landing_page_url), newest first. */
export const surveyListItemSchema = surveySchema.pick({
  id: true,
  businessName: true,
  status: true,
  surveyCode: true,
  landingPageUrl: true,
  createdAt: true,
});
export type SurveyListItem = z.infer<typeof surveyListItemSchema>;

export const surveyListResponseSchema = z.object({ surveys: z.array(surveyListItemSchema) });
export type SurveyListResponse = z.infer<typeof surveyListResponseSchema>;
