import {
  defaultReminderDays,
  requestContactOf,
  defaultHookDelayMinutes,
  requestHookMessages,
  requestHookRateLimit,
  surveyMessages,
  type HookRequest,
  type HookRequestResult,
  type RegenerateRequestHook,
  type RequestHook,
  type RequestHookCreated,
} from '@reviewroute/shared';
import { ApiError, rateLimited } from '../../lib/api-error';
import { AccountErasedError } from '../../lib/erasure-guard';
import { newId } from '../../lib/ids';
import { logger } from '../../lib/logger';
import { rateSlot, retryAfterSeconds, type RateLimiter } from '../../data/rate-window';
import type { SurveyRepository } from '../../data/survey-repository';
import {
  externalIdHashOf,
  HookCallTakenError,
  type HookCallRecord,
  type RequestHookRecord,
} from '../../data/request-hooks';
import { recipientIdOf } from '../../data/request-recipients';
import type { ReviewRequestStore } from '../../data/review-requests';
import type { RequestQuota } from './request-quota';
import { skipSuppressed } from './suppressed-rows';
import { requestMessages } from './service';
import { decodeHookToken, encodeHookToken, hookSecretHashOf, hookSecretMatches, newHookSecret } from './hook-token';
import type { RequestTokenSource } from '../../lib/request-token';

export interface HookServiceDeps {
  surveys: Pick<SurveyRepository, 'get'>;
  requests: ReviewRequestStore;
  /** The shared fixed-window limiter; the hook's calls count under `hook:{surveyId}`. */
  limiter: RateLimiter;
  now?: () => Date;
  newId?: () => string;
  /** The hashes of each customer's token secrets (under the mail-link key). */
  tokens: Pick<RequestTokenSource, 'hasher'>;
  /** The random part of the hook's token. */
  newHookSecret?: () => string;
  /** The owner's daily quota of scheduled batches and rows (`request-quota.ts`): 429 past it. */
  quota: RequestQuota;
}

const plausibleId = /^[A-Za-z0-9-]{1,64}$/;
/** Every refusal of a token looks the same: nobody learns which surveys have hooks or which tokens were valid. */
const hookNotFound = () => new ApiError('NOT_FOUND', requestHookMessages.hookNotFound);

export const toApiHook = (hook: RequestHookRecord): RequestHook => ({
  surveyId: hook.surveyId,
  delayMinutes: hook.delayMinutes,
  createdAt: hook.createdAt,
  tokenCreatedAt: hook.tokenCreatedAt,
  permissionConfirmedAt: hook.permissionConfirmedAt,
});

/**
 * The inbound webhook of review requests: the owner's settings of a survey's hook, and the calls of booking
 * and till systems. A call records a batch of one customer due after the hook's delay (the same batch the
 * owner's upload makes), so the requests worker sends it under the same rules: the plan's daily cap, the
 * suppression list and one request per address and survey in 30 days.
 */
