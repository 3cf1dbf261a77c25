import type { EntityItem } from 'electrodb';
import { deleteInBatches } from './batch-delete';
import { backOffOrGiveUp, isBusyCancellation, type CancellationReason } from './busy-retry';
import { createTicket } from './click-tickets';
import type { Entities } from './entities';
import { countInSlot } from './rate-window';
import type {
  NewSubmission,
  ResponseStore,
  ReviewClickOutcome,
  SubmitOutcome,
  SurveyResponseRecord,
} from './repositories';
import { countResponse, countReviewClick } from './survey-stats';
import { activeSurveyCheck } from './survey-repository';

const orNull = (value: string | undefined): string | null => (value === undefined || value === '' ? null : value);

type ResponseItem = EntityItem<Entities['response']>;

/** What a reader gets of a response; the click token hash never leaves the table. */
const recordAttributes = [
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

/** The one mapping of a stored response to what the services see. */
function toResponseRecord(r: Pick<ResponseItem, (typeof recordAttributes)[number]>): SurveyResponseRecord {
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

/**
 * The owner of responses (`SURVEY#{id}/RESPONSE#{id}`) and of the submit's idempotency records
 * (`SURVEY#{id}/SUBMIT#{key}`). Its two transactions hold the other owners' items that must commit with
 * a response: the survey's check (survey-repository.ts), the tally's counts (survey-stats.ts), the click
 * ticket (click-tickets.ts) and the rate windows (rate-window.ts).
 */
export function createDynamoResponseStore(entitiesOf: () => Entities): ResponseStore {
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
            activeSurveyCheck(survey, s.userId, r.surveyId),
            countResponse(surveyTally, r.surveyId, r.rating),
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
            createTicket(responseTicket, {
              responseId: r.id,
              surveyId: r.surveyId,
              clickTokenHash: s.clickTokenHash,
              expiresAt: s.ticketExpiresAt,
            }),
            ...s.rate.map((slot) => countInSlot(rateWindow, slot)),
          ])
          .go();
        if (!result.canceled) return { kind: 'stored' };
        const reasons = result.data as CancellationReason[];
        const [idempotency, survey] = reasons;
        const full = s.rate.find((_, i) => reasons[5 + i]?.code === 'ConditionalCheckFailed');
        // A retry of a stored submit wins over every other outcome: the client gets its first answer.
        if (idempotency?.code === 'ConditionalCheckFailed') {
          const first = await firstAnswer(r.surveyId, s.idempotencyKey);
          if (first) return { kind: 'duplicate', ...first };
        }
        if (survey?.code === 'ConditionalCheckFailed') return { kind: 'survey-gone' };
        if (full) return { kind: 'rate-limited', slot: full };
        // Transactions touching the same stats item at the same moment cancel each other; so does throttling.
        if (isBusyCancellation(reasons)) {
          await backOffOrGiveUp('Submit', attempt, reasons);
          continue;
        }
        throw new Error(`Submit transaction refused: ${reasons.map((x) => x.code).join(', ')}`);
      }
    },

    async recordReviewClick(surveyId, responseId): Promise<ReviewClickOutcome> {
      const { service, response } = entitiesOf();
      for (let attempt = 1; ; attempt++) {
        const result = await service.transaction
          .write(({ response: responses, surveyTally }) => [
            // patch: the response must exist, and it counts once. Its survey is there too: a survey's
            // responses are deleted before its tally and the survey itself.
            responses
              .patch({ surveyId, responseId })
              .set({ googleReviewClicked: true })
              .where((a, op) => op.eq(a.googleReviewClicked, false))
              .commit(),
            countReviewClick(surveyTally, surveyId),
          ])
          .go();
        if (!result.canceled) return 'clicked';
        const reasons = result.data as CancellationReason[];
        const [clicked] = reasons;
        if (clicked?.code === 'ConditionalCheckFailed') {
          const { data } = await response.get({ surveyId, responseId }).go({ consistent: true });
          return data ? 'already-clicked' : 'not-found';
        }
        if (isBusyCancellation(reasons)) {
          await backOffOrGiveUp('Review click', attempt, reasons);
          continue;
        }
        throw new Error(`Review click transaction refused: ${reasons.map((x) => x.code).join(', ')}`);
      }
    },

    async listFeedback(surveyId, limit): Promise<SurveyResponseRecord[]> {
      const { response } = entitiesOf();
      // The sparse gsi1 (entities.ts `recentFeedback`): Limit=n reads exactly n items whatever the volume.
      // A GSI read is eventually consistent: a comment shows up within about a second of its submit.
      const { data } = await response.query
        .recentFeedback({ surveyId })
        .go({ order: 'desc', limit, count: limit, attributes: [...recordAttributes] });
      return data.map(toResponseRecord);
    },

    async pageBySurvey(surveyId, after, limit) {
      const { response } = entitiesOf();
      const query = after
        ? response.query.bySurvey({ surveyId }).gt({ responseId: after })
        : response.query.bySurvey({ surveyId });
      const { data } = await query.go({
        order: 'asc',
        limit,
        count: limit,
        consistent: true,
        attributes: [...recordAttributes],
      });
      const items = data.map(toResponseRecord);
      return { items, next: items.length === limit ? items[items.length - 1]!.id : null };
    },

    async delete(surveyId, responseIds) {
      const { response } = entitiesOf();
      await deleteInBatches(
        (keys) => response.delete(keys).go(),
        responseIds.map((responseId) => ({ surveyId, responseId })),
        'responses',
      );
    },

    async deleteBySurvey(surveyId) {
      const { response } = entitiesOf();
      // Page by page (consistent, so a response written just before is seen), 25 keys per batch write.
      for (;;) {
        const page = await response.query
          .bySurvey({ surveyId })
          .go({ attributes: ['surveyId', 'responseId'], limit: 500, count: 500, consistent: true });
        if (page.data.length === 0) return;
        await this.delete(
          surveyId,
          page.data.map(({ responseId }) => responseId),
        );
      }
    },

    async deleteSubmissionsBySurvey(surveyId, limit) {
      const { submission } = entitiesOf();
      const { data } = await submission.query
        .byKey({ surveyId })
        .go({ attributes: ['surveyId', 'idempotencyKey'], limit, count: limit, consistent: true });
      await deleteInBatches(
        (keys) => submission.delete(keys).go(),
        data.map(({ idempotencyKey }) => ({ surveyId, idempotencyKey })),
        'idempotency records',
      );
      return data.length;
    },
  };
}
