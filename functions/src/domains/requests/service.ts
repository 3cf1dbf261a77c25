import {
  defaultReminderDays,
  linksIn,
  requestContactOf,
  requestMessages as sharedRequestMessages,
  requestBatchPageSize,
  requestRecipientPageSize,
  surveyMessages,
  type CreateRequestBatch,
  type RequestBatch,
  type RequestBatchPage,
  type RequestFunnel,
  type RequestRecipient,
  type RequestRecipientPage,
} from '@reviewroute/shared';
import { ApiError } from '../../lib/api-error';
import { newId } from '../../lib/ids';
import { logger } from '../../lib/logger';
import type { SurveyRepository } from '../../data/survey-repository';
import { InvalidBatchCursorError, type RequestBatchRecord } from '../../data/request-batches';
import { recipientIdOf, type NewRecipient, type RecipientRecord } from '../../data/request-recipients';
import type { ReviewRequestStore } from '../../data/review-requests';
import type { RequestQuota, UploadPace } from './request-quota';
import { addressesOf, skipSuppressed } from './suppressed-rows';
import { decodeRequestToken, tokenProves, type RequestTokenSource } from '../../lib/request-token';

export interface RequestServiceDeps {
  surveys: Pick<SurveyRepository, 'get'>;
  requests: ReviewRequestStore;
  now?: () => Date;
  newId?: () => string;
  /** The hashes of each new request's token secrets (under the mail-link key). */
  tokens: Pick<RequestTokenSource, 'hasher'>;
  /** The owner's daily quota of scheduled batches and rows (`request-quota.ts`): 429 past it. */
  quota: RequestQuota;
  /** The owner's uploads a minute (`request-quota.ts`): 429 past it. Absent: not limited. */
  uploadPace?: UploadPace;
  /**
   * Whether the owner's own text may carry links besides the survey's: a paid plan's may, a trial's not
   * (decisions 26). Absent: links are allowed.
   */
  linksAllowed?: (userId: string) => Promise<boolean>;
}

/** Ids this API hands out are UUIDs; anything else cannot exist (and must not reach DynamoDB as a key). */
const plausibleId = /^[A-Za-z0-9-]{1,64}$/;
const surveyNotFound = () => new ApiError('NOT_FOUND', surveyMessages.surveyNotFound);

export const requestMessages = {
  notPublished: 'Publish the survey before you send review requests',
  batchNotFound: 'Review request batch not found',
} as const;

export const toApiBatch = (b: RequestBatchRecord): RequestBatch => ({
  id: b.id,
  surveyId: b.surveyId,
  state: b.state,
  total: b.total,
  template: b.template,
  smsTemplate: b.smsTemplate ?? null,
  sendAt: b.sendAt,
  permissionConfirmedAt: b.permissionConfirmedAt,
  createdAt: b.createdAt,
  waitingUntil: b.waitingUntil,
  reminderDays: b.reminderDays ?? 0,
  source: b.source,
});

/** A recipient as the owner sees it: never its secret or the worker's marks. */
export const toApiRecipient = (r: RecipientRecord): RequestRecipient => ({
  id: r.id,
  name: r.name,
  email: r.email,
  language: r.language,
  phone: r.phone,
  state: r.state,
  reason: r.reason,
  sentAt: r.sentAt,
  openedAt: r.openedAt,
  ratedAt: r.ratedAt,
  clickedAt: r.clickedAt,
  remindedAt: r.remindedAt,
  // Requests sent before texts existed went by e-mail.
  channel: r.channel ?? (r.sentAt ? 'email' : null),
  deliveredAt: r.deliveredAt,
  suppressedAs: r.suppressedAs,
});

/**
 * The owner's review-request use cases and the customers' unsubscribe. A batch is only recorded here (its rows
 * written, then scheduled); the requests worker sends it, so no request ever runs inside an API call.
 */
