import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyResult,
  APIGatewayProxyStructuredResultV2,
  APIGatewayProxyWithCognitoAuthorizerEvent,
} from 'aws-lambda';

/**
 * The REST API's Lambda proxy integration delivers payload format 1.0 (with the Cognito user pool authorizer's
 * claims); the handlers, the sample events in `events/` and the local gateway all speak the HTTP API's 2.0. This
 * is the one place that converts, at the Lambda's entry (`createDomainHandler`), in both directions.
 */
export type RestProxyEvent = APIGatewayProxyWithCognitoAuthorizerEvent;

/** A 1.0 event names its method and resource; a 2.0 event says `version: '2.0'`. */
export const isRestProxyEvent = (event: unknown): event is RestProxyEvent =>
  typeof event === 'object' &&
  event !== null &&
  (event as { version?: unknown }).version !== '2.0' &&
  typeof (event as { httpMethod?: unknown }).httpMethod === 'string' &&
  typeof (event as { resource?: unknown }).resource === 'string';

/** 1.0 keeps every value of a repeated header or parameter in its `multiValue…` twin; 2.0 joins them with commas. */
function joined(
  single: Record<string, string | undefined> | null | undefined,
  multi: Record<string, string[] | undefined> | null | undefined,
  lowerCaseNames: boolean,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(single ?? {}))
    if (value !== undefined) out[lowerCaseNames ? name.toLowerCase() : name] = value;
  for (const [name, values] of Object.entries(multi ?? {}))
    if (values?.length) out[lowerCaseNames ? name.toLowerCase() : name] = values.join(',');
  return out;
}

/** The 2.0 event API Gateway's HTTP API would have handed over for the same request. */
export function toHttpApiEvent(event: RestProxyEvent): APIGatewayProxyEventV2WithJWTAuthorizer {
  const context = event.requestContext;
  const headers = joined(event.headers, event.multiValueHeaders, true);
  // 2.0 moves cookies out of the headers into their own list.
  const cookieHeader = headers.cookie;
  delete headers.cookie;
  const cookies = cookieHeader?.split(/;\s*/).filter(Boolean);
  const query = joined(event.queryStringParameters, event.multiValueQueryStringParameters, false);
  // 1.0 hands decoded parameters only: the raw query is rebuilt from them, in their order.
  const rawQueryString = Object.entries(event.multiValueQueryStringParameters ?? event.queryStringParameters ?? {})
    .flatMap(([name, values]) => (Array.isArray(values) ? values : [values]).map((value) => [name, value ?? '']))
    .map(([name, value]) => `${encodeURIComponent(name!)}=${encodeURIComponent(value!)}`)
    .join('&');
  const routeKey = `${event.httpMethod} ${event.resource}`;
  const claims = context.authorizer?.claims as Record<string, unknown> | undefined;

  const converted: APIGatewayProxyEventV2WithJWTAuthorizer = {
    version: '2.0',
    routeKey,
    rawPath: event.path,
    rawQueryString,
    ...(cookies?.length ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(event.pathParameters ? { pathParameters: event.pathParameters } : {}),
    requestContext: {
      accountId: context.accountId,
      apiId: context.apiId,
      domainName: context.domainName ?? headers.host ?? '',
      domainPrefix: context.domainPrefix ?? '',
      http: {
        method: event.httpMethod.toUpperCase(),
        path: event.path,
        protocol: context.protocol,
        sourceIp: context.identity.sourceIp,
        userAgent: context.identity.userAgent ?? '',
      },
      requestId: context.requestId,
      routeKey,
      stage: context.stage,
      time: context.requestTime ?? '',
      timeEpoch: context.requestTimeEpoch,
      authorizer: {
        principalId: '',
        integrationLatency: 0,
        // The Cognito authorizer's claims, as strings like the JWT authorizer's; an ID token carries no scopes.
        jwt: {
          claims: Object.fromEntries(Object.entries(claims ?? {}).map(([name, value]) => [name, String(value)])),
          scopes: null as unknown as string[],
        },
      },
    },
    ...(event.body !== null && event.body !== undefined ? { body: event.body } : {}),
    isBase64Encoded: event.isBase64Encoded,
  };
  // A public route has no authorizer, as in a 2.0 event.
  if (!claims) delete (converted.requestContext as Partial<typeof converted.requestContext>).authorizer;
  return converted;
}

/** The 1.0 answer of a 2.0 one: cookies become Set-Cookie values, the body a string. */
export function toRestProxyResult(result: APIGatewayProxyStructuredResultV2): APIGatewayProxyResult {
  return {
    statusCode: result.statusCode ?? 200,
    headers: result.headers ?? {},
    ...(result.cookies?.length ? { multiValueHeaders: { 'set-cookie': result.cookies } } : {}),
    body: result.body ?? '',
    isBase64Encoded: result.isBase64Encoded ?? false,
  };
}
