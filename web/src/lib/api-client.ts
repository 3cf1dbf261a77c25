import {
  contractOf,
  type ErrorCode,
  errorBodySchema,
  pathOf,
  routeOf,
  type RouteBodyInput,
  type RouteDefinition,
  type RouteId,
  type RouteParams,
  type RouteQueryInput,
  type RouteResult,
} from '@reviewroute/shared';
import type * as AmplifyAuth from 'aws-amplify/auth';
import { type z } from 'zod';

import { ApiError } from './api-error';

// The error type lives in its own zod-free module (the query client needs it on every page); callers import it here.
export { ApiError, type ApiErrorCode } from './api-error';

/** The code to assume when an error response does not follow the contract (e.g. a proxy's HTML page). */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 400 && status < 500 ? 'BAD_REQUEST' : 'INTERNAL';
  }
}

/** Turns a non-2xx response into an ApiError, trusting the body only when it matches the contract. */
export async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new ApiError(response.status, code, message, fields);
  }
  return new ApiError(response.status, codeForStatus(response.status), `HTTP ${response.status}`);
}

// Loaded on first use: public pages call the API anonymously and never load Amplify. Every caller shares one
// import(): overlapping import()s of a mocked module get the real module under vitest.
let amplifyAuth: Promise<typeof AmplifyAuth> | undefined;

/** The Cognito ID token of the signed-in user (the API's JWT authorizer expects it), if any. */
export async function currentIdToken(): Promise<string | undefined> {
  try {
    amplifyAuth ??= import('aws-amplify/auth').catch((error: unknown) => {
      // A chunk that failed to load (a redeploy, the network) is tried again by the next call.
      amplifyAuth = undefined;
      throw error;
    });
    const { fetchAuthSession } = await amplifyAuth;
    const { tokens } = await fetchAuthSession();
    return tokens?.idToken?.toString();
  } catch {
    return undefined;
  }
}

interface RequestOptions extends Pick<RouteDefinition, 'method'> {
  /** Sent as JSON. */
  body?: unknown;
  /** Validates the response body; without it (a route answering none) the result is undefined or raw JSON. */
  schema?: z.ZodType | null;
  signal?: AbortSignal | undefined;
  /** Skip the Authorization header (public routes). */
  anonymous: boolean;
}

/**
 * Sends one request to our same-origin API. Attaches `Authorization: Bearer <idToken>` when signed in,
 * throws ApiError for every failure so callers (react-query) see one error type, and validates the body
 * with the schema.
 */
async function send(path: string, { method, body, schema, signal, anonymous }: RequestOptions): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (!anonymous) {
    const token = await currentIdToken();
    if (token) headers.authorization = `Bearer ${token}`;
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', (error as Error).message || 'Network error');
  }
  if (!response.ok) throw await toApiError(response);
  // A route whose contract has no response body (`response: null`) may still answer 200 without one: the
  // one-click unsubscribe answers mail clients that way (RFC 8058).
  if (response.status === 204 || schema === null) return undefined;
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ApiError(response.status, 'INVALID_RESPONSE', 'The response is not JSON');
  }
  if (!schema) return json;
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError(response.status, 'INVALID_RESPONSE', 'The response has an unexpected shape');
  return parsed.data;
}

/** What a call of route `Id` takes: exactly the path parameters, query and body its contract has. */
export type CallInput<Id extends RouteId> = (keyof RouteParams<Id> extends never
  ? { params?: never }
  : { params: RouteParams<Id> }) &
  (RouteQueryInput<Id> extends undefined ? { query?: never } : { query?: RouteQueryInput<Id> }) &
  (RouteBodyInput<Id> extends undefined ? { body?: never } : { body: RouteBodyInput<Id> }) & {
    signal?: AbortSignal | undefined;
  };

/** The query string of a call: its defined values, in order; '' without any. */
function searchOf(query: Record<string, unknown> | undefined): string {
  const entries = Object.entries(query ?? {}).flatMap(([name, value]) =>
    value === undefined || value === null ? [] : [[name, String(value)]],
  );
  return entries.length > 0 ? `?${new URLSearchParams(entries).toString()}` : '';
}

/**
 * Calls route `id` of the route table: its method, path (`pathOf`) and query string, the token unless the
 * route is public, and the answer parsed by the route's response schema (`routeContracts`), typed by it.
 * Call sites name the route and hand over values; they never write a method, a path or a schema.
 */
export async function call<Id extends RouteId>(
  id: Id,
  ...[input]: object extends CallInput<Id> ? [input?: CallInput<Id>] : [input: CallInput<Id>]
): Promise<RouteResult<Id>> {
  const { method, auth } = routeOf(id);
  const { params, query, body, signal } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
  };
  const path = (pathOf as (id: RouteId, params?: Record<string, string>) => string)(id, params) + searchOf(query);
  const { response } = contractOf(id);
  return (await send(path, {
    method,
    body,
    schema: response,
    signal,
    anonymous: auth === 'public',
  })) as RouteResult<Id>;
}
