import type { EntityItem } from 'electrodb';
import { backOffOrGiveUp, isBusyCancellation, type CancellationReason } from './busy-retry';
import type { Entities } from './entities';
import type {
  NewSubmission,
  ResponseRepository,
  ResponseTicket,
  ReviewClickOutcome,
  SubmitOutcome,
  SurveyResponseRecord,
  SurveyTally,
} from './repositories';
import { isConditionalCheckFailure } from './survey-repository';

const stars = (rating: number) => `stars${rating}` as 'stars1' | 'stars2' | 'stars3' | 'stars4' | 'stars5';

const orNull = (value: string | undefined): string | null => (value === undefined || value === '' ? null : value);

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

export function createDynamoResponseRepository(entitiesOf: () => Entities): ResponseRepository {
  async function firstAnswer(surveyId: string, idempotencyKey: string) {
    const { submission } = entitiesOf();
    const { data } = await submission.get({ surveyId, idempotencyKey }).go({ consistent: true });
    return data ? { responseId: data.responseId, clickToken: data.clickToken } : undefined;
  }

  return {
    async submit(s: NewSubmission): Promise<SubmitOutcome> {
      const { service } = entitiesOf();
      const r = s.response;
      for (let attempt = 1; ; attempt++) {
        // Order matters below: the reasons come back in this order.
        const result = await service.transaction
          .write(({ submission, response, responseTicket, surveyTally, survey, rateWindow }) => [
            submission
              .create({
                surveyId: r.surveyId,
                idempotencyKey: s.idempotencyKey,
                responseId: r.id,
                clickToken: s.clickToken,
                expiresAt: s.idempotencyExpiresAt,
              })
              .commit(),
            survey
              .check({ userId: s.userId, surveyId: r.surveyId })
              .where((a, op) => op.eq(a.isActive, true))
              .commit(),
            // patch = "the tally exists": it is deleted in the same transaction as the survey.
            surveyTally
              .patch({ surveyId: r.surveyId })
              .add({ count: 1, sum: r.rating, [stars(r.rating)]: 1 })
              .commit(),
            response
              .create({
                surveyId: r.surveyId,
                responseId: r.id,
                rating: r.rating,
                ...(r.comment ? { comment: r.comment } : {}),
                ...(r.customerName ? { customerName: r.customerName } : {}),
                ...(r.customerEmail ? { customerEmail: r.customerEmail } : {}),
                ...(r.userAgent ? { userAgent: r.userAgent } : {}),
                googleReviewClicked: false,
                createdAt: r.createdAt,
                clickTokenHash: s.clickTokenHash,
              })
              .commit(),
            responseTicket
              .create({
                responseId: r.id,
                surveyId: r.surveyId,
                clickTokenHash: s.clickTokenHash,
                expiresAt: s.ticketExpiresAt,
              })
              .commit(),
            // The same conditional increment as rate-window.ts `incrementSlot`, as transaction items.
            ...s.rate.map((slot) =>
              rateWindow
                .update({ clientKey: slot.key, window: slot.window })
                .add({ count: 1 })
                .set({ expiresAt: slot.expiresAt })
                .where((a, op) => `${op.notExists(a.count)} OR ${op.lt(a.count, slot.limit)}`)
                .commit(),
            ),
          ])
          .go();
        if (!result.canceled) return { kind: 'stored' };
        const reasons = result.data as CancellationReason[];
        const [idempotency, survey, tally] = reasons;
        const full = s.rate.find((_, i) => reasons[5 + i]?.code === 'ConditionalCheckFailed');
        // A retry of a stored submit wins over every other outcome: the client gets its first answer.
        if (idempotency?.code === 'ConditionalCheckFailed') {
          const first = await firstAnswer(r.surveyId, s.idempotencyKey);
          if (first) return { kind: 'duplicate', ...first };
        }
        if (survey?.code === 'ConditionalCheckFailed' || tally?.code === 'ConditionalCheckFailed')
          return { kind: 'survey-gone' };
        if (full) return { kind: 'rate-limited', slot: full };
        // Transactions touching the same stats item at the same moment cancel each other; so does throttling.
        if (isBusyCancellation(reasons)) {
          await backOffOrGiveUp('Submit', attempt, reasons);
          continue;
        }
        throw new Error(`Submit transaction refused: ${reasons.map((x) => x.code).join(', ')}`);
      }
    },

    async ticket(responseId): Promise<ResponseTicket | undefined> {
      const { responseTicket } = entitiesOf();
      const { data } = await responseTicket.get({ responseId }).go({ consistent: true });
      return data ? { responseId, surveyId: data.surveyId, clickTokenHash: data.clickTokenHash } : undefined;
    },

    async recordReviewClick(surveyId, responseId): Promise<ReviewClickOutcome> {
      const { service, response } = entitiesOf();
      for (let attempt = 1; ; attempt++) {
        const result = await service.transaction
          .write(({ response: responses, surveyTally }) => [
            // patch: the response must exist; and it counts once.
            responses
              .patch({ surveyId, responseId })
              .set({ googleReviewClicked: true })
              .where((a, op) => op.eq(a.googleReviewClicked, false))
              .commit(),
            surveyTally.patch({ surveyId }).add({ reviewClicks: 1 }).commit(),
          ])
          .go();
        if (!result.canceled) return 'clicked';
        const reasons = result.data as CancellationReason[];
        const [clicked, tally] = reasons;
        if (clicked?.code === 'ConditionalCheckFailed') {
          const { data } = await response.get({ surveyId, responseId }).go({ consistent: true });
          return data ? 'already-clicked' : 'not-found';
        }
        if (tally?.code === 'ConditionalCheckFailed') return 'not-found';
        if (isBusyCancellation(reasons)) {
          await backOffOrGiveUp('Review click', attempt, reasons);
          continue;
        }
        throw new Error(`Review click transaction refused: ${reasons.map((x) => x.code).join(', ')}`);
      }
    },

    async getTally(surveyId): Promise<SurveyTally | undefined> {
      const { surveyTally } = entitiesOf();
      // Strongly consistent: the dashboard shows a response the moment its submit transaction committed.
      const { data } = await surveyTally.get({ surveyId }).go({ consistent: true });
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

    async deleteBySurvey(surveyId) {
      const { response } = entitiesOf();
      // Page by page (consistent, so a response written just before is seen), 25 keys per batch write.
      for (;;) {
        const page = await response.query
          .bySurvey({ surveyId })
          .go({ attributes: ['surveyId', 'responseId'], limit: 500, count: 500, consistent: true });
        if (page.data.length === 0) return;
        let pending = page.data.map(({ responseId }) => ({ surveyId, responseId }));
        for (let attempt = 0; pending.length > 0; attempt++) {
          if (attempt === 5) throw new Error(`Could not delete the responses of survey ${surveyId}`);
          const { unprocessed } = await response.delete(pending).go();
          pending = unprocessed.map(({ responseId }) => ({ surveyId, responseId }));
        }
      }
    },

    async clientKeySalt(day, candidate, expiresAt): Promise<string> {
      const { clientKeySalt } = entitiesOf();
      try {
        await clientKeySalt.create({ day, salt: candidate, expiresAt }).go();
        return candidate;
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
        // Another instance made today's salt first: everyone uses that one.
        const { data } = await clientKeySalt.get({ day }).go({ consistent: true });
        if (!data) throw new Error(`The client-key salt of ${day} vanished`, { cause: error });
        return data.salt;
      }
    },
  };
}
