import * as z from 'zod';
import {
  consentNameMaxLength,
  consentNameStyles,
  invitationKinds,
  shownNameOf,
  websiteHideReasons,
} from './domain/website-consent';

/**
 * A response's consent to be shown on the business's website and its evidence of how it was invited
 * (decisions 27): both stored with the response, shown in the owner's inbox and the CSV export, erased with it.
 */
export const websiteConsentMessages = {
  nameRequired: 'Type the name your review may be shown with',
} as const;

/**
 * What the survey page sends when the customer ticked the box: the name as typed and their choice of first name
 * or initials. Only the shown form (`shownNameOf`) is kept; absent: no consent (the box is unticked by default).
 */
export const websiteConsentInputSchema = z.object({
  nameStyle: z.enum(consentNameStyles),
  name: z
    .string()
    .max(consentNameMaxLength, { error: websiteConsentMessages.nameRequired, abort: true })
    .refine((name) => shownNameOf(name, 'first-name') !== '', websiteConsentMessages.nameRequired),
});
export type WebsiteConsentInput = z.infer<typeof websiteConsentInputSchema>;

/**
 * A consent as kept and shown to the owner: the name the review may be shown with and, once the owner took it
 * off the website, why and when (decisions 27's reasons; never back to shown).
 */
export const websiteConsentSchema = z.object({
  shownAs: z.string(),
  nameStyle: z.enum(consentNameStyles),
  hiddenReason: z.enum(websiteHideReasons).nullable(),
  hiddenAt: z.string().nullable(),
});
export type WebsiteConsent = z.infer<typeof websiteConsentSchema>;

/**
 * How the response was invited and what the survey promised at that moment, derived by the API at submit:
 * `invitedAt` is when the review request was sent (null for the public link or QR code), and
 * `everyoneOfferedPublicReview` the survey's switch of decisions 6 (every customer offered the public review,
 * or only those who rated 5).
 */
export const responseEvidenceSchema = z.object({
  invitation: z.enum(invitationKinds),
  invitedAt: z.string().nullable(),
  everyoneOfferedPublicReview: z.boolean(),
});
export type ResponseEvidence = z.infer<typeof responseEvidenceSchema>;

/** POST /api/surveys/{surveyId}/inbox/{responseId}/website-hide: one of decisions 27's reasons. */
export const hideFromWebsiteSchema = z.object({ reason: z.enum(websiteHideReasons) });
export type HideFromWebsite = z.infer<typeof hideFromWebsiteSchema>;

/** The response's consent after the owner's change. */
export const hiddenFromWebsiteSchema = z.object({ id: z.string(), websiteConsent: websiteConsentSchema });
