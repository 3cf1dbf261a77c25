import { createHash, timingSafeEqual } from 'node:crypto';
import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';
import {
  allRatings,
  consentNameStyles,
  invitationKinds,
  matchesInboxFilter,
  ratingsIn,
  websiteHideReasons,
  type InboxFilter,
  type InboxState,
  type ResponseEvidence,
  type WebsiteConsent,
  type WebsiteHideReason,
} from '@reviewroute/shared';
import { deleteInBatches } from './batch-delete';
import { writeWhileBusy } from './busy-retry';
import { isConditionalCheckFailure } from './conditional-check';
import type { Entities } from './entities';
import type { TransactionEntities } from './transaction';
import { tableService } from './table-service';

/** A customer's answer (spec 3 "Survey response"). No IP address is ever stored (decisions 14). */
export interface SurveyResponseRecord {
  id: string;
  surveyId: string;
  rating: number;
  comment: string | null;
  customerName: string | null;
  customerEmail: string | null;
  userAgent: string | null;
  googleReviewClicked: boolean;
  createdAt: string;
  /** The customer's consent to the business's website (decisions 27); absent or null: none given. */
  websiteConsent?: WebsiteConsent | null;
  /** How the response was invited, derived at submit; absent or null: stored before it was recorded. */
  evidence?: ResponseEvidence | null;
}

/**
 * What one public submit writes (docs/data-model.md "Submit a response"): the response alone. Its id
 * derives from the survey and the client's idempotency key (`responseIdOf`), so the response is its own
 * idempotency record.
 */
export interface NewSubmission {
  response: SurveyResponseRecord;
  /** SHA-256 (hex) of the click token, kept on the response for the review click. */
  clickTokenHash: string;
  /** The survey's owner, kept on the response so the owner's low-rating alert (read from the stream) finds them. */
  ownerId?: string;
}

/** `stored`: written now; `duplicate`: a response with this id (the same idempotency key) exists, nothing written. */
export type SubmitOutcome = 'stored' | 'duplicate';

/**
 * `clicked`: flagged now (the stats worker counts it); `already-clicked`: flagged before, nothing written;
 * `not-found`: no such response, or the token is not its.
 */
export type ReviewClickOutcome = 'clicked' | 'already-clicked' | 'not-found';

/**
 * The consent after the owner took the response off the website (hidden now, or before with its first reason);
 * `no-consent`: the customer never allowed it, nothing written; `not-found`: no such response.
 */
export type HideOutcome = WebsiteConsent | 'no-consent' | 'not-found';

/**
 * Responses (response-store.ts), each its own idempotency record. A submit is one conditional put and a
 * review click one conditional update; the tally is counted from the table's stream (survey-stats.ts).
 */
export interface ResponseStore extends ResponseInbox {
  /** Creates the response unless one with its id exists. */
  submit(submission: NewSubmission): Promise<SubmitOutcome>;
  /** Flags the response as clicked, once, if `clickTokenHash` is its token's. */
  recordReviewClick(surveyId: string, responseId: string, clickTokenHash: string): Promise<ReviewClickOutcome>;
  /**
   * The latest responses that have a non-empty comment, newest first: one limited query on a sparse
   * index that only commented responses are in (never a filter over all responses).
   */
  listFeedback(surveyId: string, limit: number): Promise<SurveyResponseRecord[]>;
  /**
   * A page of a survey's responses in id order, after the given id, with their inbox state and note (the account
   * export and the CSV export carry them); `next` is the last id when more may follow.
   */
  pageBySurvey(
    surveyId: string,
    after: string | undefined,
    limit: number,
  ): Promise<{ items: InboxResponseRecord[]; next: string | null }>;
  /**
   * Every response of the survey that the filter keeps, newest first (createdAt, then id): one page per
   * `pageSize` responses looked at, holding those the filter kept (so a page may be short, even empty, and
   * the caller hears from it regularly however few match). The inbox index's star partitions of the filter's
   * band are each read once, a page at a time, and merged as they come, so a survey of any size costs one read
   * per response and a page per partition of memory (the CSV export). The band and dates are the index's key
   * conditions; the rest is checked per response.
   */
  inboxNewestFirst(surveyId: string, filter: InboxFilter, pageSize: number): AsyncIterable<InboxResponseRecord[]>;
  /** These responses of the survey. Idempotent. */
  delete(surveyId: string, responseIds: string[]): Promise<void>;
  /** Every response of the survey. Idempotent. */
  deleteBySurvey(surveyId: string): Promise<void>;
}

