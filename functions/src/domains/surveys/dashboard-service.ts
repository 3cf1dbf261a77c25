import {
  averageRating,
  ratingBand,
  recentFeedbackLimit,
  surveyMessages,
  type FeedbackItem,
  type Onboarding,
  type SurveyStats,
} from '@reviewroute/shared';
import { ApiError } from '../../lib/api-error';
import {
  zeroTally,
  type ProfileRepository,
  type ResponseStore,
  type SurveyRepository,
  type SurveyResponseRecord,
  type SurveyStatsReader,
} from '../../data/repositories';

export interface DashboardServiceDeps {
  surveys: Pick<SurveyRepository, 'get' | 'listByOwner'>;
  responses: Pick<ResponseStore, 'listFeedback'>;
  /** The survey's aggregate, whoever produces it. */
  stats: SurveyStatsReader;
  profiles: Pick<ProfileRepository, 'get'>;
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
  const { surveys, responses, stats, profiles } = deps;

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
