import {
  inboxPageSize,
  ratingBand,
  surveyMessages,
  type InboxItem,
  type InboxPage,
  type InboxQuery,
  type InboxState,
  type WebsiteHideReason,
} from '@reviewroute/shared';
import { ApiError } from '../../lib/api-error';
import type { InboxPosition, InboxResponseRecord, ResponseInbox } from '../../data/response-store';
import type { SurveyRepository } from '../../data/survey-repository';

export interface InboxServiceDeps {
  surveys: Pick<SurveyRepository, 'get'>;
  responses: ResponseInbox;
  now?: () => Date;
}

/**
 * The most responses one page request looks at when the filter is checked response by response: with the
 * index's partitions read in rounds, a request's reads stay bounded at any volume (docs/data-model.md).
 */
export const inboxMaxRead = 200;

/** Ids this API hands out are UUIDs; anything else cannot exist (and must not reach DynamoDB as a key). */
const plausibleId = /^[A-Za-z0-9-]{1,64}$/;
const surveyNotFound = () => new ApiError('NOT_FOUND', surveyMessages.surveyNotFound);
const badCursor = () => new ApiError('VALIDATION_FAILED', 'The page cursor is not valid', { cursor: 'invalid' });

/** A page position as the client carries it: `{createdAt}|{responseId}`, base64url. */
export const encodeCursor = (p: InboxPosition) =>
  Buffer.from(`${p.createdAt}|${p.responseId}`, 'utf8').toString('base64url');

export function decodeCursor(cursor: string): InboxPosition {
  const [createdAt, responseId, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (
    rest.length > 0 ||
    !createdAt ||
    !responseId ||
    !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(createdAt) ||
    !plausibleId.test(responseId)
  ) {
    throw badCursor();
  }
  return { createdAt, responseId };
}

/** Contact details only ever belong to a low rating (spec 3); anything else is not shown even if stored. */
function toInboxItem(r: InboxResponseRecord): InboxItem {
  const low = ratingBand(r.rating) === 'low';
  return {
    id: r.id,
    rating: r.rating,
    comment: r.comment,
    createdAt: r.createdAt,
    customerName: low ? r.customerName : null,
    customerEmail: low ? r.customerEmail : null,
    state: r.state,
    note: r.note,
    websiteConsent: r.websiteConsent ?? null,
    evidence: r.evidence ?? null,
  };
}

/**
 * The owner's feedback inbox of one survey: pages of its responses (never a scan: an index per band and
 * date range, the rest checked on a bounded number of responses), their state and private note. Owner
 * only: another owner's survey is indistinguishable from none (404).
 */
export function createInboxService({ surveys, responses, now = () => new Date() }: InboxServiceDeps) {
  async function ownSurvey(userId: string, surveyId: string) {
    if (!plausibleId.test(surveyId) || !(await surveys.get(userId, surveyId))) throw surveyNotFound();
  }

  return {
    async page(userId: string, surveyId: string, query: InboxQuery): Promise<InboxPage> {
      const { cursor, ...filter } = query;
      const before = cursor ? decodeCursor(cursor) : undefined;
      await ownSurvey(userId, surveyId);
      const { items, next } = await responses.pageInbox(surveyId, {
        filter,
        before,
        limit: inboxPageSize,
        maxRead: inboxMaxRead,
      });
      return { items: items.map(toInboxItem), next: next ? encodeCursor(next) : null };
    },

    /** Marks responses handled or reopens them; ids not of this survey change nothing. */
    async setState(userId: string, surveyId: string, ids: readonly string[], state: InboxState) {
      await ownSurvey(userId, surveyId);
      const valid = ids.filter((id) => plausibleId.test(id));
      const updated = valid.length > 0 ? await responses.setInboxState(surveyId, valid, state, now().toISOString()) : 0;
      return { updated };
    },

    async setNote(userId: string, surveyId: string, responseId: string, note: string) {
      await ownSurvey(userId, surveyId);
      const value = note.trim() === '' ? null : note.trim();
      const found =
        plausibleId.test(responseId) && (await responses.setNote(surveyId, responseId, value, now().toISOString()));
      if (!found) throw new ApiError('NOT_FOUND', 'Response not found');
      return { id: responseId, note: value };
    },

    /**
     * Takes a consented response off the business's website (decisions 27): only toward "not shown", so a
     * response the customer never allowed there is a conflict, and a second reason leaves the first.
     */
    async hideFromWebsite(userId: string, surveyId: string, responseId: string, reason: WebsiteHideReason) {
      await ownSurvey(userId, surveyId);
      const outcome = plausibleId.test(responseId)
        ? await responses.hideFromWebsite(surveyId, responseId, reason, now().toISOString())
        : 'not-found';
      if (outcome === 'not-found') throw new ApiError('NOT_FOUND', 'Response not found');
      if (outcome === 'no-consent')
        throw new ApiError('CONFLICT', 'The customer did not allow this response on the website');
      return { id: responseId, websiteConsent: outcome };
    },
  };
}

export type InboxService = ReturnType<typeof createInboxService>;
