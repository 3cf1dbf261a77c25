import type { Context } from 'aws-lambda';
import { routeKey, routeOf, type LambdaEnv } from '@reviewroute/shared';
import { tableEntities } from '../../data/client';
import { ownerRequestLimitOf } from '../../data/owner-request-limit';
import { createDynamoErasureRepository } from '../../data/erasure-repository';
import { createDynamoRateLimiter, createSoftRateLimiter } from '../../data/rate-window';
import { createDynamoReviewRequestStore } from '../../data/review-requests';
import { createDynamoSurveyRepository } from '../../data/survey-repository';
import { processLambdaEnv } from '../../lib/env';
import { erasedCheckOf } from '../../lib/erasure-guard';
import { createDomainHandler, type ApiEvent, type ApiResponse, type DomainHandlerOptions } from '../../lib/http';
import { configureLogger } from '../../lib/logger';
import { mailLinkKeyOf } from '../../lib/mail-link-key';
import { originCheckOf } from '../../lib/origin-verify';
import { requestTokensOf } from '../../lib/request-token';
import { entitlementsReaderOf } from '../../entitlements/entitlements-reader';
import { createHookService, type HookService } from './hook-service';
import { createRequestQuota, createUploadPace } from './request-quota';
import { sendingHealthOf, type SendingHealth } from './sending-health';
import { createRequestService, type RequestService } from './service';
import { createRequestSettingsService, createShortLinkResolver } from './short-link-service';
import { createDynamoShortLinks } from '../../data/short-links';
import { createDynamoTextAllowance } from '../../data/text-allowance';
import { ApiError } from '../../lib/api-error';

/** The texts' parts of the API: the short links' redirect and the owner's request settings. */
export interface TextRoutes {
  resolveShortLink: ReturnType<typeof createShortLinkResolver>;
  settings: ReturnType<typeof createRequestSettingsService>;
}

/** Without texts wired (a test of other routes), no short link exists and settings are not served. */
const noTexts = (): TextRoutes => ({
  resolveShortLink: async () => undefined,
  get settings(): TextRoutes['settings'] {
    throw new Error('No request settings wired');
  },
});

const unsubscribeRouteKey = routeKey(routeOf('unsubscribe'));

/**
 * RFC 8058's one-click POST carries `List-Unsubscribe=One-Click` form-encoded; the token in the path is all the
 * route reads, so the body is dropped before the JSON stack would refuse it.
 */
export function withoutUnsubscribeBody(event: ApiEvent): ApiEvent {
  return event.routeKey === unsubscribeRouteKey && event.body ? { ...event, body: undefined } : event;
}

