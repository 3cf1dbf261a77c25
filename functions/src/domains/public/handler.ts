import { publicSurveyCacheControl, publicSurveyNotFoundCacheControl, type LambdaEnv } from '@reviewroute/shared';
import { ApiError } from '../../lib/api-error';
import { processLambdaEnv } from '../../lib/env';
import { createDomainHandler, type RouteRequest } from '../../lib/http';
import { configureLogger } from '../../lib/logger';
import { tableEntities } from '../../data/client';
import { createDynamoResponseRepository } from '../../data/response-repository';
import { createDynamoSurveyRepository } from '../../data/survey-repository';
import {
  createPublicSurveyService,
  defaultSubmitRateLimit,
  type ClientInfo,
  type PublicSurveyService,
} from './service';

/**
 * The client as seen at the edge. Behind CloudFront the gateway's source IP is CloudFront's, so the
 * public-surveys behaviour forwards `CloudFront-Viewer-Address` (`ip:port`); called directly (locally),
 * the gateway's source IP is the client's. Only ever hashed, never stored (decisions 14).
 */
export function clientOf({ headers, event }: RouteRequest): ClientInfo {
  const viewer = headers['cloudfront-viewer-address'];
  const sourceIp = viewer ? viewer.slice(0, Math.max(0, viewer.lastIndexOf(':'))) || viewer : undefined;
  return {
    sourceIp: sourceIp ?? event.requestContext?.http?.sourceIp ?? '',
    userAgent: headers['user-agent'] ?? event.requestContext?.http?.userAgent ?? '',
  };
}

/** PUBLIC_SUBMIT_RATE_LIMIT: submits per client per minute (default 10); read per request. */
export function submitRateLimit(env: Pick<LambdaEnv, 'PUBLIC_SUBMIT_RATE_LIMIT'>): number {
  const raw = env.PUBLIC_SUBMIT_RATE_LIMIT;
  const value = raw === undefined ? NaN : Number(raw);
  return Number.isInteger(value) && value > 0 ? value : defaultSubmitRateLimit;
}

/** The public survey page's API (routes of domain `public`, no auth); the service is built on first use. */
export function createPublicHandler(serviceOf: () => PublicSurveyService) {
  return createDomainHandler('public', {
    'get-public-survey': async ({ pathParameters }) => {
      try {
        const survey = await serviceOf().getPublicSurvey(pathParameters.surveyCode);
        return { body: survey, headers: { 'cache-control': publicSurveyCacheControl } };
      } catch (error) {
        // A short negative cache: a burst of scans of a bad code does not reach DynamoDB each time.
        if (error instanceof ApiError && error.code === 'NOT_FOUND')
          return { status: 404, body: error.toBody(), headers: { 'cache-control': publicSurveyNotFoundCacheControl } };
        throw error;
      }
    },
    'submit-response': async (request) => ({
      status: 201,
      body: await serviceOf().submit(request.pathParameters.surveyCode, request.body, clientOf(request)),
    }),
    'record-review-click': async ({ pathParameters, body }) => {
      await serviceOf().recordReviewClick(pathParameters.responseId, body);
      return { status: 204 };
    },
  });
}

/** The public survey Lambda for one environment (the local stack passes its own). */
export function createHandler(env: LambdaEnv) {
  configureLogger(env);
  const entities = tableEntities(env);
  let service: PublicSurveyService | undefined;
  return createPublicHandler(
    () =>
      (service ??= createPublicSurveyService({
        surveys: createDynamoSurveyRepository(entities),
        responses: createDynamoResponseRepository(entities),
        submitRateLimit: () => submitRateLimit(env),
      })),
  );
}

/** Lambda's entry: process.env, read when a variable is first needed. */
export const handler = createHandler(processLambdaEnv);
