import { createHash, timingSafeEqual } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { deleteInBatches } from './batch-delete';
import { writeWhileBusy } from './busy-retry';
import { isConditionalCheckFailure } from './conditional-check';
import type { Entities } from './entities';
import type { TransactionEntities } from './transaction';
import type {
  NewSubmission,
  ResponseStore,
  ReviewClickOutcome,
  SubmitOutcome,
  SurveyResponseRecord,
} from './repositories';

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
 * The response id of a survey's submit with this idempotency key: a UUID (version 8, "custom") made of the
 * SHA-256 of both, so the key decides the item and a retry lands on the same one. Not a time order: the
 * time is `createdAt` (the feedback index sorts by it).
 */
export function responseIdOf(surveyId: string, idempotencyKey: string): string {
  const hex = createHash('sha256').update(`response\n${surveyId}\n${idempotencyKey}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Equal-length hex digests compared in constant time: the answer's timing says nothing about the token. */
const sameHash = (a: string | undefined, b: string) =>
  a !== undefined && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The owner of responses (`SURVEY#{id}/RESPONSE#{id}`). A response is its own idempotency record (its id
 * derives from the client's key), so a submit writes exactly one item; the tally is counted from the
 * table's stream by the stats worker (survey-stats.ts), which marks each response it counted.
 */
export function createDynamoResponseStore(entitiesOf: () => Entities): ResponseStore {
  return {
    async submit({ response: r, clickTokenHash, ownerId }: NewSubmission): Promise<SubmitOutcome> {
      const { response } = entitiesOf();
      try {
        // create = put if not exists: of any number of concurrent submits with one key, exactly one lands.
        await response
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
            clickTokenHash,
            ...(ownerId ? { ownerId } : {}),
          })
          .go({ response: 'none' });
        return 'stored';
      } catch (error) {
        if (isConditionalCheckFailure(error)) return 'duplicate';
        throw error;
      }
    },

    async recordReviewClick(surveyId, responseId, clickTokenHash): Promise<ReviewClickOutcome> {
      const { response } = entitiesOf();
      try {
        // patch: the response must exist; it is flagged once, and only with its own token. The stats worker
        // counts the flag from the stream. Its transaction may hold the item for a moment: retried then.
        await writeWhileBusy('Review click', () =>
          response
            .patch({ surveyId, responseId })
            .set({ googleReviewClicked: true })
            .where((a, op) => `${op.eq(a.googleReviewClicked, false)} AND ${op.eq(a.clickTokenHash, clickTokenHash)}`)
            .go({ response: 'none' }),
        );
        return 'clicked';
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
      }
      const { data } = await response
        .get({ surveyId, responseId })
        .go({ consistent: true, attributes: ['clickTokenHash', 'googleReviewClicked'] });
      if (!data || !sameHash(data.clickTokenHash, clickTokenHash)) return 'not-found';
      return data.googleReviewClicked ? 'already-clicked' : 'not-found';
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
  };
}

/**
 * The stats worker's mark on a response it counts (survey-stats.ts puts it in the transaction that adds
 * to the tally): it holds only while the response exists and was not counted yet, so a count applies once
 * however often the stream delivers it, and a response deleted meanwhile is not counted into a tally its
 * survey's delete has removed. A click is marked only once the response says it was clicked.
 */
export const markCounted = (
  response: TransactionEntities['response'],
  surveyId: string,
  responseId: string,
  what: { response: boolean; click: boolean },
) =>
  response
    .patch({ surveyId, responseId })
    .set({ ...(what.response ? { counted: true } : {}), ...(what.click ? { clickCounted: true } : {}) })
    .where((a, op) =>
      [
        ...(what.response ? [op.notExists(a.counted)] : []),
        ...(what.click ? [op.notExists(a.clickCounted), op.eq(a.googleReviewClicked, true)] : []),
      ].join(' AND '),
    )
    .commit();

/**
 * The alerts worker's mark on a response (owner-alert-store.ts puts it in the transaction that records the low
 * rating in its survey's alert window): `alerted`, set only if absent on a response that exists, so a stream
 * record delivered again records and mails nothing.
 */
export const claimAlertMark = (response: TransactionEntities['response'], surveyId: string, responseId: string) =>
  response
    .patch({ surveyId, responseId })
    .set({ alerted: true })
    .where((a, op) => op.notExists(a.alerted))
    .commit();

/** The mark given back (its single alert could not be sent), so the record's retry may try again. */
export const releaseAlertMark = (response: TransactionEntities['response'], surveyId: string, responseId: string) =>
  response.patch({ surveyId, responseId }).remove(['alerted']).commit();
