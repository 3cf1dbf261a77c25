import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyResultV2,
  Context as LambdaContext,
} from 'aws-lambda';
import {
  defaultErrorMessages,
  isPublicAssetKey,
  matchRoute,
  originVerifyHeader,
  routeKey,
  type ApiDomain,
  type AppConfig,
  type RouteDefinition,
} from '@reviewroute/shared';
import type { DomainHandler } from '@reviewroute/functions/handler-entries';
import { LOCAL_HOST, closeServer, listen } from './ports';

export type HttpApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;

/** API Gateway answers these itself, with exactly these bodies. */
const GATEWAY_ERRORS = {
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Request Entity Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
} as const;

/**
 * Requests above this are refused before they reach a handler, as API Gateway refuses payloads over
 * 10 MB; each route's own limit (16 KB, a review-request batch 3 MB) is the handler's to enforce.
 */
export const BODY_LIMIT_BYTES = 10 * 1024 * 1024;
/** API Gateway's integration timeout (the HTTP API's 30 s; a REST API's is 29 s). */
const INTEGRATION_TIMEOUT_MS = 30_000;
export const LOCAL_ACCOUNT_ID = '000000000000';
export const LOCAL_API_ID = 'local';

export interface JwtAuthorizerConfig {
  /** `{cognitoUrl}/{userPoolId}`: the JWT authorizer's issuer. */
  issuer: string;
  /** The authorizer's audience list: the app client id. */
  audience: string[];
}

/** `scopes` is null for a token without a scope claim (an ID token), as in API Gateway's events. */
export type VerifyResult = { ok: true; claims: JWTPayload; scopes: string[] | null } | { ok: false; reason: string };

/**
 * Verifies a bearer token the way the HTTP API JWT authorizer does (in AWS the REST API's Cognito authorizer
 * checks the same ID token, whose `aud` is the pool's one client): signature from the issuer's JWKS,
 * `iss`, `exp`/`nbf`, and `aud` matching the audience (or, only when there is no `aud`, `client_id`).
 */
export function createJwtVerifier(
  config: JwtAuthorizerConfig,
): (authorization: string | undefined) => Promise<VerifyResult> {
  const jwks = createRemoteJWKSet(new URL(`${config.issuer}/.well-known/jwks.json`));
  return async (authorization) => {
    if (!authorization) return { ok: false, reason: 'missing token' };
    // The authorizer takes the identity source as it is, with or without the Bearer prefix.
    const token = authorization.replace(/^Bearer\s+/i, '').trim();
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: config.issuer, algorithms: ['RS256'] });
      const aud = payload.aud === undefined ? undefined : Array.isArray(payload.aud) ? payload.aud : [payload.aud];
      const audienceOk = aud
        ? aud.some((a) => config.audience.includes(a))
        : typeof payload.client_id === 'string' && config.audience.includes(payload.client_id);
      if (!audienceOk) return { ok: false, reason: 'audience mismatch' };
      const scope =
        typeof payload.scope === 'string' ? payload.scope : typeof payload.scp === 'string' ? payload.scp : '';
      return { ok: true, claims: payload, scopes: scope ? scope.split(' ') : null };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return { ok: false, reason: error.code };
      return { ok: false, reason: error instanceof Error ? error.message : String(error) };
    }
  };
}

/** API Gateway hands claims to Lambda as strings; arrays as `[a b]`. */
export function stringifyClaims(claims: JWTPayload): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(claims)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) out[key] = `[${value.join(' ')}]`;
    else if (typeof value === 'object') out[key] = JSON.stringify(value);
    else out[key] = String(value);
  }
  return out;
}

const TEXT_TYPES = /^(text\/|application\/(json|xml|javascript|x-www-form-urlencoded)|[^;]*\+(json|xml))/i;

