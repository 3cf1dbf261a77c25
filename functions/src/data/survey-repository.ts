import type { EntityItem } from 'electrodb';
import type { Survey } from '@reviewroute/shared';
import { getEntities } from './client';
import type { Entities } from './entities';
import type {
  Publication,
  PublishOutcome,
  SurveyChanges,
  SurveyRepository,
  SurveyResponseRecord,
  SurveyStats,
} from './repositories';

type SurveyItem = EntityItem<Entities['survey']>;

/** DynamoDB answered "the condition did not hold" (electrodb wraps the SDK error in `cause`). */
export function isConditionalCheckFailure(error: unknown): boolean {
  const e = error as { name?: unknown; cause?: { name?: unknown } } | null;
  return e?.name === 'ConditionalCheckFailedException' || e?.cause?.name === 'ConditionalCheckFailedException';
}

const orNull = (value: string | undefined): string | null => (value === undefined || value === '' ? null : value);

function toSurvey(item: SurveyItem): Survey {
  return {
    id: item.surveyId,
    userId: item.userId,
    businessName: item.businessName,
    businessOwnerName: item.businessOwnerName,
    googleBusinessUrl: item.googleBusinessUrl,
    supportEmail: item.supportEmail,
    industry: item.industry ?? '',
    customPrompt: item.customPrompt,
    status: item.status,
    surveyCode: orNull(item.surveyCode),
    businessSlug: orNull(item.businessSlug),
    landingPageUrl: orNull(item.landingPageUrl),
    businessLogoUrl: orNull(item.businessLogoUrl),
    lowRatingMessage: item.lowRatingMessage,
    midRatingMessage: item.midRatingMessage,
    highRatingMessage: item.highRatingMessage,
    googleReviewPrompt: item.googleReviewPrompt,
    highRatingPhotoUrl: orNull(item.highRatingPhotoUrl),
    collectContactOnLowRating: item.collectContactOnLowRating,
    offerPublicReviewToEveryone: item.offerPublicReviewToEveryone,
    lowRatingEnabled: item.lowRatingEnabled,
    midRatingEnabled: item.midRatingEnabled,
    highRatingEnabled: item.highRatingEnabled,
    isActive: item.isActive,
    customColors: { primaryColor: item.customColors.primaryColor, backgroundColor: item.customColors.backgroundColor },
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

type ResponseItem = EntityItem<Entities['response']>;

/** What the dashboard shows of a response; the click token hash never leaves the table. */
const feedbackAttributes = [
  'surveyId',
  'responseId',
  'rating',
  'comment',
  'customerName',
  'customerEmail',
  'userAgent',
  'googleReviewClicked',
  'createdAt',
] as const;

function toResponseRecord(r: Pick<ResponseItem, (typeof feedbackAttributes)[number]>): SurveyResponseRecord {
  return {
    id: r.responseId,
    surveyId: r.surveyId,
    rating: r.rating,
    comment: orNull(r.comment),
    customerName: orNull(r.customerName),
    customerEmail: orNull(r.customerEmail),
    userAgent: orNull(r.userAgent),
    googleReviewClicked: r.googleReviewClicked,
    createdAt: r.createdAt,
  };
}

/** Splits changes into what to SET and what to REMOVE: empty strings and nulls are stored as absence. */
export function splitChanges<T extends object>(
  changes: T,
): { set: { [K in keyof T]?: Exclude<T[K], null> }; remove: (keyof T & string)[] } {
  const set: { [K in keyof T]?: Exclude<T[K], null> } = {};
  const remove: (keyof T & string)[] = [];
  for (const [k, v] of Object.entries(changes) as [keyof T & string, unknown][]) {
    if (v === undefined) continue;
    if (v === null || v === '') remove.push(k);
    else (set as Record<string, unknown>)[k] = v;
  }
  return { set, remove };
}

/** A survey as its item: ids renamed, empty and null values left out. */
function toItem(survey: Survey) {
  const { id, ...rest } = survey;
  const { set } = splitChanges(rest);
  // The required attributes are never empty (the schemas refuse it), so nothing required is dropped here.
  return { ...(set as Required<typeof set>), surveyId: id };
}

export function createDynamoSurveyRepository(entitiesOf: () => Entities = getEntities): SurveyRepository {
  const repo: SurveyRepository = {
    async listByOwner(userId) {
      const { survey } = entitiesOf();
      const result = await survey.query.byOwner({ userId }).go({ order: 'desc', pages: 'all', consistent: true });
      return result.data.map(toSurvey);
    },

    async get(userId, surveyId) {
      const { survey } = entitiesOf();
      // Strongly consistent: the owner reads right after their own writes (create, publish).
      const result = await survey.get({ userId, surveyId }).go({ consistent: true });
      return result.data ? toSurvey(result.data) : undefined;
    },

    async findByCode(code) {
      const { surveyCode, survey } = entitiesOf();
      const mapping = await surveyCode.get({ code }).go();
      if (!mapping.data) return undefined;
      const result = await survey.get({ userId: mapping.data.userId, surveyId: mapping.data.surveyId }).go();
      return result.data ? toSurvey(result.data) : undefined;
    },

    async create(value) {
      const { survey } = entitiesOf();
      await survey.create(toItem(value)).go();
    },

    async update(userId, surveyId, changes: SurveyChanges, updatedAt) {
      const { survey } = entitiesOf();
      const { set, remove } = splitChanges(changes);
      try {
        // patch = update with "the item exists": a missing survey is never created by an update.
        const patch = survey.patch({ userId, surveyId }).set({ ...set, updatedAt });
        const result = await (remove.length ? patch.remove(remove as never) : patch).go({ response: 'all_new' });
        return toSurvey(result.data as SurveyItem);
      } catch (error) {
        if (isConditionalCheckFailure(error)) return undefined;
        throw error;
      }
    },

    async activate(userId, surveyId, updatedAt) {
      const { survey } = entitiesOf();
      try {
        const result = await survey
          .patch({ userId, surveyId })
          .set({ status: 'active', isActive: true, updatedAt })
          .go({ response: 'all_new' });
        return toSurvey(result.data as SurveyItem);
      } catch (error) {
        if (isConditionalCheckFailure(error)) return undefined;
        throw error;
      }
    },

    async publish(userId, surveyId, publication: Publication): Promise<PublishOutcome> {
      const { service } = entitiesOf();
      const result = await service.transaction
        .write(({ surveyCode, survey, surveyStats }) => [
          surveyCode
            .create({ code: publication.surveyCode, surveyId, userId, createdAt: publication.publishedAt })
            .commit(),
          survey
            .patch({ userId, surveyId })
            .set({
              status: 'active',
              isActive: true,
              surveyCode: publication.surveyCode,
              businessSlug: publication.businessSlug,
              landingPageUrl: publication.landingPageUrl,
              updatedAt: publication.publishedAt,
            })
            // A code, once set, never changes (decisions 5): a concurrent publish that lost finds it set.
            .where((attr, op) => op.notExists(attr.surveyCode))
            .commit(),
          surveyStats
            .create({
              surveyId,
              count: 0,
              sum: 0,
              stars1: 0,
              stars2: 0,
              stars3: 0,
              stars4: 0,
              stars5: 0,
              reviewClicks: 0,
            })
            .commit(),
        ])
        .go();
      if (!result.canceled) return 'published';
      const [code, survey, stats] = result.data;
      if (survey?.rejected) return (await repo.get(userId, surveyId)) ? 'already-published' : 'not-found';
      if (code?.rejected) return 'code-taken';
      throw new Error(`Publishing ${surveyId} was refused for its stats item (${stats?.code ?? 'unknown'})`);
    },

    async delete(userId, surveyId, code) {
      const { response, service, survey } = entitiesOf();
      // Inactive first: public submits are conditioned on it (response-repository.ts), so once this is
      // written no response can land behind the query below and be left over.
      await survey
        .patch({ userId, surveyId })
        .set({ isActive: false })
        .go({ response: 'none' })
        .catch((error: unknown) => {
          if (!isConditionalCheckFailure(error)) throw error;
        });
      // Responses first, the survey last: if anything fails, a retry still finds the survey to delete.
      for (;;) {
        const page = await response.query
          .bySurvey({ surveyId })
          .go({ attributes: ['surveyId', 'responseId'], limit: 500, count: 500, consistent: true });
        if (page.data.length === 0) break;
        let pending = page.data.map(({ responseId }) => ({ surveyId, responseId }));
        for (let attempt = 0; pending.length > 0; attempt++) {
          if (attempt === 5) throw new Error(`Could not delete the responses of survey ${surveyId}`);
          const { unprocessed } = await response.delete(pending).go();
          pending = unprocessed.map(({ responseId }) => ({ surveyId, responseId }));
        }
      }
      await service.transaction
        .write(({ surveyStats, surveyCode, survey }) => [
          surveyStats.delete({ surveyId }).commit(),
          ...(code ? [surveyCode.delete({ code }).commit()] : []),
          survey.delete({ userId, surveyId }).commit(),
        ])
        .go();
    },

    async getStats(surveyId): Promise<SurveyStats | undefined> {
      const { surveyStats } = entitiesOf();
      // Strongly consistent: the dashboard shows a response the moment its submit transaction committed.
      const { data } = await surveyStats.get({ surveyId }).go({ consistent: true });
      if (!data) return undefined;
      return {
        surveyId,
        count: data.count,
        sum: data.sum,
        histogram: [data.stars1, data.stars2, data.stars3, data.stars4, data.stars5],
        reviewClicks: data.reviewClicks,
      };
    },

    async listResponses(surveyId, limit): Promise<SurveyResponseRecord[]> {
      const { response } = entitiesOf();
      const { data } = await response.query.bySurvey({ surveyId }).go({ order: 'desc', limit, count: limit });
      return data.map(toResponseRecord);
    },

    async listFeedback(surveyId, limit): Promise<SurveyResponseRecord[]> {
      const { response } = entitiesOf();
      // The sparse gsi1 (entities.ts `recentFeedback`): Limit=n reads exactly n items whatever the volume.
      // A GSI read is eventually consistent: a comment shows up within about a second of its submit.
      const { data } = await response.query
        .recentFeedback({ surveyId })
        .go({ order: 'desc', limit, count: limit, attributes: [...feedbackAttributes] });
      return data.map(toResponseRecord);
    },
  };
  return repo;
}