/** A response as the owner's inbox shows it: the record, its inbox state (absent = new) and private note. */
export interface InboxResponseRecord extends SurveyResponseRecord {
  state: InboxState;
  note: string | null;
}

/** A place in a survey's inbox order (newest first by createdAt, the id breaking ties). */
export interface InboxPosition {
  createdAt: string;
  responseId: string;
}

export interface InboxPageRequest {
  filter: InboxFilter;
  /** Only responses older than this one (the previous page's `next`). */
  before?: InboxPosition;
  /** The most items returned. */
  limit: number;
  /**
   * The most responses looked at (a filter the index cannot answer is checked response by response): a
   * request's cost is bounded whatever the filter, and `next` says where to go on.
   */
  maxRead: number;
}

export interface InboxPageResult {
  items: InboxResponseRecord[];
  /** Where the next page starts; null: no older response matches. */
  next: InboxPosition | null;
}

/**
 * The owner's inbox of a survey's responses (response-store.ts): read through its own index, never a scan;
 * the state and the note are the owner's only writes to a response.
 */
export interface ResponseInbox {
  /** The survey's responses that match the filter, newest first, from `before` on. */
  pageInbox(surveyId: string, request: InboxPageRequest): Promise<InboxPageResult>;
  /** Sets the state of those of these responses that exist in the survey; returns how many. */
  setInboxState(
    surveyId: string,
    responseIds: readonly string[],
    state: InboxState,
    updatedAt: string,
  ): Promise<number>;
  /** Sets (null: removes) the note of a response of the survey; false when there is no such response. */
  setNote(surveyId: string, responseId: string, note: string | null, updatedAt: string): Promise<boolean>;
  /**
   * Takes a consented response off the business's website for one of decisions 27's reasons, once: the first
   * reason stays, and nothing ever shows it again (the consent changes only toward "not shown").
   */
  hideFromWebsite(surveyId: string, responseId: string, reason: WebsiteHideReason, at: string): Promise<HideOutcome>;
}

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
  'consentShownAs',
  'consentNameStyle',
  'hiddenReason',
  'hiddenAt',
  'invitation',
  'invitedAt',
  'everyoneOfferedPublicReview',
] as const;

type ConsentAttributes = Pick<ResponseItem, 'consentShownAs' | 'consentNameStyle' | 'hiddenReason' | 'hiddenAt'>;

/** The consent as the services see it, from its attributes (absent without a consent). */
const consentOf = (r: ConsentAttributes): WebsiteConsent | undefined =>
  r.consentShownAs && r.consentNameStyle
    ? {
        shownAs: r.consentShownAs,
        nameStyle: r.consentNameStyle,
        hiddenReason: r.hiddenReason ?? null,
        hiddenAt: r.hiddenAt ?? null,
      }
    : undefined;