export interface IncomingApiRequest {
  method: string;
  /** Path and query as received, e.g. `/api/surveys/abc?x=1`. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  sourceIp: string;
}

/**
 * Builds the payload-format-2.0 event that API Gateway's HTTP API would hand to the route's Lambda (in AWS the REST
 * API hands 1.0, which the Lambda entry converts to this: functions/src/lib/rest-proxy-event.ts).
 */
export function buildHttpApiEvent(
  request: IncomingApiRequest,
  route: RouteDefinition,
  pathParameters: Record<string, string>,
  authorizer?: { claims: Record<string, string>; scopes: string[] | null },
  now = new Date(),
): HttpApiEvent {
  const queryIndex = request.url.indexOf('?');
  const rawPath = queryIndex === -1 ? request.url : request.url.slice(0, queryIndex);
  const rawQueryString = queryIndex === -1 ? '' : request.url.slice(queryIndex + 1);

  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    const joined = Array.isArray(value) ? value.join(',') : value;
    // Cookies move out of the headers into their own array in payload 2.0.
    if (name === 'cookie') cookies = joined.split(/;\s*/).filter(Boolean);
    else headers[name.toLowerCase()] = joined;
  }
  headers['x-forwarded-for'] = headers['x-forwarded-for']
    ? `${headers['x-forwarded-for']}, ${request.sourceIp}`
    : request.sourceIp;
  headers['x-forwarded-proto'] ??= 'http';

  let queryStringParameters: Record<string, string> | undefined;
  if (rawQueryString) {
    queryStringParameters = {};
    for (const [key, value] of new URLSearchParams(rawQueryString)) {
      // Repeated parameters arrive comma-joined, as API Gateway does.
      queryStringParameters[key] = key in queryStringParameters ? `${queryStringParameters[key]},${value}` : value;
    }
  }

  const contentType = headers['content-type'] ?? '';
  const isText = TEXT_TYPES.test(contentType);
  const hasBody = request.body.length > 0;
  const key = routeKey(route);
  const host = headers.host ?? LOCAL_HOST;

  const event: HttpApiEvent = {
    version: '2.0',
    routeKey: key,
    rawPath,
    rawQueryString,
    ...(cookies ? { cookies } : {}),
    headers,
    ...(queryStringParameters ? { queryStringParameters } : {}),
    ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: LOCAL_ACCOUNT_ID,
      apiId: LOCAL_API_ID,
      domainName: host,
      domainPrefix: host.split('.')[0]!.split(':')[0]!,
      http: {
        method: request.method.toUpperCase(),
        path: rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: request.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: key,
      stage: '$default',
      time: formatApiGatewayTime(now),
      timeEpoch: now.getTime(),
      authorizer: authorizer
        ? {
            principalId: '',
            integrationLatency: 0,
            jwt: { claims: authorizer.claims, scopes: authorizer.scopes as string[] },
          }
        : (undefined as unknown as HttpApiEvent['requestContext']['authorizer']),
    },
    ...(hasBody ? { body: isText ? request.body.toString('utf8') : request.body.toString('base64') } : {}),
    isBase64Encoded: hasBody && !isText,
  } as HttpApiEvent;
  if (!authorizer) delete (event.requestContext as Partial<HttpApiEvent['requestContext']>).authorizer;
  return event;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `21/Nov/2026:06:14:35 +0000`, API Gateway's requestContext.time format. */
function formatApiGatewayTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}

