import * as z from 'zod';
import { invitationKinds, websiteHideReasons } from './domain/website-consent';
import { languages } from './domain/language';

/** One consented comment as the widget shows it: never the customer's name as typed, only the shown form. */
export const widgetCommentSchema = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  shownAs: z.string(),
  createdAt: z.string(),
  invitation: z.enum(invitationKinds),
});
export type WidgetComment = z.infer<typeof widgetCommentSchema>;

/** How many consented comments the owner hid, per decisions 27's reason. */
export const widgetHiddenSchema = z.object(
  Object.fromEntries(websiteHideReasons.map((reason) => [reason, z.number().int().nonnegative()])) as Record<
    (typeof websiteHideReasons)[number],
    z.ZodNumber
  >,
);
export type WidgetHidden = z.infer<typeof widgetHiddenSchema>;

/**
 * GET /api/public/surveys/{surveyCode}/widget (decisions 27): the average and count of EVERY rating the survey
 * received, its newest consented comments not hidden, how many were hidden and why, and the disclosure page's
 * path. One small read whatever the number of responses; the same for every visitor, so CloudFront caches it.
 */
export const surveyWidgetSchema = z.object({
  businessName: z.string(),
  language: z.enum(languages),
  count: z.number().int().nonnegative(),
  /** One decimal; null before the first rating. */
  average: z.number().nullable(),
  comments: z.array(widgetCommentSchema),
  hidden: widgetHiddenSchema,
  disclosurePath: z.string(),
});
export type SurveyWidget = z.infer<typeof surveyWidgetSchema>;
