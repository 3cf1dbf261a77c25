import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import {
  contractOf,
  maxRequestBodyBytes,
  originVerifyHeader,
  routeKey,
  routesOfDomain,
  type ApiDomain,
  type OwnerRouteId,
  type RouteBodyOf,
  type RouteDefinition,
  type RouteId,
  type RouteIdOf,
  type RouteParamsOf,
  type RouteQueryOf,
  type RouteResponseBody,
  type RouteSchemas,
} from '@reviewroute/shared';
import { ApiError, rateLimited } from './api-error';
import { AccountErasedError, type ErasedCheck } from './erasure-guard';
import { logger } from './logger';
import type { OriginCheck } from './origin-verify';
import { busyRetryAfterSeconds, isServiceBusy } from './service-busy';
import { isRestProxyEvent, toHttpApiEvent, toRestProxyResult, type RestProxyEvent } from './rest-proxy-event';
import { parseInput } from './validation';
import { viewerIpOf } from './viewer';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResponse = APIGatewayProxyStructuredResultV2;

/** The signed-in owner, taken only from the claims the JWT authorizer verified. */
export interface Owner {
  userId: string;
  email: string;
}

/**
 * What a route's implementation receives: its path parameters, query and body parsed by the route's
 * schemas (`routeContracts` in shared; undefined where the route has none), and the owner exactly on owner
 * routes. Without `Id`, the request of any route.
 */
export type RouteRequest<Id extends RouteId = RouteId> = Id extends RouteId
  ? {
      params: RouteParamsOf<Id>;
      query: RouteQueryOf<Id>;
      body: RouteBodyOf<Id>;
      headers: Record<string, string | undefined>;
      /**
       * The viewer's IP: CloudFront's viewer address on a request that carried the origin secret, else the
       * gateway's source IP. Never the User-Agent, never a header an unverified caller chose.
       */
      viewerIp: string;
      event: ApiEvent;
    } & (Id extends OwnerRouteId ? { owner: Owner } : { owner?: never })
  : never;

/**
 * What an implementation answers: a success, its body typed by the route's response schema (none where
 * the route answers without one). Failures are thrown as ApiError. The body is typed, not validated at
 * run time: the services build it from typed values, and a second parse of every answer would cost each
 * request for what the compiler already checks.
 */
export type RouteResult<Id extends RouteId = RouteId> = {
  status?: number;
  headers?: Record<string, string>;
} & (RouteResponseBody<Id> extends undefined ? { body?: never } : { body: RouteResponseBody<Id> });

export type RouteImplementation<Id extends RouteId> = (
  request: RouteRequest<Id>,
) => Promise<RouteResult<Id>> | RouteResult<Id>;

