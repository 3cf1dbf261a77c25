import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  errorBodySchema,
  maxRequestBodyBytes,
  routes,
  routesOfDomain,
  type ApiDomain,
  type RouteDefinition,
} from '@reviewroute/shared';
import { lambdaContext, sampleEvent } from '../../testing/events';
import { createDomainHandler, type RouteRequest } from './http';
import { logger } from './logger';
import { busyRetryAfterSeconds, ServiceBusyError } from './service-busy';

/** An implementation that answers nothing in particular (its type fits every route). */
const ok = () => ({}) as never;

describe('domain handler types', () => {
  it('compile only with exactly the domain’s route ids, an owner exactly on owner routes, and typed input and answers', () => {
    // Never run: `tsc -p functions` checks these lines and fails when an expected error does not occur.
    const typeChecks = () => [
      // @ts-expect-error: a misspelt route id
      createDomainHandler('system', { helth: ok }),
      // @ts-expect-error: a route of another domain
      createDomainHandler('system', { health: ok, me: ok }),
      // @ts-expect-error: a route of the domain is missing
      createDomainHandler('account', { me: ok, 'get-profile': ok, 'update-profile': ok }),
      createDomainHandler('account', {
        me: ({ owner }) => ({ body: owner }),
        // @ts-expect-error: the answer must be the route's response (a profile), not a string
        'get-profile': ({ owner }) => ({ body: owner.email }),
        'update-profile': ({ body }) => ({ body: { surveyUrlCopied: body.surveyUrlCopied } as never }),
        'get-account': ok,
        // @ts-expect-error: export-account's query has a cursor, no page
        'export-account': ({ query }) => ({ body: query.page as never }),
        'delete-account': ({ body }) => ({ body: { done: body.email === '' } }),
      }),
      createDomainHandler('public', {
        // @ts-expect-error: a public route has no owner
        'get-public-survey': ({ owner }) => ({ body: owner.userId }),
        'start-response': ({ params }) => ({ body: { startToken: params.surveyCode } }),
        'submit-response': ({ params, body }) => ({
          body: { responseId: params.surveyCode, clickToken: body.idempotencyKey },
        }),
        // @ts-expect-error: record-review-click has a responseId, no surveyCode
        'record-review-click': ({ params }) => ({ body: params.surveyCode }),
      }),
    ];
    expect(typeChecks).toBeTypeOf('function');
  });
});