/** The one mapping of a stored response to what the services see. */
function toResponseRecord(r: Pick<ResponseItem, (typeof recordAttributes)[number]>): SurveyResponseRecord {
  const record: SurveyResponseRecord = {
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
  const consent = consentOf(r);
  if (consent) record.websiteConsent = consent;
  if (r.invitation)
    record.evidence = {
      invitation: r.invitation,
      invitedAt: r.invitedAt ?? null,
      everyoneOfferedPublicReview: r.everyoneOfferedPublicReview === true,
    };
  return record;
}

const inboxAttributes = [...recordAttributes, 'inboxState', 'note'] as const;

function toInboxRecord(r: Pick<ResponseItem, (typeof inboxAttributes)[number]>): InboxResponseRecord {
  return { ...toResponseRecord(r), state: r.inboxState === 'handled' ? 'handled' : 'new', note: orNull(r.note) };
}

/** The inbox index's order: createdAt, then the id (unique, so a position names one response). */
const orderKey = (p: InboxPosition) => `${p.createdAt}#${p.responseId}`;

/** Whether the filter asks more than the index answers (its star partitions and createdAt range). */
const needsCheck = (f: InboxFilter) => Boolean(f.comment || f.contact || f.state || f.q);

/** Responses read per star partition and round when each must be checked against the filter. */
const checkedChunk = 50;

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
        // originalErr: a failure is the SDK's own error; otherwise electrodb makes an error (a stack trace) on
        // every call, failing or not, to wrap one in: a visible share of the CPU of the busiest route.
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
            ...(r.websiteConsent
              ? { consentShownAs: r.websiteConsent.shownAs, consentNameStyle: r.websiteConsent.nameStyle }
              : {}),
            ...(r.evidence
              ? {
                  invitation: r.evidence.invitation,
                  ...(r.evidence.invitedAt ? { invitedAt: r.evidence.invitedAt } : {}),
                  everyoneOfferedPublicReview: r.evidence.everyoneOfferedPublicReview,
                }
              : {}),
          })
          .go({ response: 'none', originalErr: true });
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
      // The sparse gsi1 (`recentFeedback`, below): Limit=n reads exactly n items whatever the volume.
      // A GSI read is eventually consistent: a comment shows up within about a second of its submit.
      const { data } = await response.query
        .recentFeedback({ surveyId })
        .go({ order: 'desc', limit, count: limit, attributes: [...recordAttributes] });
      return data.map(toResponseRecord);
    },

    /**
     * The inbox index (gsi2, `inbox` below) holds a survey's responses in one partition per star,
     * sorted by createdAt: the filter's band picks the partitions (1, 2 or all 5), its dates bound the sort
     * key, and the partitions are merged newest first. What the index cannot answer (comment, contact,
     * state, search) is checked on the responses read, at most `maxRead` of them a request; the position
     * where it stopped is the next page's start. Each round reads at most `chunk` items per partition and
     * uses those newer than every unfinished partition's oldest (the others are read again next round).
     */
    async pageInbox(surveyId, { filter, before, limit, maxRead }) {
      const { response } = entitiesOf();
      const ratings = filter.rating ? ratingsIn(filter.rating) : allRatings;
      const checked = needsCheck(filter);
      // +1: the between is inclusive of the position, which is dropped.
      const chunk = checked ? checkedChunk : limit + 1;
      const toKey = filter.to ? `${filter.to}~` : '~';
      const lower = { createdAt: filter.from ?? '0' };
      const items: InboxResponseRecord[] = [];
      let position = before;
      let read = 0;
      for (;;) {
        const upper =
          position && orderKey(position) < toKey
            ? { createdAt: position.createdAt, responseId: position.responseId }
            : { createdAt: toKey };
        const pages = await Promise.all(
          ratings.map(async (rating) => {
            const { data } = await response.query
              .inbox({ surveyId, rating })
              .between(lower, upper)
              .go({ order: 'desc', limit: chunk, count: chunk, attributes: [...inboxAttributes] });
            return { data, done: data.length < chunk };
          }),
        );
        // Items newer than the oldest of every unfinished partition are in the right order; older ones may
        // have newer neighbours in a partition not read that far yet.
        const horizons = pages.filter((p) => !p.done).map((p) => orderKey(p.data[p.data.length - 1]!));
        const horizon = horizons.length > 0 ? horizons.reduce((a, b) => (a > b ? a : b)) : '';
        const skip = position ? orderKey(position) : undefined;
        const merged = pages
          .flatMap((p) => p.data)
          .map((item) => ({ item, key: orderKey(item) }))
          .filter(({ key }) => key !== skip && key >= horizon)
          .sort((a, b) => (a.key < b.key ? 1 : -1));
        const allDone = horizons.length === 0;
        for (const [index, { item }] of merged.entries()) {
          read++;
          const record = toInboxRecord(item);
          if (!checked || matchesInboxFilter(record, filter)) items.push(record);
          if (items.length === limit || read >= maxRead) {
            const last = allDone && index === merged.length - 1;
            return { items, next: last ? null : { createdAt: item.createdAt, responseId: item.responseId } };
          }
        }
        if (allDone) return { items, next: null };
        const last = merged[merged.length - 1]?.item;
        if (last) position = { createdAt: last.createdAt, responseId: last.responseId };
      }
    },

    async setInboxState(surveyId, responseIds, state, updatedAt) {
      const { response } = entitiesOf();
      const results = await Promise.all(
        [...new Set(responseIds)].map(async (responseId) => {
          try {
            // patch: only a response that exists in this survey; new is the absence of the state.
            const patch = response.patch({ surveyId, responseId });
            await writeWhileBusy('Inbox state', () =>
              (state === 'handled'
                ? patch.set({ inboxState: 'handled', inboxUpdatedAt: updatedAt })
                : patch.set({ inboxUpdatedAt: updatedAt }).remove(['inboxState'])
              ).go({ response: 'none' }),
            );
            return 1;
          } catch (error) {
            if (isConditionalCheckFailure(error)) return 0;
            throw error;
          }
        }),
      );
      return results.reduce<number>((a, b) => a + b, 0);
    },

    async setNote(surveyId, responseId, note, updatedAt) {
      const { response } = entitiesOf();
      const patch = response.patch({ surveyId, responseId });
      try {
        await writeWhileBusy('Inbox note', () =>
          (note
            ? patch.set({ note, inboxUpdatedAt: updatedAt })
            : patch.set({ inboxUpdatedAt: updatedAt }).remove(['note'])
          ).go({ response: 'none' }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailure(error)) return false;
        throw error;
      }
    },

    async hideFromWebsite(surveyId, responseId, reason, at): Promise<HideOutcome> {
      const { response } = entitiesOf();
      try {
        // Only a consented response not hidden yet: the first reason stays, and no write ever shows it again.
        const { data } = await writeWhileBusy('Website hide', () =>
          response
            .patch({ surveyId, responseId })
            .set({ hiddenReason: reason, hiddenAt: at })
            .where((a, op) => `${op.exists(a.consentShownAs)} AND ${op.notExists(a.hiddenReason)}`)
            .go({ response: 'all_new' }),
        );
        return consentOf(data) ?? 'no-consent';
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
      }
      const { data } = await response
        .get({ surveyId, responseId })
        .go({ consistent: true, attributes: ['consentShownAs', 'consentNameStyle', 'hiddenReason', 'hiddenAt'] });
      if (!data) return 'not-found';
      return consentOf(data) ?? 'no-consent';
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
        attributes: [...inboxAttributes],
      });
      const items = data.map(toInboxRecord);
      return { items, next: items.length === limit ? items[items.length - 1]!.id : null };
    },

    async *inboxNewestFirst(surveyId, filter, pageSize) {
      const { response } = entitiesOf();
      const ratings = filter.rating ? ratingsIn(filter.rating) : allRatings;
      const checked = needsCheck(filter);
      const lower = { createdAt: filter.from ?? '0' };
      const upper = { createdAt: filter.to ? `${filter.to}~` : '~' };
      type Read = Pick<ResponseItem, (typeof inboxAttributes)[number]>;
      // One reader per star partition: its current page, how far it is used, and DynamoDB's place after it.
      const partitions = ratings.map((rating) => ({
        rating,
        items: [] as Read[],
        used: 0,
        cursor: null as string | null,
        done: false,
      }));
      const fill = async (p: (typeof partitions)[number]) => {
        const { data, cursor } = await response.query
          .inbox({ surveyId, rating: p.rating })
          .between(lower, upper)
          .go({ order: 'desc', limit: pageSize, count: pageSize, cursor: p.cursor, attributes: [...inboxAttributes] });
        p.items = data;
        p.used = 0;
        p.cursor = cursor;
        p.done = cursor === null;
      };
      let page: InboxResponseRecord[] = [];
      let read = 0;
      for (;;) {
        // Partitions that used up their page read their next one side by side (all of them at the start).
        const drained = partitions.filter((p) => p.used === p.items.length && !p.done);
        if (drained.length > 0) await Promise.all(drained.map(fill));
        let newest: (typeof partitions)[number] | undefined;
        let newestKey = '';
        for (const p of partitions) {
          const item = p.items[p.used];
          if (!item) continue;
          const key = orderKey(item);
          if (!newest || key > newestKey) [newest, newestKey] = [p, key];
        }
        if (!newest) break;
        const record = toInboxRecord(newest.items[newest.used++]!);
        read++;
        if (!checked || matchesInboxFilter(record, filter)) page.push(record);
        if (read === pageSize) {
          yield page;
          page = [];
          read = 0;
        }
      }
      if (read > 0) yield page;
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
 * The website-reviews worker's check before it puts a comment in the survey's widget item (website-reviews.ts):
 * the response still exists, its customer consented, and the owner has not hidden it, so a stream record
 * delivered again after a hide or an erasure never shows the comment again.
 */
export const shownOnWebsiteCheck = (response: TransactionEntities['response'], surveyId: string, responseId: string) =>
  response
    .check({ surveyId, responseId })
    .where((a, op) => `${op.exists(a.consentShownAs)} AND ${op.notExists(a.hiddenReason)}`)
    .commit();

/**
 * The website-reviews worker's mark on a hidden response, in the transaction that counts the hide in the widget's
 * item: set only once, on a response that exists and is hidden, so a hide is counted once however often the
 * stream delivers it.
 */
export const markWidgetHiddenCounted = (
  response: TransactionEntities['response'],
  surveyId: string,
  responseId: string,
) =>
  response
    .patch({ surveyId, responseId })
    .set({ widgetHiddenCounted: true })
    .where((a, op) => `${op.exists(a.hiddenReason)} AND ${op.notExists(a.widgetHiddenCounted)}`)
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

/** A response as the inbox backfill needs it: what its week counts, and whether the tally already holds it. */
export interface BackfillResponse {
  responseId: string;
  rating: number;
  createdAt: string;
  /**
   * In the survey's tally: marked `counted` by the stats worker, or stored by the submit before the stats
   * came from the stream (a UUIDv7 id: that submit counted its response in its own transaction and set no
   * mark). Any other response is still on its way through the stream, and the stats worker counts it, week
   * included.
   */
  inTally: boolean;
}

/** The ids the submit gave responses before the lean submit (functions/src/lib/ids.ts `newId`). */
const uuidV7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * One page of a survey's responses in id order (consistent) for the inbox backfill: each response stored
 * before the inbox index (gsi2) existed gets that index's keys, through the entity (`composite` supplies
 * createdAt, so electrodb builds both keys; the rating and comment are set to what was read, under a
 * condition that they still are, so the feedback index keys are rebuilt as they were). A response that has
 * the keys is only read, so a second run writes nothing. Returns the page for the week recount and how many
 * responses it gave keys.
 */
