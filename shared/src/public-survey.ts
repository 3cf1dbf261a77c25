import * as z from 'zod';
import { contactFieldLimits, maxCommentLength, simpleEmailPattern } from './domain/public-survey-rules';
import { customColorsSchema, surveySchema } from './survey';
import { websiteConsentInputSchema } from './website-consent';

/**
 * The public survey page's contract: what a customer's browser may see of a survey and what
 * it may send. Never the owner's id or e-mail.
 */
export const publicSurveyMessages = {
  ratingRequired: 'Please select a rating',
  commentTooLong: 'Comment must be less than 500 characters',
  emailInvalid: 'Valid email is required',
  nameTooLong: 'This text is too long',
  surveyNotFound: "The survey you're looking for doesn't exist or is no longer active.",
} as const;
export type PublicSurveyMessageKey = keyof typeof publicSurveyMessages;

/** GET /api/public/surveys/{surveyCode}: only the fields the page needs. */
export const publicSurveySchema = surveySchema
  .pick({
    surveyCode: true,
    businessName: true,
    businessSlug: true,
    businessLogoUrl: true,
    customPrompt: true,
    lowRatingMessage: true,
    midRatingMessage: true,
    highRatingMessage: true,
    contactFollowUpMessage: true,
    googleReviewPrompt: true,
    highRatingPhotoUrl: true,
    googleBusinessUrl: true,
    collectContactOnLowRating: true,
    offerPublicReviewToEveryone: true,
    // The page's interface speaks the survey's language, whatever prefix the link came with (decisions 17).
    language: true,
  })
  .extend({ surveyCode: z.string(), businessSlug: z.string(), customColors: customColorsSchema });
export type PublicSurvey = z.infer<typeof publicSurveySchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, publicSurveyMessages.nameTooLong)
    .optional()
    .transform((v) => (v ? v : undefined));

/** POST /api/public/surveys/{surveyCode}/responses. */
/** A review request's personal token riding along a public call; malformed or absent: undefined. */
const requestTokenField = z.string().min(1).max(200).optional().catch(undefined);

export const submitResponseSchema = z.object({
  rating: z
    .number({ error: publicSurveyMessages.ratingRequired })
    .int(publicSurveyMessages.ratingRequired)
    .min(1, publicSurveyMessages.ratingRequired)
    .max(5, publicSurveyMessages.ratingRequired),
  comment: z
    .string()
    .max(maxCommentLength, publicSurveyMessages.commentTooLong)
    .optional()
    .nullable()
    .transform((v) => (v && v.trim() ? v.trim() : null)),
  /** Kept only for ratings 1-2 when the survey collects contact details; dropped otherwise. */
  customerName: optionalText(contactFieldLimits.name),
  customerEmail: z
    .string()
    .trim()
    .max(contactFieldLimits.email, { error: publicSurveyMessages.emailInvalid, abort: true })
    .optional()
    .refine((v) => !v || simpleEmailPattern.test(v), publicSurveyMessages.emailInvalid)
    .transform((v) => (v ? v : undefined)),
  /** Client-generated (a UUID per draft): a retry with the same key returns the first answer. */
  idempotencyKey: z.string().max(36, { abort: true }).pipe(z.uuid()),
  /** Honeypot: a field people never see; scripts fill it. */
  website: z.string().max(500).optional(),
  /**
   * The personal token of a review request (`?r=` of the mailed link), when the customer came from one: the
   * request is marked rated. Anything malformed is dropped, never refused: the rating counts whatever the link.
   */
  requestToken: requestTokenField,
  /** Milliseconds the form was open before submit; scripts post instantly. */
  elapsedMs: z
    .number()
    .int()
    .nonnegative()
    .max(86_400_000 * 30),
  /**
   * The token `start-response` issued when the customer started: the API measures the fill time from it
   * (a missing, forged or too recent one is refused like the honeypot).
   */
  startToken: z.string().max(200).optional(),
  /**
   * The customer allowed their rating and comment on the business's website (an unticked box they ticked),
   * named by first name or initials (decisions 27). Absent: not shown.
   */
  websiteConsent: websiteConsentInputSchema.optional(),
});
export type SubmitResponseInput = z.input<typeof submitResponseSchema>;
export type SubmitResponse = z.output<typeof submitResponseSchema>;

/** POST /api/public/surveys/{surveyCode}/start: the start token to send back with the submit. */
export const startResponseResultSchema = z.object({ startToken: z.string() });
export type StartResponseResult = z.infer<typeof startResponseResultSchema>;

export const submitResponseResultSchema = z.object({
  responseId: z.string(),
  /** One-time token that lets this browser record its own review click (decisions 7). */
  clickToken: z.string(),
});
export type SubmitResponseResult = z.infer<typeof submitResponseResultSchema>;

/** POST /api/public/surveys/{surveyCode}/responses/{responseId}/review-click. */
export const reviewClickSchema = z.object({
  token: z.string().min(1).max(200),
  /** The review request's personal token, as on the submit: the request is marked clicked. */
  requestToken: requestTokenField,
});

/**
 * POST /api/public/surveys/{surveyCode}/link-opens: the page was opened from a review request's personal link.
 * Answered 204 whatever the token, so the call tells nobody whether a token exists.
 */
export const linkOpenSchema = z.object({ requestToken: z.string().min(1).max(200) });
export type LinkOpen = z.infer<typeof linkOpenSchema>;
export type ReviewClick = z.infer<typeof reviewClickSchema>;

/** The deliberately vague answer (400 BAD_REQUEST) to a post the bot checks refused: it never says why. */
export const submitRefusedMessage = 'The request could not be processed.';

/** Cache-Control of the public survey read: CloudFront and browsers may reuse it briefly. */
export const publicSurveyCacheControl = 'public, max-age=60, s-maxage=60, stale-while-revalidate=300';
/** Cache-Control of a 404 on the public survey read: short, so a just-published code shows up soon. */
export const publicSurveyNotFoundCacheControl = 'public, max-age=10, s-maxage=10';