describe('domain handler router', () => {
  it('hands every path parameter of the route over as a string, empty when the event lacks it', async () => {
    const seen: unknown[] = [];
    const handler = createDomainHandler('public', {
      'get-public-survey': ({ params }) => {
        seen.push(params);
        return ok();
      },
      'start-response': ok,
      'submit-response': ok,
      'get-survey-widget': ok,
      'record-review-click': ok,
      'record-link-open': ok,
    });
    await handler(sampleEvent('get-public-survey'), lambdaContext());
    await handler({ ...sampleEvent('get-public-survey'), pathParameters: undefined }, lambdaContext());
    expect(seen).toEqual([{ surveyCode: 'k7m2p9qx' }, { surveyCode: '' }]);
  });

  it('parses query and body with the route’s schemas before the implementation runs', async () => {
    const seen: Pick<RouteRequest, 'query' | 'body'>[] = [];
    const handler = createDomainHandler('account', {
      me: ok,
      'get-profile': ok,
      'update-profile': ({ body, query }) => (seen.push({ body, query }), ok()),
      'get-account': ok,
      'export-account': ({ body, query }) => (seen.push({ body, query }), ok()),
      'delete-account': ok,
      'get-two-factor': ok,
      'start-two-factor': ok,
      'confirm-two-factor': ok,
      'disable-two-factor': ok,
      'confirm-email-change': ok,
      'start-email-change': ok,
      'get-recovery-codes': ok,
      'create-recovery-codes': ok,
      'recover-sign-in': ok,
    });
    const exportEvent = sampleEvent('export-account');
    await handler({ ...exportEvent, queryStringParameters: { cursor: 'c1', other: 'x' } }, lambdaContext());
    // A route without a body schema reads none; unknown query parameters are dropped.
    const withBody = { ...exportEvent.headers, 'content-type': 'application/json' };
    await handler(
      { ...exportEvent, headers: withBody, body: '{"x":1}', queryStringParameters: undefined },
      lambdaContext(),
    );
    const update = sampleEvent('update-profile');
    await handler({ ...update, body: JSON.stringify({ fullName: '  Ann  ', extra: 1 }) }, lambdaContext());
    expect(seen).toEqual([
      { query: { cursor: 'c1' }, body: undefined },
      { query: {}, body: undefined },
      { query: undefined, body: { fullName: 'Ann' } },
    ]);
  });

  it('answers a body or query its schema refuses with 400 VALIDATION_FAILED and the first message per field, without running the route', async () => {
    const calls: string[] = [];
    const handler = createDomainHandler('places', {
      'search-places': () => (calls.push('search'), ok()),
    });
    const response = await handler({ ...sampleEvent('search-places'), body: '{"query":"  "}' }, lambdaContext());
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body!)).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Please enter a business name to search.',
        fields: { query: 'Please enter a business name to search.' },
      },
    });
    const account = createDomainHandler('account', {
      me: ok,
      'get-profile': ok,
      'update-profile': ok,
      'get-account': ok,
      'export-account': () => (calls.push('export'), ok()),
      'delete-account': ok,
      'get-two-factor': ok,
      'start-two-factor': ok,
      'confirm-two-factor': ok,
      'disable-two-factor': ok,
      'confirm-email-change': ok,
      'start-email-change': ok,
      'get-recovery-codes': ok,
      'create-recovery-codes': ok,
      'recover-sign-in': ok,
    });
    const tooLong = { ...sampleEvent('export-account'), queryStringParameters: { cursor: 'x'.repeat(1001) } };
    const refused = await account(tooLong, lambdaContext());
    expect(refused.statusCode).toBe(400);
    expect(errorBodySchema.parse(JSON.parse(refused.body!)).error.fields).toHaveProperty('cursor');
    expect(calls).toEqual([]);
  });

  it('asks whether the owner’s account was erased exactly on the routes the table marks createsData', async () => {
    const asked: string[] = [];
    const isErased = async () => (asked.push('asked'), true);
    for (const domain of ['account', 'surveys', 'payments', 'places'] as const) {
      const handler = createDomainHandler(
        domain,
        Object.fromEntries(routesOfDomain(domain).map((route) => [route.id, ok])) as never,
        { isErased },
      );
      for (const route of routesOfDomain(domain)) {
        asked.length = 0;
        const response = await handler(sampleEvent(route.id), lambdaContext());
        expect(asked.length, route.id).toBe(route.createsData ? 1 : 0);
        if (route.createsData) expect(response.statusCode, route.id).toBe(401);
      }
    }
  });

  it('refuses an owner route without verified claims, whatever the authorizer did', async () => {
    const handler = createDomainHandler('account', {
      me: ok,
      'get-profile': ok,
      'update-profile': ok,
      'get-account': ok,
      'export-account': ok,
      'delete-account': ok,
      'get-two-factor': ok,
      'start-two-factor': ok,
      'confirm-two-factor': ok,
      'disable-two-factor': ok,
      'confirm-email-change': ok,
      'start-email-change': ok,
      'get-recovery-codes': ok,
      'create-recovery-codes': ok,
      'recover-sign-in': ok,
    });
    const event = sampleEvent('me');
    event.requestContext.authorizer.jwt.claims = {};
    expect((await handler(event, lambdaContext())).statusCode).toBe(401);
  });
});