export function createRequestService(deps: RequestServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const makeId = deps.newId ?? (() => newId());
  const { requests } = deps;

  async function ownedSurvey(userId: string, surveyId: string) {
    if (!plausibleId.test(surveyId)) throw surveyNotFound();
    const survey = await deps.surveys.get(userId, surveyId);
    if (!survey) throw surveyNotFound();
    return survey;
  }

  return {
    /** Records the batch with the owner's permission confirmation and schedules it (now, or at `sendAt`). */
    async create(userId: string, surveyId: string, input: CreateRequestBatch): Promise<RequestBatch> {
      // First: an upload past the owner's pace is refused before it reads anything.
      await deps.uploadPace?.(userId, now());
      const survey = await ownedSurvey(userId, surveyId);
      // The personal link is the survey's public link: a draft has none yet.
      if (!survey.landingPageUrl || !survey.surveyCode) throw new ApiError('CONFLICT', requestMessages.notPublished);
      for (const field of ['template', 'smsTemplate'] as const) {
        const text = input[field];
        if (text && linksIn(text).length > 0 && !((await deps.linksAllowed?.(userId)) ?? true))
          throw new ApiError('VALIDATION_FAILED', sharedRequestMessages.templateLinksInTrial, {
            [field]: sharedRequestMessages.templateLinksInTrial,
          });
      }
      const at = now();
      await deps.quota(userId, input.rows.length, at);
      const requested = input.sendAt ? new Date(input.sendAt) : at;
      const sendAt = (requested > at ? requested : at).toISOString();
      const batchId = makeId();
      const hashesOf = await deps.tokens.hasher();
      const recipients: NewRecipient[] = input.rows.map((row, index) => ({
        batchId,
        id: recipientIdOf(index),
        userId,
        surveyId,
        name: row.name,
        ...requestContactOf(row),
        // The customer's language when known, else the survey's (decisions 17).
        language: row.language ?? survey.language,
        ...hashesOf(batchId, recipientIdOf(index)),
      }));
      // A suppressed customer's row is skipped now, with why: the list says so before the batch is sent.
      const rows = await skipSuppressed(requests, userId, recipients);
      const batch = await requests.createBatch(
        {
          id: batchId,
          userId,
          surveyId,
          state: 'preparing',
          total: recipients.length,
          template: input.template ?? null,
          smsTemplate: input.smsTemplate ?? null,
          sendAt,
          permissionConfirmedAt: at.toISOString(),
          createdAt: at.toISOString(),
          waitingUntil: null,
          reminderDays: input.reminderDays ?? defaultReminderDays,
          source: 'upload',
        },
        rows,
      );
      logger.info('Review request batch scheduled', { surveyId, batchId, rows: recipients.length, sendAt });
      return toApiBatch(batch);
    },

    /**
     * One page of the survey's batches, newest first (the webhook makes one per customer, so there may be
     * thousands): `cursor` is the previous page's `nextCursor`.
     */
    async listBatches(userId: string, surveyId: string, cursor?: string): Promise<RequestBatchPage> {
      await ownedSurvey(userId, surveyId);
      try {
        const { items, next } = await requests.pageBatches(userId, surveyId, cursor, requestBatchPageSize);
        return { batches: items.map(toApiBatch), nextCursor: next };
      } catch (error) {
        if (error instanceof InvalidBatchCursorError) throw new ApiError('BAD_REQUEST', 'Invalid cursor');
        throw error;
      }
    },

    /** A page of a batch's customers with each one's state (and why one was skipped). */
    async listRecipients(
      userId: string,
      surveyId: string,
      batchId: string,
      cursor: string | undefined,
    ): Promise<RequestRecipientPage> {
      await ownedSurvey(userId, surveyId);
      if (!plausibleId.test(batchId) || !(await requests.getBatch(userId, surveyId, batchId)))
        throw new ApiError('NOT_FOUND', requestMessages.batchNotFound);
      if (cursor !== undefined && !/^\d{5}$/.test(cursor)) throw new ApiError('BAD_REQUEST', 'Invalid cursor');
      const { items, next } = await requests.pageRecipients(batchId, cursor, requestRecipientPageSize);
      return {
        recipients: items.map(toApiRecipient),
        nextCursor: next,
      };
    },

    /** The survey's funnel: one item, whatever the number of requests. */
    async getFunnel(userId: string, surveyId: string): Promise<RequestFunnel> {
      await ownedSurvey(userId, surveyId);
      return requests.getFunnel(surveyId);
    },

    /**
     * One-click unsubscribe (RFC 8058) with the mail's unsubscribe token (never the survey link's): its address goes on its owner's suppression list, so no request
     * of theirs reaches it again. Unknown or forged tokens change nothing and are answered the same way.
     */
    async unsubscribe(token: string): Promise<void> {
      const decoded = decodeRequestToken(token);
      if (!decoded) return;
      const recipient = await requests.getRecipient(decoded.batchId, decoded.recipientId);
      if (!recipient || !tokenProves(recipient, 'unsubscribe', decoded.secret)) return;
      // Every way the customer was asked by: an unsubscribe from a mail also ends the texts, and the other way round.
      for (const address of addressesOf(recipient))
        await requests.suppress(recipient.userId, address, 'unsubscribed', now().toISOString());
      // A request of this batch that is still queued is skipped now rather than at its turn; a sent one's row
      // says the customer unsubscribed (one write here, so the owner's list reads no suppression list).
      if (recipient.state === 'queued') await requests.skip(recipient.batchId, recipient.id, 'unsubscribed');
      else await requests.markSuppressed(recipient.batchId, recipient.id, 'unsubscribed');
      logger.info('Customer unsubscribed', { batchId: recipient.batchId });
    },
  };
}

export type RequestService = ReturnType<typeof createRequestService>;
