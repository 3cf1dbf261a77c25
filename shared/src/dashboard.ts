import * as z from 'zod';
import { planIds } from './domain/plans';

/**
 * The owner dashboard's contract. Counts come from the survey's stored tally of its responses, so they
 * cost the same at any volume (decisions 8); recent feedback is one limited newest-first query.
 */
export const recentFeedbackLimit = 10;

export const feedbackItemSchema = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  createdAt: z.string(),
  /** Only a low-rating customer of a survey that collects contact details leaves these. */
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

/** GET /api/surveys/{surveyId}/stats. */
export const surveyStatsSchema = z.object({
  surveyId: z.string(),
  reviewCount: z.number().int().nonnegative(),
  /** Rounded to one decimal (spec 9); 0 without reviews. */
  averageRating: z.number().nonnegative(),
  fiveStarCount: z.number().int().nonnegative(),
  reviewClicks: z.number().int().nonnegative(),
  /** Count per star, index 0 = 1 star. */
  histogram: z.array(z.number().int().nonnegative()).length(5),
  /** The latest non-empty comments, newest first, at most `recentFeedbackLimit`. */
  recentFeedback: z.array(feedbackItemSchema).max(recentFeedbackLimit),
});
export type SurveyStats = z.infer<typeof surveyStatsSchema>;

/** GET /api/surveys/{surveyId}/onboarding: the four checklist steps (spec 4, decisions 9). */
export const onboardingSchema = z.object({
  /** The owner has at least one active survey. */
  hasActiveSurvey: z.boolean(),
  /** The survey URL was copied (profile flag; the web app also honours its local flag). */
  urlCopied: z.boolean(),
  /** The selected survey has at least one response. */
  hasResponse: z.boolean(),
  /** A response of the selected survey was clicked through to Google. */
  hasReviewClick: z.boolean(),
});
export type Onboarding = z.infer<typeof onboardingSchema>;

/** GET /api/account: who the owner is and the plan state the header's trial badge shows (decisions 10). */
export const accountSummarySchema = z.object({
  userId: z.string(),
  email: z.string(),
  /** When the Cognito account was created (the trial starts then). */
  createdAt: z.string(),
  plan: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('trial'), daysRemaining: z.number().int() }),
    z.object({ kind: z.literal('trial-ended') }),
    z.object({
      kind: z.literal('active'),
      daysRemaining: z.number().int(),
      tier: z.enum(planIds),
      paidAt: z.string(),
      /** The end of the last year bought: one-off payments renew nothing by themselves ("Active until"). */
      activeUntil: z.string(),
    }),
    z.object({ kind: z.literal('expired'), tier: z.enum(planIds), paidAt: z.string(), endedAt: z.string() }),
  ]),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

/** How many ISO weeks (UTC) the dashboard's trend shows, the current one last. */
export const insightWeeks = 12;

/** One week of the trend: its responses and their average (none without responses). */
export const weekInsightSchema = z.object({
  /** ISO week, `yyyy-Www` (UTC). */
  week: z.string().regex(/^\d{4}-W\d{2}$/),
  /** Its Monday, `yyyy-mm-dd` (UTC): the web app labels the week with it in the owner's language. */
  weekStart: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  count: z.number().int().nonnegative(),
  /** Rounded to one decimal; null in a week without responses (never a 0 average). */
  averageRating: z.number().min(1).max(5).nullable(),
});
export type WeekInsight = z.infer<typeof weekInsightSchema>;

/**
 * GET /api/surveys/{surveyId}/insights: the rating distribution and the weekly trend, from the survey's tally
 * and its per-week aggregates (both counted by the stats worker), so a read costs the same at any volume.
 */
export const surveyInsightsSchema = z.object({
  surveyId: z.string(),
  reviewCount: z.number().int().nonnegative(),
  /** Count per star, index 0 = 1 star. */
  histogram: z.array(z.number().int().nonnegative()).length(5),
  /** Share of 5-star responses, 0–1; null without responses. */
  fiveStarShare: z.number().min(0).max(1).nullable(),
  /** Review clicks per response, 0–1; null without responses. */
  reviewClickRate: z.number().min(0).max(1).nullable(),
  /** The last `insightWeeks` weeks, oldest first, weeks without responses included. */
  weeks: z.array(weekInsightSchema).length(insightWeeks),
});
export type SurveyInsights = z.infer<typeof surveyInsightsSchema>;