/** One implementation per route of the domain, no more, no fewer: a missing or misspelt id fails to compile. */
export type DomainImplementations<D extends ApiDomain> = { [Id in RouteIdOf<D>]: RouteImplementation<Id> };

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): ApiResponse {
  return {
    statusCode: status,
    headers: { ...jsonHeaders, ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

export function ownerFromClaims(event: ApiEvent): Owner | undefined {
  const claims = event.requestContext?.authorizer?.jwt?.claims;
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub === '') return undefined;
  const email = typeof claims?.email === 'string' ? claims.email : '';
  return { userId: sub, email };
}

/** Errors raised by middy middlewares (body parser, …) carry a status; map them onto the contract's codes. */
function toApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  // A creating write whose tombstone condition failed: the account was deleted meanwhile.
  if (error instanceof AccountErasedError) return new ApiError('UNAUTHORIZED');
  const e = error as { statusCode?: unknown; expose?: unknown; message?: unknown } | null;
  if (!e || typeof e.statusCode !== 'number' || e.statusCode >= 500) return undefined;
  const message = typeof e.message === 'string' ? e.message : undefined;
  switch (e.statusCode) {
    case 415:
      // The body parser answers 415 both for a wrong content type and for malformed JSON.
      return message?.includes('malformed')
        ? new ApiError('BAD_REQUEST', 'Invalid or malformed JSON was provided')
        : new ApiError('UNSUPPORTED_MEDIA_TYPE');
    case 413:
      return new ApiError('PAYLOAD_TOO_LARGE');
    case 401:
      return new ApiError('UNAUTHORIZED');
    case 404:
      return new ApiError('NOT_FOUND');
    default:
      return new ApiError('BAD_REQUEST', message);
  }
}

/**
 * Error handler with the `{ "error": { "code", "message" } }` contract (decisions 15). It follows
 * middy's http-error-handler: client errors are exposed as they are, anything else is logged and
 * answered with a bare 500, because a 5xx is always our bug and its details stay in the logs. The one
 * exception is storage that stayed throttled or busy through its retries: 503 with Retry-After.
 */
export const apiErrorHandler = (): middy.MiddlewareObj<ApiEvent, ApiResponse> => ({
  onError: async (request) => {
    if (request.response !== undefined && request.error === undefined) return;
    const apiError = toApiError(request.error);
    if (apiError) {
      logger.info('Request refused', { code: apiError.code, status: apiError.statusCode, reason: apiError.message });
      request.response = jsonResponse(apiError.statusCode, apiError.toBody(), apiError.headers);
      return;
    }
    if (isServiceBusy(request.error)) {
      logger.warn('Storage busy after retries', { error: String(request.error) });
      request.response = jsonResponse(503, new ApiError('SERVICE_UNAVAILABLE').toBody(), {
        'retry-after': String(busyRetryAfterSeconds),
      });
      return;
    }
    logger.error('Unhandled error', request.error as Error);
    request.response = jsonResponse(500, new ApiError('INTERNAL').toBody());
  },
});

/** A body's size in bytes, without decoding or copying it. */
function bodyBytes(body: string, isBase64Encoded: boolean | undefined, limit: number): number {
  // Base64 carries 3 bytes in 4 characters, less its padding.
  if (isBase64Encoded)
    return Math.floor((body.length * 3) / 4) - (body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0);
  // A UTF-16 unit is one to three UTF-8 bytes: the length alone settles most cases.
  if (body.length > limit || body.length * 3 <= limit) return body.length;
  return Buffer.byteLength(body, 'utf8');
}

/**
 * Refuses a body over its route's limit (`maxRequestBodyBytes` unless the route table gives the route its own
 * `maxBodyBytes`) before anything reads it: the work a request can cause stays bounded whatever it carries
 * (API Gateway itself would pass up to 10 MB).
 */
const bodySizeLimit = (limitOf: (routeKey: string) => number): middy.MiddlewareObj<ApiEvent, ApiResponse> => ({
  before: async ({ event }) => {
    if (event.body && bodyBytes(event.body, event.isBase64Encoded, limitOf(event.routeKey)) > limitOf(event.routeKey))
      throw new ApiError('PAYLOAD_TOO_LARGE');
  },
});

/** Requests that proved they came through our CloudFront (the origin-verify header matched). */
const viaOurCloudFront = new WeakSet<ApiEvent>();

/**
 * Refuses (403) a request without CloudFront's origin-verify header before any other work: the API's
 * own endpoint answers anyone, and only CloudFront runs the edge's limits (WAF) and knows the viewer.
 * Without a configured check (unit tests) nothing is refused and no forwarded address is believed.
 */
const originVerification = (check: OriginCheck | undefined): middy.MiddlewareObj<ApiEvent, ApiResponse> => ({
  before: async ({ event }) => {
    if (!check) return;
    if (!(await check(event.headers?.[originVerifyHeader]))) throw new ApiError('FORBIDDEN');
    viaOurCloudFront.add(event);
  },
});

/** The JSON body parser refuses a missing body; GET and DELETE calls legitimately have none. */
const jsonBodyWhenPresent = (): middy.MiddlewareObj<ApiEvent, ApiResponse> => {
  const parser = httpJsonBodyParser();
  return {
    before: async (request) => {
      const body = request.event.body;
      if (body === undefined || body === null || body === '') return;
      await parser.before!(request as never);
    },
  };
};

const paramNames = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/**
 * Builds the Lambda handler of one API domain: the middy stack plus a small router that dispatches on
 * the HTTP API route key. Its type insists that `implementations` covers exactly the domain's routes in
 * the shared table, so the table, the CDK routes and the code cannot drift apart.
 */
export interface DomainHandlerOptions {
  /** The origin-verify check (`originCheckOf(env)`); without it every caller is served and none trusted. */
  originCheck?: OriginCheck | undefined;
  /**
   * Asked before a route the table marks `createsData` runs (one read): a deleted account's user gets 401.
   * Without it (unit tests of other things) nobody is refused.
   */
  isErased?: ErasedCheck | undefined;
  /** Asked on every owner route before its work: past the owner's limit, 429 with Retry-After. */
  ownerLimit?: OwnerRequestLimit | undefined;
}

/** The seconds until the owner may call owner routes again, or undefined while under the limit. */
export type OwnerRequestLimit = (userId: string) => Promise<number | undefined>;

/** Parses one part of the request with the route's schema for it; a part without a schema is not read. */
const parsePart = (schema: RouteSchemas['body'], input: unknown): unknown =>
  schema ? parseInput(schema, input) : undefined;

export function createDomainHandler<D extends ApiDomain>(
  domain: D,
  implementations: DomainImplementations<D>,
  { originCheck, isErased, ownerLimit }: DomainHandlerOptions = {},
) {
  type Entry = {
    route: RouteDefinition;
    schemas: RouteSchemas;
    params: string[];
    implementation: (request: RouteRequest) => Promise<RouteResult> | RouteResult;
  };
  const byKey = new Map<string, Entry>(
    routesOfDomain(domain).map((route) => [
      routeKey(route),
      {
        route,
        schemas: contractOf(route.id as RouteId),
        params: paramNames(route.path),
        implementation: implementations[route.id as RouteIdOf<D>] as unknown as Entry['implementation'],
      },
    ]),
  );

  const router = async (event: ApiEvent): Promise<ApiResponse> => {
    const entry = byKey.get(event.routeKey);
    if (!entry) throw new ApiError('NOT_FOUND');
    const owner = ownerFromClaims(event);
    // Defence in depth: the JWT authorizer already refused the request if this were missing.
    if (entry.route.auth === 'owner' && !owner) throw new ApiError('UNAUTHORIZED');
    if (entry.route.auth === 'owner' && owner && ownerLimit) {
      const wait = await ownerLimit(owner.userId);
      if (wait !== undefined) throw rateLimited(wait);
    }
    if (owner && isErased && entry.route.createsData && (await isErased(owner.userId)))
      throw new ApiError('UNAUTHORIZED');
    logger.appendKeys({ route: entry.route.id });
    const { schemas } = entry;
    const result = await entry.implementation({
      params: parsePart(
        schemas.params,
        Object.fromEntries(entry.params.map((name) => [name, event.pathParameters?.[name] ?? ''])),
      ),
      query: parsePart(schemas.query, event.queryStringParameters ?? {}),
      body: parsePart(schemas.body, event.body),
      headers: event.headers ?? {},
      viewerIp: viewerIpOf(event.headers ?? {}, event.requestContext?.http?.sourceIp, viaOurCloudFront.has(event)),
      ...(entry.route.auth === 'owner' ? { owner } : {}),
      event,
    } as RouteRequest);
    return jsonResponse(result.status ?? 200, result.body, result.headers);
  };

  const handle = middy<ApiEvent, ApiResponse, Error, Context>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(httpHeaderNormalizer())
    .use(originVerification(originCheck))
    .use(bodySizeLimit((key) => byKey.get(key)?.route.maxBodyBytes ?? maxRequestBodyBytes))
    .use(jsonBodyWhenPresent())
    .use(apiErrorHandler())
    .handler(router);
  // In AWS the REST API's proxy integration sends payload 1.0: converted here, so all of the above sees 2.0.
  return async (event: ApiEvent | RestProxyEvent, context: Context): Promise<ApiResponse> =>
    isRestProxyEvent(event) ? toRestProxyResult(await handle(toHttpApiEvent(event), context)) : handle(event, context);
}
