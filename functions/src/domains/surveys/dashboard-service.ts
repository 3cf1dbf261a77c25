import {
  averageRating,
  insightWeeks,
  isoWeekStart,
  ratingBand,
  recentIsoWeeks,
  recentFeedbackLimit,
  surveyMessages,
  type FeedbackItem,
  type Onboarding,
  type SurveyInsights,
  type SurveyStats,
} from '@reviewroute/shared';
import { ApiError } from '../../lib/api-error';
import { zeroTally, type SurveyStatsReader } from '../../data/survey-stats';
import type { ProfileRepository } from '../../data/profile-repository';
import type { ResponseStore, SurveyResponseRecord } from '../../data/response-store';
import type { SurveyRepository } from '../../data/survey-repository';

export interface DashboardServiceDeps {
  surveys: Pick<SurveyRepository, 'get' | 'listByOwner'>;
  responses: Pick<ResponseStore, 'listFeedback'>;
  /** The survey's aggregate, whoever produces it. */
  stats: SurveyStatsReader;
  profiles: Pick<ProfileRepository, 'get'>;
  /** The clock that decides which weeks are the last ones (tests set it). */
  now?: () => Date;
}

/** Ids this API hands out are UUIDs; anything else cannot exist (and must not reach DynamoDB as a key). */
const plausibleId = /^[A-Za-z0-9-]{1,64}$/;
const surveyNotFound = () => new ApiError('NOT_FOUND', surveyMessages.surveyNotFound);

/** Contact details only ever belong to a low rating (spec 3); anything else is not shown even if stored. */
function toFeedbackItem(r: SurveyResponseRecord): FeedbackItem {
  const low = ratingBand(r.rating) === 'low';
  return {
    id: r.id,
    rating: r.rating,
    comment: r.comment ?? '',
    createdAt: r.createdAt,
    customerName: low ? r.customerName : null,
    customerEmail: low ? r.customerEmail : null,
  };
}

/**
 * The owner dashboard: numbers from the survey's tally (decisions 8) and the latest
 * comments from one limited query, so a request costs the same at 10 or 100,000 responses. Owner only:
 * another owner's survey is indistinguishable from none (404).
 */
export function createDashboardService(deps: DashboardServiceDeps) {
  const { surveys, responses, stats, profiles, now = () => new Date() } = deps;

  return {
    /** One GetItem for the survey, one for the stats and one Limit=10 query, all at once. */
    async stats(userId: string, surveyId: string): Promise<SurveyStats> {
      if (!plausibleId.test(surveyId)) throw surveyNotFound();
      // Read in parallel for latency; nothing is returned unless the survey is this owner's.
      const [survey, tally, feedback] = await Promise.all([
        surveys.get(userId, surveyId),
        stats.getTally(surveyId),
        responses.listFeedback(surveyId, recentFeedbackLimit),
      ]);
      if (!survey) throw surveyNotFound();
      // Nothing counted yet (a draft, or no answer so far) reads as zeros.
      const s = tally ?? zeroTally(surveyId);
      return {
        surveyId,
        reviewCount: s.count,
        averageRating: averageRating(s.sum, s.count),
        fiveStarCount: s.histogram[4],
        reviewClicks: s.reviewClicks,
        histogram: [...s.histogram],
        recentFeedback: feedback.map(toFeedbackItem),
      };
    },

    /**
     * The rating distribution and the last weeks' trend: one GetItem for the survey, one for the tally and one
     * query of at most `insightWeeks` week items, all at once, whatever the number of responses.
     */
    async insights(userId: string, surveyId: string): Promise<SurveyInsights> {
      if (!plausibleId.test(surveyId)) throw surveyNotFound();
      const weeks = recentIsoWeeks(now(), insightWeeks);
      const [survey, tally, stored] = await Promise.all([
        surveys.get(userId, surveyId),
        stats.getTally(surveyId),
        stats.getWeeks(surveyId, weeks[0]!, weeks.at(-1)!),
      ]);
      if (!survey) throw surveyNotFound();
      const s = tally ?? zeroTally(surveyId);
      const byWeek = new Map(stored.map((w) => [w.week, w]));
      const shareOf = (n: number) => (s.count > 0 ? Math.min(1, n / s.count) : null);
      return {
        surveyId,
        reviewCount: s.count,
        histogram: [...s.histogram],
        fiveStarShare: shareOf(s.histogram[4]),
        reviewClickRate: shareOf(s.reviewClicks),
        // A week nobody answered in reads as 0 responses and no average (never a 0 average).
        weeks: weeks.map((week) => {
          const w = byWeek.get(week);
          return {
            week,
            weekStart: isoWeekStart(week).toISOString().slice(0, 10),
            count: w?.count ?? 0,
            averageRating: w && w.count > 0 ? averageRating(w.sum, w.count) : null,
          };
        }),
      };
    },

    /** The four checklist steps for the selected survey (spec 4 "Onboarding checklist", decisions 9). */
    async onboarding(userId: string, surveyId: string): Promise<Onboarding> {
      if (!plausibleId.test(surveyId)) throw surveyNotFound();
      const [owned, tally, profile] = await Promise.all([
        // The owner's partition holds every survey of theirs: one query answers both "is this survey
        // theirs" and "do they have an active survey".
        surveys.listByOwner(userId),
        stats.getTally(surveyId),
        profiles.get(userId),
      ]);
      if (!owned.some((s) => s.id === surveyId)) throw surveyNotFound();
      return {
        hasActiveSurvey: owned.some((s) => s.status === 'active' && s.isActive),
        urlCopied: profile?.surveyUrlCopied ?? false,
        hasResponse: (tally?.count ?? 0) > 0,
        hasReviewClick: (tally?.reviewClicks ?? 0) > 0,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