/** The review-request API (domain `requests`); the services are built on first use. */
export function createRequestsHandler(
  serviceOf: () => RequestService,
  hooksOf: () => HookService,
  options?: DomainHandlerOptions,
  healthOf: () => SendingHealth = () => {
    throw new Error('No sending health wired');
  },
  textsOf: () => TextRoutes = noTexts,
) {
  const handler = createDomainHandler(
    'requests',
    {
      'create-request-batch': async ({ owner, params: { surveyId }, body }) => ({
        status: 201,
        body: await serviceOf().create(owner.userId, surveyId, body),
      }),
      'list-request-batches': async ({ owner, params: { surveyId }, query }) => ({
        body: await serviceOf().listBatches(owner.userId, surveyId, query.cursor),
      }),
      'list-request-recipients': async ({ owner, params: { surveyId, batchId }, query }) => ({
        body: await serviceOf().listRecipients(owner.userId, surveyId, batchId, query.cursor),
      }),
      'get-request-funnel': async ({ owner, params: { surveyId } }) => ({
        body: await serviceOf().getFunnel(owner.userId, surveyId),
      }),
      'get-request-sending': async ({ owner }) => ({ body: await healthOf().status(owner.userId, 'mail') }),
      'resume-request-sending': async ({ owner }) => ({ body: await healthOf().resume(owner.userId, 'mail') }),
      'get-request-settings': async ({ owner }) => ({ body: await textsOf().settings.get(owner.userId) }),
      'update-request-settings': async ({ owner, body }) => ({
        body: await textsOf().settings.set(owner.userId, body.textsWhenSpent),
      }),
      // A text's short link: a redirect (never cached: the link's target is the request's, which may expire).
      'open-short-link': async ({ params: { code } }) => {
        const target = await textsOf().resolveShortLink(code);
        if (!target) throw new ApiError('NOT_FOUND');
        return { status: 302, headers: { location: target, 'cache-control': 'no-store' } };
      },
      unsubscribe: async ({ params: { token } }) => {
        await serviceOf().unsubscribe(token);
        return { status: 200 };
      },
      // The inbound webhook: accepted (202) whether it scheduled the request now or an earlier call did.
      'call-request-hook': async ({ params: { token }, body }) => ({
        status: 202,
        body: await hooksOf().call(token, body),
      }),
      'get-request-hook': async ({ owner, params: { surveyId } }) => ({
        body: { hook: await hooksOf().get(owner.userId, surveyId) },
      }),
      'regenerate-request-hook': async ({ owner, params: { surveyId }, body }) => ({
        status: 201,
        body: await hooksOf().regenerate(owner.userId, surveyId, body),
      }),
      'update-request-hook': async ({ owner, params: { surveyId }, body }) => ({
        body: await hooksOf().setDelay(owner.userId, surveyId, body.delayMinutes),
      }),
    },
    options,
  );
  return (event: ApiEvent, context: Context): Promise<ApiResponse> => handler(withoutUnsubscribeBody(event), context);
}

/** The requests Lambda for one environment (the local stack passes its own). */
export function createHandler(env: LambdaEnv) {
  configureLogger(env);
  const entities = tableEntities(env);
  // The hashes of each new request's token secrets are made under the mail-link key.
  const tokens = requestTokensOf(mailLinkKeyOf(env));
  let service: RequestService | undefined;
  let hooks: HookService | undefined;
  let health: SendingHealth | undefined;
  let texts: TextRoutes | undefined;
  // Uploads and the hook's calls count in one daily quota per owner, by their plan.
  const entitlements = entitlementsReaderOf(env);
  const quota = createRequestQuota({ limiter: createDynamoRateLimiter(entities), quotaOf: entitlements });
  return createRequestsHandler(
    () =>
      (service ??= createRequestService({
        surveys: createDynamoSurveyRepository(entities),
        requests: createDynamoReviewRequestStore(entities),
        tokens,
        quota,
        // Refused windows are kept in memory: a script's flood of uploads costs no write.
        uploadPace: createUploadPace(createSoftRateLimiter(createDynamoRateLimiter(entities), 0)),
        // A trial's (or a lapsed account's) own text carries no links but the survey's (decisions 26).
        linksAllowed: async (userId) => (await entitlements(userId)).plan !== null,
      })),
    () =>
      (hooks ??= createHookService({
        surveys: createDynamoSurveyRepository(entities),
        requests: createDynamoReviewRequestStore(entities),
        limiter: createDynamoRateLimiter(entities),
        tokens,
        quota,
      })),
    {
      originCheck: originCheckOf(env),
      isErased: erasedCheckOf(createDynamoErasureRepository(entities)),
      ownerLimit: ownerRequestLimitOf(env, entities),
    },
    () => (health ??= sendingHealthOf(env)),
    () =>
      (texts ??= {
        resolveShortLink: createShortLinkResolver({
          shortLinks: createDynamoShortLinks(entities),
          requests: createDynamoReviewRequestStore(entities),
          surveys: createDynamoSurveyRepository(entities),
          tokens,
          siteOrigin: env.SITE_ORIGIN,
        }),
        settings: createRequestSettingsService({
          allowance: createDynamoTextAllowance(entities),
          monthlyTextsOf: async (userId) => (await entitlements(userId)).monthlyTexts,
        }),
      }),
  );
}

/** Lambda's entry: process.env, read when a variable is first needed. */
export const handler = createHandler(processLambdaEnv);
