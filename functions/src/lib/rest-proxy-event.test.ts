import { describe, expect, it } from 'vitest';
import { lambdaContext, sampleEvent } from '../../testing/events';
import { createDomainHandler, type RouteRequest } from './http';
import { isRestProxyEvent, toHttpApiEvent, toRestProxyResult, type RestProxyEvent } from './rest-proxy-event';

const surveyId = '0195a3c4-7b00-7000-8000-000000000001';

/** What the REST API's Lambda proxy integration hands over for `GET /api/surveys/{surveyId}` with an ID token. */
const restEvent = (overrides: Partial<RestProxyEvent> = {}): RestProxyEvent =>
  ({
    resource: '/api/surveys/{surveyId}',
    path: `/api/surveys/${surveyId}`,
    httpMethod: 'GET',
    headers: { Accept: 'application/json', Authorization: 'Bearer t', Cookie: 'a=1; b=2', 'X-Many': 'two' },
    multiValueHeaders: {
      Accept: ['application/json'],
      Authorization: ['Bearer t'],
      Cookie: ['a=1; b=2'],
      'X-Many': ['one', 'two'],
    },
    queryStringParameters: { cursor: 'a b', x: '2' },
    multiValueQueryStringParameters: { cursor: ['a b'], x: ['1', '2'] },
    pathParameters: { surveyId },
    stageVariables: null,
    body: null,
    isBase64Encoded: false,
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc123',
      authorizer: { claims: { sub: 'owner-1', email: 'owner@example.com', email_verified: 'true' } },
      domainName: 'abc123.execute-api.eu-west-1.amazonaws.com',
      domainPrefix: 'abc123',
      httpMethod: 'GET',
      identity: { sourceIp: '192.0.2.1', userAgent: 'Mozilla/5.0' },
      path: `/live/api/surveys/${surveyId}`,
      protocol: 'HTTP/1.1',
      requestId: 'req-1',
      requestTime: '21/Nov/2026:08:00:00 +0000',
      requestTimeEpoch: 1795248000000,
      resourceId: 'r1',
      resourcePath: '/api/surveys/{surveyId}',
      stage: 'live',
    },
    ...overrides,
  }) as RestProxyEvent;

describe('REST proxy (payload 1.0) at the Lambda entry', () => {
  it('tells a 1.0 event from a 2.0 one', () => {
    expect(isRestProxyEvent(restEvent())).toBe(true);
    expect(isRestProxyEvent(sampleEvent('get-survey'))).toBe(false);
    expect(isRestProxyEvent(undefined)).toBe(false);
  });

  it('gives the handlers the 2.0 event: route key, lower-case joined headers, cookies, query, claims', () => {
    const event = toHttpApiEvent(restEvent());
    expect(event.routeKey).toBe('GET /api/surveys/{surveyId}');
    expect(event.requestContext.routeKey).toBe(event.routeKey);
    // The path without the stage, as the 2.0 event of the same route has it.
    expect(event.rawPath).toBe(`/api/surveys/${surveyId}`);
    expect(event.headers).toEqual({ accept: 'application/json', authorization: 'Bearer t', 'x-many': 'one,two' });
    expect(event.cookies).toEqual(['a=1', 'b=2']);
    expect(event.queryStringParameters).toEqual({ cursor: 'a b', x: '1,2' });
    expect(event.rawQueryString).toBe('cursor=a%20b&x=1&x=2');
    expect(event.pathParameters).toEqual({ surveyId });
    expect(event.requestContext.http).toEqual({
      method: 'GET',
      path: `/api/surveys/${surveyId}`,
      protocol: 'HTTP/1.1',
      sourceIp: '192.0.2.1',
      userAgent: 'Mozilla/5.0',
    });
    expect(event.requestContext.authorizer.jwt.claims).toEqual({
      sub: 'owner-1',
      email: 'owner@example.com',
      email_verified: 'true',
    });
    expect(event.requestContext.timeEpoch).toBe(1795248000000);
  });

  it('leaves out what the request did not have, as a 2.0 event does (a public route has no authorizer)', () => {
    const event = toHttpApiEvent(
      restEvent({
        headers: {},
        multiValueHeaders: {},
        queryStringParameters: null,
        multiValueQueryStringParameters: null,
        pathParameters: null,
        requestContext: { ...restEvent().requestContext, authorizer: undefined as never },
      }),
    );
    for (const key of ['body', 'queryStringParameters', 'pathParameters', 'cookies'] as const)
      expect(event).not.toHaveProperty(key);
    expect(event.requestContext).not.toHaveProperty('authorizer');
    expect(event.rawQueryString).toBe('');
  });

  it('answers in 1.0: set-cookie as multi-value header, the body always a string', () => {
    expect(toRestProxyResult({ statusCode: 204 })).toEqual({
      statusCode: 204,
      headers: {},
      body: '',
      isBase64Encoded: false,
    });
    expect(toRestProxyResult({ statusCode: 200, headers: { a: 'b' }, body: '{}', cookies: ['c=1'] })).toEqual({
      statusCode: 200,
      headers: { a: 'b' },
      multiValueHeaders: { 'set-cookie': ['c=1'] },
      body: '{}',
      isBase64Encoded: false,
    });
  });

  it('runs a domain handler on a 1.0 event: the route found, the owner from the claims, the answer in 1.0', async () => {
    const seen: RouteRequest[] = [];
    const implementation = (request: RouteRequest) => {
      seen.push(request);
      return { body: { id: surveyId } } as never;
    };
    const handler = createDomainHandler('surveys', new Proxy({}, { get: () => implementation }) as never);
    const result = await handler(restEvent() as never, lambdaContext());
    expect(result).toMatchObject({ statusCode: 200, body: JSON.stringify({ id: surveyId }), isBase64Encoded: false });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.owner).toEqual({ userId: 'owner-1', email: 'owner@example.com' });
    expect(seen[0]!.params).toEqual({ surveyId });

    // A 2.0 event (the local gateway, `npm run invoke`) passes as it is.
    const direct = await handler(sampleEvent('get-survey'), lambdaContext());
    expect(direct).toMatchObject({ statusCode: 200 });
    expect(direct).not.toHaveProperty('multiValueHeaders');
  });
});
