import type { Entities } from './entities';
import type { SurveyStatsStore, SurveyTally } from './repositories';
import type { TransactionEntities } from './transaction';

/**
 * The owner of the survey's tally (`SURVEY#{id}/STATS`, decisions 8): the only module that writes it, and
 * the dashboard's reader of it. Today the tally is counted by transaction items the response store puts
 * in its submit and click transactions (below); the readers only see `SurveyStatsReader`, so how the
 * numbers are produced can change without them.
 *
 * The tally says nothing about whether its survey exists: its counts are upserts (`ADD`), and the submit
 * checks the survey itself (survey-repository.ts `activeSurveyCheck`).
 */

const stars = (rating: number) => `stars${rating}` as 'stars1' | 'stars2' | 'stars3' | 'stars4' | 'stars5';

/** Counts one response of `rating` stars (created by the first count). */
export const countResponse = (surveyTally: TransactionEntities['surveyTally'], surveyId: string, rating: number) =>
  surveyTally
    .update({ surveyId })
    .add({ count: 1, sum: rating, [stars(rating)]: 1 })
    .commit();

/** Counts one review click. */
export const countReviewClick = (surveyTally: TransactionEntities['surveyTally'], surveyId: string) =>
  surveyTally.update({ surveyId }).add({ reviewClicks: 1 }).commit();

export function createDynamoSurveyStats(entitiesOf: () => Entities): SurveyStatsStore {
  return {
    async getTally(surveyId): Promise<SurveyTally | undefined> {
      const { surveyTally } = entitiesOf();
      // Strongly consistent: the dashboard shows a response the moment its submit transaction committed.
      const { data } = await surveyTally.get({ surveyId }).go({ consistent: true });
      if (!data) return undefined;
      // A tally made by its first count lacks the attributes nothing was added to yet.
      return {
        surveyId,
        count: data.count ?? 0,
        sum: data.sum ?? 0,
        histogram: [data.stars1 ?? 0, data.stars2 ?? 0, data.stars3 ?? 0, data.stars4 ?? 0, data.stars5 ?? 0],
        reviewClicks: data.reviewClicks ?? 0,
      };
    },

    async deleteBySurvey(surveyId) {
      await entitiesOf().surveyTally.delete({ surveyId }).go({ response: 'none' });
    },
  };
}
