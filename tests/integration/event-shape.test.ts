import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ApiDomain } from '@reviewroute/shared';
import { type HttpApiEvent, type LocalGateway } from '../../infra/local/gateway';
import { startStackGateway } from '../support/api';
import { createHandlerLoader } from '../../infra/local/handlers';
import { createSignedInUser, type TestUser, type Tokens } from '../support/cognito';

const stack = inject('localStack');

/**
 * A second gateway in this worker, configured like the stack's, whose handler loader wraps the real
 * Lambda modules to record the exact events they receive.
 */
describe('payload 2.0 events reach the Lambda handler modules', () => {
  const events: HttpApiEvent[] = [];
  let gateway: LocalGateway;
  let user: TestUser & { tokens: Tokens };

  beforeAll(async () => {
    // The handlers are made here, in this worker, with the stack's Lambda environment.
    const handlers = createHandlerLoader(stack.env);
    gateway = await startStackGateway(stack, async (domain: ApiDomain) => {
      const real = await handlers.load(domain);
      return (event, context) => {
        events.push(structuredClone(event));
        return real(event, context);
      };
    });
    user = await createSignedInUser(stack);
  });
  afterAll(() => gateway?.stop());

  it('hands an owner route the verified claims under requestContext.authorizer.jwt.claims', async () => {
    events.length = 0;
    const res = await fetch(`${gateway.url}/api/me?b=2&a=1&a=3`, {
      headers: {
        authorization: `Bearer ${user.tokens.idToken}`,
        cookie: 'sidebar_state=true; theme=dark',
        'X-Custom-Thing': 'Yes',
      },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ userId: user.userId, email: user.email });

    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'GET /api/me',
      rawPath: '/api/me',
      rawQueryString: 'b=2&a=1&a=3',
      cookies: ['sidebar_state=true', 'theme=dark'],
      queryStringParameters: { a: '1,3', b: '2' },
      isBase64Encoded: false,
      requestContext: {
        routeKey: 'GET /api/me',
        stage: '$default',
        http: {
          method: 'GET',
          path: '/api/me',
          protocol: 'HTTP/1.1',
          sourceIp: expect.stringMatching(/^(127\.0\.0\.1|::1)$/),
        },
        requestId: expect.any(String),
        time: expect.stringMatching(/^\d{2}\/\w{3}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/),
        timeEpoch: expect.any(Number),
        accountId: expect.any(String),
        apiId: expect.any(String),
        domainName: expect.stringContaining('localhost'),
      },
    });
    expect(event.body).toBeUndefined();
    expect(event.pathParameters).toBeUndefined();
    // Header names lower-cased; cookies moved out of them.
    expect(event.headers['x-custom-thing']).toBe('Yes');
    expect(event.headers.authorization).toBe(`Bearer ${user.tokens.idToken}`);
    expect(event.headers.cookie).toBeUndefined();
    expect(Object.keys(event.headers).every((h) => h === h.toLowerCase())).toBe(true);

    const { claims, scopes } = event.requestContext.authorizer.jwt;
    expect(claims).toMatchObject({
      sub: user.userId,
      email: user.email,
      aud: stack.resources.userPoolClientId,
      iss: `${stack.urls.cognito}/${stack.resources.userPoolId}`,
      token_use: 'id',
    });
    // Like API Gateway, every claim value is a string.
    expect(Object.values(claims).every((v) => typeof v === 'string')).toBe(true);
    // An ID token carries no scope claim: API Gateway passes null.
    expect(scopes).toBeNull();
  });

  it('gives a public route no authorizer and never calls a handler for a refused request', async () => {
    events.length = 0;
    expect((await fetch(`${gateway.url}/api/health`)).status).toBe(200);
    expect(events).toHaveLength(1);
    expect(events[0]!.routeKey).toBe('GET /api/health');
    expect(events[0]!.requestContext.authorizer).toBeUndefined();
    expect(events[0]!.queryStringParameters).toBeUndefined();
    expect(events[0]!.rawQueryString).toBe('');

    expect((await fetch(`${gateway.url}/api/me`)).status).toBe(401);
    expect((await fetch(`${gateway.url}/api/unknown`)).status).toBe(404);
    expect(events).toHaveLength(1);
  });
});
