import {
  minSubmitElapsedMs,
  publicSurveyCacheControl,
  publicSurveyNotFoundCacheControl,
  type LambdaEnv,
} from '@reviewroute/shared';
import { ApiError } from '../../lib/api-error';
import { processLambdaEnv } from '../../lib/env';
import { createDomainHandler, type DomainHandlerOptions, type RouteRequest } from '../../lib/http';
import { originCheckOf } from '../../lib/origin-verify';
import { configureLogger } from '../../lib/logger';
import { tableEntities } from '../../data/client';
import { createDynamoClientKeySalts } from '../../data/client-key-salts';
import { createDynamoRateLimiter } from '../../data/rate-window';
import { createDynamoResponseStore } from '../../data/response-store';
import { createDynamoSurveyRepository } from '../../data/survey-repository';
import { createDynamoSurveyStats } from '../../data/survey-stats';
import { createDynamoWebsiteReviews } from '../../data/website-reviews';
import { createDynamoReviewRequestStore } from '../../data/review-requests';
import { createLinkMarker, createLinkOriginReader } from '../../data/link-marks';
import {
  createPublicSurveyService,
  defaultSubmitRateLimit,
  defaultSurveyRateLimit,
  type ClientInfo,
  type PublicSurveyService,
} from './service';

/** The submitter: the viewer's address as the API trusts it (never a header an unverified caller chose). */
export const clientOf = ({ headers, viewerIp }: RouteRequest<'submit-response'>): ClientInfo => ({
  viewerIp,
  userAgent: headers['user-agent'] ?? '',
});

/** A positive whole number from a setting, else the default. */
function positiveSetting(raw: string | undefined, fallback: number): number {
  const value = raw === undefined ? NaN : Number(raw);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** PUBLIC_SUBMIT_RATE_LIMIT: submits per client per minute (default 10); read per request. */
export const submitRateLimit = (env: Pick<LambdaEnv, 'PUBLIC_SUBMIT_RATE_LIMIT'>): number =>
  positiveSetting(env.PUBLIC_SUBMIT_RATE_LIMIT, defaultSubmitRateLimit);

/** PUBLIC_SUBMIT_SURVEY_RATE_LIMIT: submits per survey per minute (default 1,200, sized in shared). */
export const surveyRateLimit = (env: Pick<LambdaEnv, 'PUBLIC_SUBMIT_SURVEY_RATE_LIMIT'>): number =>
  positiveSetting(env.PUBLIC_SUBMIT_SURVEY_RATE_LIMIT, defaultSurveyRateLimit);

/** PUBLIC_SUBMIT_MIN_FILL_MS: the least fill time the API measured (default minSubmitElapsedMs; 0 allowed). */
export function minFillMs(env: Pick<LambdaEnv, 'PUBLIC_SUBMIT_MIN_FILL_MS'>): number {
  const value = Number(env.PUBLIC_SUBMIT_MIN_FILL_MS ?? NaN);
  return Number.isInteger(value) && value >= 0 ? value : minSubmitElapsedMs;
}

/** CORS for a read any site may make (the reviews widget on the owner's own site). */
const anyOrigin = { 'access-control-allow-origin': '*' };

/** The public survey page's API (routes of domain `public`, no auth); the service is built on first use. */
export function createPublicHandler(serviceOf: () => PublicSurveyService, options?: DomainHandlerOptions) {
  return createDomainHandler(
    'public',
    {
      'get-public-survey': async ({ params: { surveyCode } }) => {
        try {
          const survey = await serviceOf().getPublicSurvey(surveyCode);
          return { body: survey, headers: { 'cache-control': publicSurveyCacheControl } };
        } catch (error) {
          // A short negative cache: a burst of scans of a bad code does not reach DynamoDB each time.
          if (error instanceof ApiError && error.code === 'NOT_FOUND')
            throw new ApiError(error.code, error.message, error.fields, {
              ...error.headers,
              'cache-control': publicSurveyNotFoundCacheControl,
            });
          throw error;
        }
      },
      // Read from the owner's own site: any origin may read it (no credentials, nothing personal beyond what the
      // customers allowed), and CloudFront caches it as the survey read, a 404 briefly.
      'get-survey-widget': async ({ params: { surveyCode } }) => {
        try {
          const widget = await serviceOf().getWidget(surveyCode);
          return { body: widget, headers: { 'cache-control': publicSurveyCacheControl, ...anyOrigin } };
        } catch (error) {
          if (error instanceof ApiError && error.code === 'NOT_FOUND')
            throw new ApiError(error.code, error.message, error.fields, {
              ...error.headers,
              'cache-control': publicSurveyNotFoundCacheControl,
              ...anyOrigin,
            });
          throw error;
        }
      },
      'start-response': async ({ params: { surveyCode } }) => ({
        status: 201,
        body: await serviceOf().start(surveyCode),
      }),
      'submit-response': async (request) => ({
        status: 201,
        body: await serviceOf().submit(request.params.surveyCode, request.body, clientOf(request)),
      }),
      'record-review-click': async ({ params: { surveyCode, responseId }, body: { token, requestToken } }) => {
        await serviceOf().recordReviewClick(surveyCode, responseId, token, requestToken);
        return { status: 204 };
      },
      'record-link-open': async ({ params: { surveyCode }, body: { requestToken } }) => {
        await serviceOf().recordLinkOpen(surveyCode, requestToken);
        return { status: 204 };
      },
    },
    options,
  );
}

/** The public survey Lambda for one environment (the local stack passes its own). */
export function createHandler(env: LambdaEnv) {
  configureLogger(env);
  const entities = tableEntities(env);
  const requests = createDynamoReviewRequestStore(entities);
  let service: PublicSurveyService | undefined;
  return createPublicHandler(
    () =>
      (service ??= createPublicSurveyService({
        surveys: createDynamoSurveyRepository(entities),
        responses: createDynamoResponseStore(entities),
        rateLimiter: createDynamoRateLimiter(entities),
        salts: createDynamoClientKeySalts(entities),
        submitRateLimit: () => submitRateLimit(env),
        surveyRateLimit: () => surveyRateLimit(env),
        minFillMs: () => minFillMs(env),
        markLink: createLinkMarker(requests),
        linkOrigin: createLinkOriginReader(requests),
        widget: { stats: createDynamoSurveyStats(entities), reviews: createDynamoWebsiteReviews(entities) },
      })),
    { originCheck: originCheckOf(env) },
  );
}

/** Lambda's entry: process.env, read when a variable is first needed. */
export const handler = createHandler(processLambdaEnv);
