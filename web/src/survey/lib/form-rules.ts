import type { PublicSurvey } from '@reviewroute/shared';
// The zod-free entry of shared: the package index would also load every zod schema (~28 KB gzip).
import {
  contactFieldLimits,
  maxCommentLength,
  minSubmitElapsedMs,
  ratingBand,
  simpleEmailPattern,
  type RatingBand,
} from '@reviewroute/shared/domain';

export { ratingBand, simpleEmailPattern, minSubmitElapsedMs, type RatingBand };

export const commentLimit = maxCommentLength;
export const nameLimit = contactFieldLimits.name;
export const emailLimit = contactFieldLimits.email;

export type Step = 1 | 2 | 3;
export const stepCount = 3;

/**
 * The step indicator (spec 4): 1 until the first rating, 2 after it, 3 after the first non-empty comment.
 * It only moves forward: clearing the comment does not send the customer back.
 */
export function nextStep(current: Step, rating: number | null, comment: string): Step {
  const reached: Step = rating === null ? 1 : comment.trim() ? 3 : 2;
  return reached > current ? reached : current;
}

export const commentTooLong = (comment: string): boolean => comment.length > commentLimit;

/** Name and e-mail are asked only for low ratings when the survey collects contact details (spec 2, 3). */
export const asksForContact = (survey: Pick<PublicSurvey, 'collectContactOnLowRating'>, rating: number | null) =>
  survey.collectContactOnLowRating && rating !== null && ratingBand(rating) === 'low';

/** Rating 5 shows the public-review button; with the switch on, every band does (decisions 6). */
export const showsReviewPrompt = (survey: Pick<PublicSurvey, 'offerPublicReviewToEveryone'>, rating: number) =>
  survey.offerPublicReviewToEveryone || ratingBand(rating) === 'high';

export function bandMessage(
  survey: Pick<PublicSurvey, 'lowRatingMessage' | 'midRatingMessage' | 'highRatingMessage'>,
  rating: number,
): string {
  const band = ratingBand(rating);
  return band === 'low' ? survey.lowRatingMessage : band === 'mid' ? survey.midRatingMessage : survey.highRatingMessage;
}
