import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { errorBodySchema, originVerifyHeader, ownerRequestLimit, type ApiDomain } from '@reviewroute/shared';
import { rateSlot } from '@reviewroute/functions/data/rate-window';
import { ownerRequestKey, ownerRequestRuleOf } from '@reviewroute/functions/data/owner-request-limit';
import { createHandlerLoader } from '../../infra/local/handlers';
import { type LocalGateway } from '../../infra/local/gateway';
import { apiCall, newLoopbackClient, stackEntities, startStackGateway, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';

const stack = inject('localStack');

/**
 * A gateway of this worker's own, on the run's emulators and with the stack's origin secret, whose handler loader
 * counts every handler call: where a request stopped is then seen in the handlers' count and the gateway's.
 */
describe('only CloudFront reaches the API', () => {
  let gateway: LocalGateway;
  let handlers: ReturnType<typeof createHandlerLoader>;
  const handlerCalls: ApiDomain[] = [];
  let owner: ApiUser;

  beforeAll(async () => {
    handlers = createHandlerLoader(stack.env);
    gateway = await startStackGateway(stack, async (domain) => {
      const real = await handlers.load(domain);
      return (event, context) => {
        handlerCalls.push(domain);
        return real(event, context);
      };
    });
    owner = await createSignedInUser(stack);
  });
  afterAll(async () => {
    await gateway?.stop();
    await handlers?.close();
  });

  /** What the gateway and the handlers counted so far. */
  const seen = () => ({
    refusedAtFront: gateway.counters.refusedAtFront,
    throttled: Object.values(gateway.counters.throttleCounted).reduce((a, b) => a + b, 0),
    handlers: handlerCalls.length,
  });

  it('refuses a request to the API endpoint without the origin secret (or with a guess) before any throttle bucket or handler counts it', async () => {
    const before = seen();
    const attempts: { method: string; path: string; headers: Record<string, string>; body?: unknown }[] = [
      { method: 'GET', path: '/api/health', headers: {} },
      { method: 'GET', path: '/api/health', headers: { [originVerifyHeader]: 'a guess' } },
      // An owner's valid token does not open it either: the front check comes before the authorizer.
      { method: 'GET', path: '/api/me', headers: { authorization: `Bearer ${owner.tokens.idToken}` } },
      // Nor a body: it is read and dropped, never parsed.
      {
        method: 'POST',
        path: '/api/public/surveys/ABCDEFGH/responses',
        headers: { 'content-type': 'application/json', 'cloudfront-viewer-address': '198.51.100.7:443' },
        body: { rating: 5 },
      },
    ];
    for (const { method, path, headers, body } of attempts) {
      const res = await apiCall(gateway.endpointUrl, method, path, { headers, body, from: newLoopbackClient() });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(errorBodySchema.parse(res.body).error.code).toBe('FORBIDDEN');
    }
    expect(seen()).toEqual({
      refusedAtFront: before.refusedAtFront + attempts.length,
      throttled: before.throttled,
      handlers: before.handlers,
    });
  });

  it('lets the same request through CloudFront’s door, which adds the secret: then the route’s bucket counts it and its handler runs', async () => {
    const before = seen();
    const res = await apiCall(gateway.url, 'GET', '/api/health', { headers: { [originVerifyHeader]: 'a guess' } });
    expect(res.status).toBe(200);
    expect(seen()).toEqual({ ...before, throttled: before.throttled + 1, handlers: before.handlers + 1 });
    expect(gateway.counters.throttleCounted['GET /api/health']).toBeGreaterThanOrEqual(1);
  });

  it('opens the endpoint only to the secret itself, as the web ACL does', async () => {
    const res = await apiCall(gateway.endpointUrl, 'GET', '/api/health', {
      headers: { [originVerifyHeader]: stack.resources.originVerifySecret },
    });
    expect(res.status).toBe(200);
  });

  it('guards the run’s own stack the same way: its API endpoint refuses, its CloudFront door serves', async () => {
    expect((await apiCall(stack.urls.apiEndpoint, 'GET', '/api/health')).status).toBe(403);
    expect((await apiCall(stack.urls.api, 'GET', '/api/health')).status).toBe(200);
  });
});

describe('per-owner limit on owner routes', () => {
  /** The run's stack's rule (its suites raise the limit) and a small one on a gateway of this worker's own. */
  const stackRule = ownerRequestRuleOf(stack.env);
  const small = { ...ownerRequestLimit, limit: 20 };
  let gateway: LocalGateway;
  let handlers: ReturnType<typeof createHandlerLoader>;
  beforeAll(async () => {
    handlers = createHandlerLoader({ ...stack.env, OWNER_REQUEST_LIMIT: String(small.limit) });
    gateway = await startStackGateway(stack, handlers.load);
  });
  afterAll(async () => {
    await gateway?.stop();
    await handlers?.close();
  });

  /**
   * Fills the owner's current window and the two after it in the table, as a script's requests in other containers
   * would (the windows are seconds long: the test's calls may outlast one).
   */
  const exhaust = async (userId: string) => {
    const now = Date.now();
    for (const at of [0, 1, 2].map((i) => now + i * stackRule.windowSeconds * 1000)) {
      const slot = rateSlot(ownerRequestKey(userId), stackRule, new Date(at));
      await stackEntities()
        .rateWindow.put({ clientKey: slot.key, window: slot.window, count: slot.limit, expiresAt: slot.expiresAt })
        .go();
    }
  };

  it('answers an owner past the limit 429 with Retry-After and the error contract, on every owner route, and serves another owner meanwhile', async () => {
    const [script, person] = await Promise.all([createSignedInUser(stack), createSignedInUser(stack)]);
    await exhaust(script.userId);

    for (const path of ['/api/me', '/api/surveys', '/api/account']) {
      const refused = await apiCall(stack.urls.api, 'GET', path, { user: script });
      expect(refused.status, path).toBe(429);
      expect(errorBodySchema.parse(refused.body).error.code).toBe('RATE_LIMITED');
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(2 * stackRule.windowSeconds);
    }
    // Another owner, at once: untouched.
    const served = await apiCall(stack.urls.api, 'GET', '/api/me', { user: person });
    expect(served.status).toBe(200);
    expect(served.body).toEqual({ userId: person.userId, email: person.email });
    // Public routes never count an owner.
    expect((await apiCall(stack.urls.api, 'GET', '/api/health', { user: script })).status).toBe(200);
  });

  it('counts a burst of one owner’s requests in the table, so a burst past the limit is refused and another owner is not', async () => {
    const [owner, other] = await Promise.all([createSignedInUser(stack), createSignedInUser(stack)]);
    const statuses: number[] = [];
    // Twice the limit and one, 5 at a time: within at most two windows one of them is over the limit.
    const total = 2 * small.limit + 1;
    let next = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 5 }, async () => {
        while (next < total) {
          next++;
          statuses.push((await apiCall(gateway.url, 'GET', '/api/me', { user: owner })).status);
        }
      }),
    );
    const elapsedMs = Date.now() - started;
    expect(
      statuses.every((s) => s === 200 || s === 429),
      statuses.join(),
    ).toBe(true);
    const windowsTouched = Math.floor(elapsedMs / 1000 / small.windowSeconds) + 2;
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(windowsTouched * small.limit);
    if (elapsedMs < small.windowSeconds * 1000) expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect((await apiCall(gateway.url, 'GET', '/api/me', { user: other })).status).toBe(200);
  });
});