export function lambdaContext(domain: ApiDomain, requestId: string, deadline: number): LambdaContext {
  const functionName = `reviewroute-local-${domain}`;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:eu-west-1:${LOCAL_ACCOUNT_ID}:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export interface GatewayOptions {
  port: number;
  authorizer: JwtAuthorizerConfig;
  /** Served at GET /config.json (the SPA's runtime config). */
  webConfig: AppConfig;
  /**
   * The origin-verify value: what the CloudFront role adds to every API request (with the viewer's address; a
   * client's own values of these headers never pass), and what the API's front check, the twin of its web ACL,
   * requires of every request before anything counts it. Without it neither happens (nothing to check against).
   */
  originVerifySecret?: string;
  /**
   * The web ACL's per-token rate rule (`ownerTokenWafLimit`): a bearer token's requests over the window, all of them
   * counted, refused (429 with Retry-After) past the limit before any route bucket, authorizer or handler sees
   * them. Without it no request is refused for its rate here (the Lambdas' per-owner limit stays behind).
   */
  ownerTokenRate?: { limit: number; windowSeconds: number };
  /** The bucket CloudFront serves under `/files/*` (only its public prefix). */
  assets?: { s3Url: string; bucket: string };
  /** The domain's Lambda handler: a handler loader's `load` (tests wrap it to observe events). */
  loadHandler: (domain: ApiDomain) => Promise<DomainHandler>;
  /** One line per request; silent when omitted. */
  log?: (line: string) => void;
}

/**
 * What the gateway counted, so a test can see where a request stopped: at the front check (the web ACL's twin),
 * in a route's throttle bucket (what API Gateway's per-method throttle counts: every request past the front check
 * that matched a route), or in a handler.
 */
export interface GatewayCounters {
  refusedAtFront: number;
  /** Refused by the web ACL twin's per-token rate rule. */
  rateLimitedAtFront: number;
  /** By route key (`GET /api/health`). */
  throttleCounted: Record<string, number>;
  /** By API domain. */
  handlerCalls: Partial<Record<ApiDomain, number>>;
}

/** The gateway's two doors: CloudFront's (the app's origin) and the API's own endpoint (execute-api's twin). */
export interface ServedGateway {
  counters: GatewayCounters;
  /** Serves the API's own endpoint on `server`: requests as their caller sent them, no CloudFront in front. */
  serveEndpoint(server: http.Server): void;
}

export interface LocalGateway {
  /** CloudFront's door: what the app's origin proxies to and what tests call. */
  url: string;
  port: number;
  /** The API's own endpoint, as a caller who skips CloudFront reaches it. */
  endpointUrl: string;
  counters: GatewayCounters;
  stop(): Promise<void>;
}

/**
 * Binds the gateway's port first (so its URL is known early); until `serveGateway` attaches the routes
 * it answers 503, as API Gateway does when its integration is not reachable.
 */
export async function bindGateway(port: number): Promise<{ server: http.Server; port: number; url: string }> {
  const server = http.createServer((_req, res) => sendGatewayError(res, 503));
  const bound = await listen(server, 'API gateway', port);
  return { server, port: bound, url: `http://${LOCAL_HOST}:${bound}` };
}

/**
 * The local stand-in for CloudFront in front of API Gateway, on `server` (CloudFront's door: `/config.json`,
 * `/files/*` and the API with CloudFront's headers added), and on the server `serveEndpoint` is given (the API's own
 * endpoint, which a caller can reach past CloudFront). Behind both doors the API: first its web ACL's twin, which
 * refuses (403) a request without the origin-verify value before anything counts it; then routes from the shared
 * table (each counted as its throttle bucket would), the JWT authorizer on `owner` routes, payload 2.0 events into
 * the domain's Lambda handler, and API Gateway's own error answers (401, 404, 413, 500, 503).
 */
export function serveGateway(server: http.Server, options: GatewayOptions): ServedGateway {
  const verify = createJwtVerifier(options.authorizer);
  const counters: GatewayCounters = { refusedAtFront: 0, rateLimitedAtFront: 0, throttleCounted: {}, handlerCalls: {} };
  const tokenRate = options.ownerTokenRate && createTokenRateRule(options.ownerTokenRate);

  const listen = (target: http.Server, viaCloudFront: boolean) => {
    target.removeAllListeners('request');
    target.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      const started = Date.now();
      const method = req.method ?? 'GET';
      const url = req.url ?? '/';
      res.on('finish', () =>
        options.log?.(
          `${viaCloudFront ? '' : '(endpoint) '}${method} ${url.split('?')[0]} ${res.statusCode} ${Date.now() - started}ms`,
        ),
      );
      handle(req, res, viaCloudFront).catch((error: unknown) => {
        options.log?.(`gateway error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        if (!res.headersSent) sendGatewayError(res, 500);
        else res.end();
      });
    });
  };
  listen(server, true);

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, viaCloudFront: boolean): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = req.url ?? '/';
    const path = url.split('?')[0]!;
    const sourceIp = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');

    if (viaCloudFront && path === '/config.json' && (method === 'GET' || method === 'HEAD')) {
      const body = JSON.stringify(options.webConfig);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(method === 'HEAD' ? undefined : body);
      return;
    }

    if (viaCloudFront && path.startsWith('/files/') && options.assets && (method === 'GET' || method === 'HEAD')) {
      req.resume();
      return serveFile(res, method, path, options.assets);
    }

    // CloudFront's door adds its headers; the endpoint passes the caller's as they are.
    const headers = viaCloudFront ? asFromCloudFront(req, sourceIp, options.originVerifySecret) : req.headers;

    // The web ACL's twin, before anything else of the API: no throttle bucket counts a refused request, no handler
    // runs for it (the Lambdas' own check stays behind it).
    if (options.originVerifySecret !== undefined && headers[originVerifyHeader] !== options.originVerifySecret) {
      counters.refusedAtFront++;
      return sendRefusedAtFront(req, res);
    }
    const retryAfter = tokenRate?.(req.headers.authorization, Date.now());
    if (retryAfter !== undefined) {
      counters.rateLimitedAtFront++;
      return sendErrorAfterBody(req, res, 429, 'RATE_LIMITED', { 'retry-after': String(retryAfter) });
    }

    // The payload limit applies before routing, as at the gateway's edge.
    if (Number(req.headers['content-length'] ?? 0) > BODY_LIMIT_BYTES) return sendBodyTooLarge(req, res);

    const match = matchRoute(method, path);
    if (!match || 'methodMismatch' in match) {
      req.resume();
      return sendGatewayError(res, 404);
    }
    const key = routeKey(match.route);
    counters.throttleCounted[key] = (counters.throttleCounted[key] ?? 0) + 1;

    const body = await readBody(req, BODY_LIMIT_BYTES);
    if (body === 'too-large') return sendBodyTooLarge(req, res);

    let authorizer: { claims: Record<string, string>; scopes: string[] | null } | undefined;
    if (match.route.auth === 'owner') {
      const result = await verify(req.headers.authorization);
      if (!result.ok) {
        res.setHeader(
          'www-authenticate',
          result.reason === 'missing token' ? 'Bearer' : 'Bearer error="invalid_token"',
        );
        return sendGatewayError(res, 401);
      }
      authorizer = { claims: stringifyClaims(result.claims), scopes: result.scopes };
    }

    const event = buildHttpApiEvent(
      { method, url, headers, body, sourceIp },
      match.route,
      match.pathParameters,
      authorizer,
    );
    const handler = await options.loadHandler(match.route.domain);
    counters.handlerCalls[match.route.domain] = (counters.handlerCalls[match.route.domain] ?? 0) + 1;
    const deadline = Date.now() + INTEGRATION_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), INTEGRATION_TIMEOUT_MS);
    });
    let result: APIGatewayProxyResultV2 | 'timeout';
    try {
      result = await Promise.race([
        handler(event, lambdaContext(match.route.domain, event.requestContext.requestId, deadline)),
        timeout,
      ]);
    } catch (error) {
      // An unhandled exception in the function: API Gateway hides it behind a bare 500.
      options.log?.(
        `handler ${match.route.domain} threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return sendGatewayError(res, 500);
    } finally {
      clearTimeout(timer);
    }
    if (result === 'timeout') return sendGatewayError(res, 503);
    writeLambdaResult(res, result);
  }

  return { counters, serveEndpoint: (endpoint) => listen(endpoint, false) };
}

/**
 * The web ACL's rate-based rule keyed by the Authorization header, as WAF estimates it: this window's count plus the
 * previous window's weighted by how much of it still overlaps, every request counted (refused ones too, so a flood
 * stays refused while it goes on). Answers the seconds to wait when the token is over its limit, else undefined;
 * a request without the header is not counted (public routes send none).
 */
export function createTokenRateRule({ limit, windowSeconds }: { limit: number; windowSeconds: number }) {
  const windowMs = windowSeconds * 1000;
  const windows = new Map<string, { start: number; count: number; previous: number }>();
  return (token: string | undefined, now: number): number | undefined => {
    if (!token) return undefined;
    const start = now - (now % windowMs);
    let entry = windows.get(token);
    if (!entry || entry.start !== start) {
      // Forgets tokens idle for two windows, so the map holds only the tokens in use.
      for (const [key, old] of windows) if (old.start < start - windowMs) windows.delete(key);
      entry = { start, count: 0, previous: entry && entry.start === start - windowMs ? entry.count : 0 };
      windows.set(token, entry);
    }
    entry.count++;
    const estimate = entry.count + entry.previous * (1 - (now - start) / windowMs);
    return estimate > limit ? Math.ceil((start + windowMs - now) / 1000) : undefined;
  };
}

/** The web ACL's block, in the API's error contract (its custom response body), once the body is read and dropped. */
const sendRefusedAtFront = (req: http.IncomingMessage, res: http.ServerResponse): void =>
  sendErrorAfterBody(req, res, 403, 'FORBIDDEN');

/**
 * The request as CloudFront passes it on: whatever the client sent as CloudFront's own headers is
 * replaced by CloudFront's values (the viewer's address and port, the origin-verify secret).
 */
function asFromCloudFront(
  req: http.IncomingMessage,
  sourceIp: string,
  originVerifySecret: string | undefined,
): http.IncomingHttpHeaders {
  const headers = { ...req.headers };
  delete headers[originVerifyHeader];
  delete headers['cloudfront-viewer-address'];
  if (!originVerifySecret) return headers;
  return {
    ...headers,
    [originVerifyHeader]: originVerifySecret,
    'cloudfront-viewer-address': `${sourceIp}:${req.socket.remotePort ?? 0}`,
  };
}

/**
 * `/files/{name}` from the bucket's public prefix, as CloudFront serves it: nothing else in the bucket
 * (the private `incoming/` uploads above all) is reachable this way.
 */
async function serveFile(
  res: http.ServerResponse,
  method: string,
  path: string,
  assets: { s3Url: string; bucket: string },
): Promise<void> {
  let key: string;
  try {
    key = decodeURIComponent(path.slice(1));
  } catch {
    key = '';
  }
  if (!isPublicAssetKey(key)) return sendGatewayError(res, 403);
  const upstream = await fetch(`${assets.s3Url}/${assets.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`, {
    method,
  });
  const headers: Record<string, string> = {};
  for (const name of ['content-type', 'content-length', 'cache-control', 'etag', 'last-modified']) {
    const value = upstream.headers.get(name);
    if (value) headers[name] = value;
  }
  if (!upstream.ok) return sendGatewayError(res, upstream.status === 404 ? 404 : 403);
  res.writeHead(200, headers);
  res.end(method === 'HEAD' ? undefined : Buffer.from(await upstream.arrayBuffer()));
}

/**
 * A body over the gateway's own limit, answered with the API's 413 contract (the same body a handler gives a
 * body over its route's limit), so the app sees one answer for every oversized body. The rest of the body is
 * read and dropped before the answer: a proxy in front (Vite's, the built site's) that is still sending it
 * would otherwise meet a closed socket and answer a bare 502.
 */
const sendBodyTooLarge = (req: http.IncomingMessage, res: http.ServerResponse): void =>
  sendErrorAfterBody(req, res, 413, 'PAYLOAD_TOO_LARGE');

/** The API's error contract, answered once the request's body is read to its end and dropped. */
function sendErrorAfterBody(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  status: number,
  code: 'FORBIDDEN' | 'PAYLOAD_TOO_LARGE' | 'RATE_LIMITED',
  headers: Record<string, string> = {},
): void {
  const answer = () => {
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    });
    res.end(JSON.stringify({ error: { code, message: defaultErrorMessages[code] } }));
  };
  if (req.readableEnded) return answer();
  req.on('end', answer);
  req.on('error', answer);
  req.resume();
}

export function sendGatewayError(res: http.ServerResponse, status: keyof typeof GATEWAY_ERRORS): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ message: GATEWAY_ERRORS[status] }));
}

/** Turns a Lambda result into the HTTP response, including API Gateway's inference for bare values. */
export function writeLambdaResult(res: http.ServerResponse, result: APIGatewayProxyResultV2): void {
  if (
    typeof result === 'object' &&
    result !== null &&
    'statusCode' in result &&
    typeof result.statusCode === 'number'
  ) {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
    if (result.cookies?.length) headers['set-cookie'] = result.cookies;
    const body = result.body ?? '';
    res.writeHead(result.statusCode, headers);
    res.end(result.isBase64Encoded ? Buffer.from(body, 'base64') : body);
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(typeof result === 'string' ? result : JSON.stringify(result));
}

function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      req.resume();
      resolve('too-large');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function startGateway(options: GatewayOptions): Promise<LocalGateway> {
  const { server, port, url } = await bindGateway(options.port);
  const endpoint = await bindGateway(0);
  const served = serveGateway(server, options);
  served.serveEndpoint(endpoint.server);
  return {
    url,
    port,
    endpointUrl: endpoint.url,
    counters: served.counters,
    stop: async () => {
      await Promise.all([closeServer(server), closeServer(endpoint.server)]);
    },
  };
}