export async function indexResponsePage(
  entitiesOf: () => Entities,
  surveyId: string,
  after: string | undefined,
  limit: number,
): Promise<{ items: BackfillResponse[]; indexed: number; next: string | null }> {
  const { response } = entitiesOf();
  const query = after
    ? response.query.bySurvey({ surveyId }).gt({ responseId: after })
    : response.query.bySurvey({ surveyId });
  const { data } = await query.go({ order: 'asc', limit, count: limit, consistent: true, data: 'includeKeys' });
  let indexed = 0;
  for (const item of data as (ResponseItem & { gsi2pk?: string })[]) {
    if (item.gsi2pk !== undefined) continue;
    const comment = item.comment;
    try {
      await writeWhileBusy('Inbox backfill', () =>
        response
          .patch({ surveyId, responseId: item.responseId })
          .set({ rating: item.rating, ...(comment !== undefined ? { comment } : {}) })
          .composite({ createdAt: item.createdAt })
          .where((a, op) =>
            [
              op.eq(a.rating, item.rating),
              comment !== undefined ? op.eq(a.comment, comment) : op.notExists(a.comment),
            ].join(' AND '),
          )
          .go({ response: 'none' }),
      );
      indexed++;
    } catch (error) {
      // Deleted meanwhile: nothing to index.
      if (!isConditionalCheckFailure(error)) throw error;
    }
  }
  const items = data.map((item) => ({
    responseId: item.responseId,
    rating: item.rating,
    createdAt: item.createdAt,
    inTally: item.counted === true || uuidV7.test(item.responseId),
  }));
  return { items, indexed, next: data.length === limit ? data[data.length - 1]!.responseId : null };
}