export function createHookService(deps: HookServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const makeId = deps.newId ?? (() => newId());
  const makeHookSecret = deps.newHookSecret ?? newHookSecret;
  const { requests } = deps;

  async function ownedSurvey(userId: string, surveyId: string) {
    if (!plausibleId.test(surveyId)) throw new ApiError('NOT_FOUND', surveyMessages.surveyNotFound);
    const survey = await deps.surveys.get(userId, surveyId);
    if (!survey) throw new ApiError('NOT_FOUND', surveyMessages.surveyNotFound);
    return survey;
  }

  /** The hook of the survey if it is this owner's (a survey id is never shared, but the check costs nothing). */
  async function ownHook(userId: string, surveyId: string) {
    const hook = await requests.getHook(surveyId);
    return hook?.userId === userId ? hook : undefined;
  }

  const duplicate = (call: HookCallRecord): HookRequestResult => ({ status: 'duplicate', sendAt: call.sendAt });

  return {
    async get(userId: string, surveyId: string): Promise<RequestHook | null> {
      await ownedSurvey(userId, surveyId);
      const hook = await ownHook(userId, surveyId);
      return hook ? toApiHook(hook) : null;
    },

    /** Makes the survey's hook, or gives it a new token: the old URL stops working with this write. */
    async regenerate(userId: string, surveyId: string, input: RegenerateRequestHook): Promise<RequestHookCreated> {
      await ownedSurvey(userId, surveyId);
      const existing = await ownHook(userId, surveyId);
      const at = now().toISOString();
      const secret = makeHookSecret();
      const hook: RequestHookRecord = {
        surveyId,
        userId,
        tokenHash: hookSecretHashOf(secret),
        delayMinutes: input.delayMinutes ?? existing?.delayMinutes ?? defaultHookDelayMinutes,
        permissionConfirmedAt: at,
        createdAt: existing?.createdAt ?? at,
        tokenCreatedAt: at,
      };
      await requests.saveHook(hook, at);
      logger.info(existing ? 'Request hook token replaced' : 'Request hook created', { surveyId });
      return { hook: toApiHook(hook), token: encodeHookToken(surveyId, secret) };
    },

    async setDelay(userId: string, surveyId: string, delayMinutes: number): Promise<RequestHook> {
      await ownedSurvey(userId, surveyId);
      const hook = await requests.setHookDelay(userId, surveyId, delayMinutes, now().toISOString());
      if (!hook) throw hookNotFound();
      return toApiHook(hook);
    },

    /**
     * One customer from the calling system: scheduled after the hook's delay, once per external id. A wrong,
     * replaced or malformed token is 404, before anything is counted or stored.
     */
    async call(token: string, input: HookRequest): Promise<HookRequestResult> {
      const decoded = decodeHookToken(token);
      if (!decoded) throw hookNotFound();
      const hook = await requests.getHook(decoded.surveyId);
      if (!hook || !hookSecretMatches(decoded.secret, hook.tokenHash)) throw hookNotFound();
      const at = now();
      const slot = rateSlot(`hook:${hook.surveyId}`, requestHookRateLimit, at);
      if (!(await deps.limiter.consume(slot))) throw rateLimited(retryAfterSeconds(slot, at));

      const externalIdHash = externalIdHashOf(input.externalId);
      // The common repeat (a retried call) answers from one read; the transaction below settles a race.
      const seen = await requests.getHookCall(hook.surveyId, externalIdHash);
      if (seen) return duplicate(seen);

      const survey = await deps.surveys.get(hook.userId, hook.surveyId);
      if (!survey) throw hookNotFound();
      if (!survey.landingPageUrl || !survey.surveyCode) throw new ApiError('CONFLICT', requestMessages.notPublished);
      // A booking system's customers count in the owner's daily quota as an upload's do (one batch each).
      await deps.quota(hook.userId, 1, at);
      // A suppressed customer is recorded skipped (the owner's list shows why) and the caller told so at once.
      const [checked] = await skipSuppressed(requests, hook.userId, [input]);
      const skippedAs = checked?.skippedAs;
      const batchId = makeId();
      const sendAt = new Date(at.getTime() + hook.delayMinutes * 60_000).toISOString();
      const call: HookCallRecord = {
        surveyId: hook.surveyId,
        externalIdHash,
        batchId,
        sendAt,
        createdAt: at.toISOString(),
      };
      try {
        await requests.createBatch(
          {
            id: batchId,
            userId: hook.userId,
            surveyId: hook.surveyId,
            state: 'preparing',
            total: 1,
            template: null,
            sendAt,
            // The owner's confirmation for every customer the hook sends, given when they made its token.
            permissionConfirmedAt: hook.permissionConfirmedAt,
            createdAt: at.toISOString(),
            waitingUntil: null,
            // A booking system's customer gets the one reminder like an uploaded customer does.
            reminderDays: defaultReminderDays,
            // Shown apart on the owner's page: one batch per booking, so it is labelled as the system's.
            source: 'hook',
          },
          [
            {
              batchId,
              id: recipientIdOf(0),
              userId: hook.userId,
              surveyId: hook.surveyId,
              name: input.name,
              ...requestContactOf(input),
              language: input.language ?? survey.language,
              ...(await deps.tokens.hasher())(batchId, recipientIdOf(0)),
              ...(skippedAs ? { skippedAs } : {}),
            },
          ],
          call,
        );
      } catch (error) {
        if (error instanceof HookCallTakenError) {
          const first = await requests.getHookCall(hook.surveyId, externalIdHash);
          return first ? duplicate(first) : { status: 'duplicate', sendAt };
        }
        // The account was deleted between the read and the write: as if the hook never existed.
        if (error instanceof AccountErasedError) throw hookNotFound();
        throw error;
      }
      if (skippedAs) {
        logger.info('Review request by hook skipped: suppressed', { surveyId: hook.surveyId, batchId, skippedAs });
        return { status: 'skipped', reason: skippedAs, sendAt };
      }
      logger.info('Review request scheduled by hook', { surveyId: hook.surveyId, batchId, sendAt });
      return { status: 'scheduled', sendAt };
    },
  };
}

export type HookService = ReturnType<typeof createHookService>;