describe('request body limit', () => {
  /** A handler per domain whose routes all count their calls. */
  function countingHandlers() {
    const calls: string[] = [];
    const handlerOf = (domain: ApiDomain) =>
      createDomainHandler(
        domain,
        Object.fromEntries(
          routesOfDomain(domain).map((route) => [
            route.id,
            () => {
              calls.push(route.id);
              return {};
            },
          ]),
        ) as never,
      );
    return { calls, handlerOf };
  }

  it('answers a body over the limit with 413 and the error contract on every route, before any route code runs', async () => {
    const { calls, handlerOf } = countingHandlers();
    for (const route of routes as readonly RouteDefinition[]) {
      // The route's own limit where the table gives one (a review-request batch), else the default.
      const limit = route.maxBodyBytes ?? maxRequestBodyBytes;
      const over = JSON.stringify({ comment: 'x'.repeat(Math.max(1024 * 1024, limit)) });
      for (const body of [over, `"${'é'.repeat(limit / 2)}"`]) {
        // The bodies are plain text (the webhook's sample carries a base64 form body, as API Gateway passes it).
        const event = { ...sampleEvent(route.id), body, isBase64Encoded: false };
        const started = performance.now();
        const response = await handlerOf(route.domain)(event, lambdaContext());
        // A complexity guard, generous so a loaded machine's pause never trips it: answering must take
        // milliseconds, as a check of the body's length does, not the seconds a blow-up on a megabyte would.
        expect(performance.now() - started).toBeLessThan(1_000);
        expect(response.statusCode, route.id).toBe(413);
        expect(errorBodySchema.parse(JSON.parse(response.body!)).error.code).toBe('PAYLOAD_TOO_LARGE');
      }
    }
    expect(calls).toEqual([]);
  });

  it('counts a base64 body by its decoded size, and lets a body at the limit through', async () => {
    const { calls, handlerOf } = countingHandlers();
    const handler = handlerOf('public');
    // A valid submit padded with a field the schema drops, to exactly the limit.
    const valid = JSON.parse(sampleEvent('submit-response').body!) as Record<string, unknown>;
    const frame = JSON.stringify({ ...valid, padding: '' }).length;
    const atLimit = JSON.stringify({ ...valid, padding: 'x'.repeat(maxRequestBodyBytes - frame) });
    expect(Buffer.byteLength(atLimit)).toBe(maxRequestBodyBytes);
    const event = (body: string, isBase64Encoded = false) => ({
      ...sampleEvent('submit-response'),
      body,
      isBase64Encoded,
    });
    expect((await handler(event(atLimit), lambdaContext())).statusCode).toBe(200);
    expect((await handler(event(atLimit + ' '), lambdaContext())).statusCode).toBe(413);
    const encoded = (text: string) => Buffer.from(text).toString('base64');
    expect((await handler(event(encoded(atLimit), true), lambdaContext())).statusCode).toBe(200);
    expect((await handler(event(encoded(atLimit + ' '), true), lambdaContext())).statusCode).toBe(413);
    expect(calls).toEqual(['submit-response', 'submit-response']);
  });
});

describe('busy storage', () => {
  afterEach(() => vi.restoreAllMocks());

  const handlerThrowing = (error: unknown) =>
    createDomainHandler('system', {
      health: () => {
        throw error;
      },
    });

  it('answers 503 with Retry-After when storage stayed busy through its retries, also for the SDK’s own errors', async () => {
    const sdkThrottle = Object.assign(new Error('Rate exceeded'), { name: 'ProvisionedThroughputExceededException' });
    for (const error of [
      new ServiceBusyError('Publishing s1: still busy after 8 tries'),
      // electrodb wraps the SDK's error.
      Object.assign(new Error('Error thrown by DynamoDB client'), { cause: sdkThrottle }),
      Object.assign(new Error('conflict'), { name: 'TransactionConflictException' }),
    ]) {
      const response = await handlerThrowing(error)(sampleEvent('health'), lambdaContext());
      expect(response.statusCode).toBe(503);
      expect(response.headers?.['retry-after']).toBe(String(busyRetryAfterSeconds));
      expect(errorBodySchema.parse(JSON.parse(response.body!)).error.code).toBe('SERVICE_UNAVAILABLE');
    }
  });

  it('still answers any other failure with a bare 500', async () => {
    // Logged as the bug it is; kept out of the test output.
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const response = await handlerThrowing(new Error('bug'))(sampleEvent('health'), lambdaContext());
    expect(response.statusCode).toBe(500);
    expect(response.headers?.['retry-after']).toBeUndefined();
  });
});