/** This module's entities on the one table (`entities.ts` gathers every owner's into the one electrodb Service). */
export function responseEntities(config: EntityConfiguration) {
  /**
   * A customer's answer, and its own idempotency record: its id derives from the survey and the client's
   * idempotency key (response-store.ts `responseIdOf`), so it is created once with a condition and a retry
   * finds it by key. The stats worker marks it when it counted it (`counted`, `clickCounted`).
   */
  const response = new Entity(
    {
      model: { entity: 'response', version: '1', service: tableService },
      attributes: {
        surveyId: { type: 'string', required: true, readOnly: true },
        responseId: { type: 'string', required: true, readOnly: true },
        rating: { type: 'number', required: true, validate: (r: number) => Number.isInteger(r) && r >= 1 && r <= 5 },
        comment: { type: 'string' },
        customerName: { type: 'string' },
        customerEmail: { type: 'string' },
        userAgent: { type: 'string' },
        googleReviewClicked: { type: 'boolean', required: true, default: false },
        createdAt: { type: 'string', required: true, readOnly: true },
        /** SHA-256 (hex) of the one-time click token handed to the submitter (decisions 7); never the token. */
        clickTokenHash: { type: 'string' },
        /** The survey's owner: the low-rating alert worker reads it from the stream to find whom to tell. */
        ownerId: { type: 'string', readOnly: true },
        /** Set by the alerts worker before it mails the owner about this response: it mails once. */
        alerted: { type: 'boolean' },
        /** Set by the stats worker in the transaction that counted the response in the tally: it counts once. */
        counted: { type: 'boolean' },
        /** The same for its review click. */
        clickCounted: { type: 'boolean' },
        /** The owner's inbox state: `handled` once marked so; absent = new (every response starts new). */
        inboxState: { type: ['handled'] as const },
        /** The owner's private note on the response (inbox), never shown to the customer. */
        note: { type: 'string' },
        /** When the owner last changed the state or the note. */
        inboxUpdatedAt: { type: 'string' },
        /**
         * The customer's consent to the business's website (decisions 27), written only by the submit: the name
         * the review may be shown with and the customer's choice of first name or initials.
         */
        consentShownAs: { type: 'string', readOnly: true },
        consentNameStyle: { type: [...consentNameStyles] as const, readOnly: true },
        /** Set once by the owner (one of decisions 27's reasons) to take a consented response off the website. */
        hiddenReason: { type: [...websiteHideReasons] as const },
        hiddenAt: { type: 'string' },
        /** Set by the website-reviews worker when it counted the hide in the widget's item: it counts once. */
        widgetHiddenCounted: { type: 'boolean' },
        /** The response's evidence, derived at submit: how it was invited, when, and the survey's switch then. */
        invitation: { type: [...invitationKinds] as const, readOnly: true },
        invitedAt: { type: 'string', readOnly: true },
        everyoneOfferedPublicReview: { type: 'boolean', readOnly: true },
      },
      indexes: {
        bySurvey: {
          pk: { field: 'pk', composite: ['surveyId'], template: 'SURVEY#${surveyId}', casing: 'none' },
          sk: { field: 'sk', composite: ['responseId'], template: 'RESPONSE#${responseId}', casing: 'none' },
        },
        /**
         * Sparse: only responses with a comment carry gsi1 keys (electrodb writes them when `condition`
         * holds), so the dashboard's "latest 10 non-empty comments" is one Limit=10 query, never a filter
         * over all responses. createdAt is a composite on purpose: an update that names only the table key
         * (the review click) then leaves the index keys alone instead of re-evaluating the condition
         * without the comment and removing them.
         */
        recentFeedback: {
          index: 'gsi1',
          condition: (attributes: Record<string, unknown>) =>
            typeof attributes.comment === 'string' && attributes.comment.trim() !== '',
          pk: { field: 'gsi1pk', composite: ['surveyId'], template: 'FEEDBACK#${surveyId}', casing: 'none' },
          sk: {
            field: 'gsi1sk',
            composite: ['createdAt', 'responseId'],
            template: 'COMMENT#${createdAt}#${responseId}',
            casing: 'none',
          },
        },
        /**
         * The owner's inbox (gsi2): every response, one partition per survey and star, newest last by
         * createdAt. A rating band is one or two partitions, the whole survey five, merged by the sort key,
         * and a date range is a key condition: no filter ever reads the survey's responses beyond a page.
         * Only table-key and createdAt/rating composites: the inbox's own updates (state, note) and the
         * workers' marks name none of them but the table key, so electrodb leaves these keys alone.
         * The condition always holds: it is there because electrodb writes a conditioned index's keys on an
         * update that supplies all of its composites (`.composite(...)`), which is how the inbox backfill
         * gives responses stored before this index their keys without rewriting them.
         */
        inbox: {
          index: 'gsi2',
          condition: () => true,
          pk: {
            field: 'gsi2pk',
            composite: ['surveyId', 'rating'],
            template: 'INBOX#${surveyId}#${rating}',
            casing: 'none',
          },
          sk: {
            field: 'gsi2sk',
            composite: ['createdAt', 'responseId'],
            template: 'AT#${createdAt}#${responseId}',
            casing: 'none',
          },
        },
      },
    },
    config,
  );
  return { response };
}
