import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import {
  errorBodySchema,
  pathOf,
  startResponseResultSchema,
  surveySchema,
  type LambdaEnv,
  type Survey,
} from '@reviewroute/shared';
import { createHandlerLoader, type HandlerLoader } from '../../infra/local/handlers';
import { lambdaContext, type LocalGateway } from '../../infra/local/gateway';
import { sampleEvent } from '@reviewroute/functions/testing/events';
import {
  apiCall,
  callOwnerApi,
  newLoopbackClient,
  sampleBusiness,
  startStackGateway,
  type ApiUser,
} from '../support/api';
import { createSignedInUser } from '../support/cognito';

const stack = inject('localStack');

/** The limits as deployed, but small, so a burst reaches them quickly; the fill-time measure on. */
const limits = { perClient: 3, perSurvey: 8, minFillMs: 2000 };

/**
 * A gateway of its own on the run's emulators (the run's gateway has the fill-time measure off for its
 * browsers), standing in for CloudFront as the run's does: it adds the origin secret and the viewer address.
 */
let gateway: LocalGateway;
let handlers: HandlerLoader;
let owner: ApiUser;

async function publishedSurvey(name: string): Promise<Survey> {
  const created = surveySchema.parse(await callOwnerApi(owner, 'POST', pathOf('list-surveys'), sampleBusiness(name)));
  return surveySchema.parse(await callOwnerApi(owner, 'POST', pathOf('publish-survey', { surveyId: created.id })));
}

const start = async (survey: Survey) => {
  const res = await apiCall(gateway.url, 'POST', pathOf('start-response', { surveyCode: survey.surveyCode! }));
  expect(res.status).toBe(201);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return startResponseResultSchema.parse(res.body).startToken;
};

const submit = (survey: Survey, startToken: string | undefined, options: { from?: string; userAgent?: string } = {}) =>
  apiCall(gateway.url, 'POST', pathOf('submit-response', { surveyCode: survey.surveyCode! }), {
    ...options,
    body: {
      rating: 4,
      comment: 'ok',
      idempotencyKey: randomUUID(),
      elapsedMs: 9000,
      ...(startToken ? { startToken } : {}),
    },
  });

/** A token the API takes: polled until the least fill time has passed (a refused try counts nowhere). */
async function agedToken(survey: Survey): Promise<string> {
  const token = await start(survey);
  const from = newLoopbackClient();
  await vi.waitFor(
    async () => {
      const res = await submit(survey, token, { from });
      expect(res.status).toBe(201);
    },
    { timeout: 10_000, interval: 50 },
  );
  return token;
}

beforeAll(async () => {
  const env: LambdaEnv = {
    ...stack.env,
    PUBLIC_SUBMIT_RATE_LIMIT: String(limits.perClient),
    PUBLIC_SUBMIT_SURVEY_RATE_LIMIT: String(limits.perSurvey),
    PUBLIC_SUBMIT_MIN_FILL_MS: String(limits.minFillMs),
  };
  handlers = createHandlerLoader(env);
  gateway = await startStackGateway(stack, handlers.load);
  owner = await createSignedInUser(stack);
});

afterAll(async () => {
  await gateway?.stop();
  await handlers?.close();
});

/** Statuses of `count` submits one after another; a wall-clock window may turn once within them. */
async function burst(count: number, next: (i: number) => Promise<{ status: number }>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await next(i)).status);
  return statuses;
}

describe('abuse limits (decisions 18)', () => {
  it('measures the fill time itself: no token, a fresh one, or another survey’s is refused like the honeypot', async () => {
    const survey = await publishedSurvey('Fill Time Bakery');
    const other = await publishedSurvey('Other Bakery');
    const refusedWith = async (token: string | undefined) => {
      const res = await submit(survey, token);
      expect(res.status, String(token)).toBe(400);
      expect(errorBodySchema.parse(res.body).error.code).toBe('BAD_REQUEST');
    };
    await refusedWith(undefined);
    await refusedWith('forged.token');
    await refusedWith(await start(other));
    // The page's own elapsedMs says 9 s; the token says the customer started just now.
    await refusedWith(await start(survey));
    await agedToken(survey);
  });

  it('limits a client rotating User-Agents and forged viewer headers, and locks nobody else out', async () => {
    const survey = await publishedSurvey('Rotating Cafe');
    const token = await agedToken(survey);
    const from = newLoopbackClient();
    const statuses = await burst(2 * limits.perClient + 1, () =>
      apiCall(gateway.url, 'POST', pathOf('submit-response', { surveyCode: survey.surveyCode! }), {
        from,
        userAgent: `Mozilla/5.0 rotating-${randomUUID()}`,
        body: { rating: 5, idempotencyKey: randomUUID(), elapsedMs: 9000, startToken: token },
        headers: {
          // What a caller may claim; the gateway, like CloudFront, replaces both with the real viewer.
          'cloudfront-viewer-address': `198.51.100.${Math.floor(Math.random() * 250)}:443`,
          'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250)}`,
          'x-origin-verify': 'a guess',
        },
      }),
    );
    expect(statuses.filter((s) => s === 429).length, statuses.join()).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(2 * limits.perClient);

    const refused = await submit(survey, token, { from });
    if (refused.status === 429) expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client of the same survey, right after: not locked out.
    expect((await submit(survey, token, { from: newLoopbackClient() })).status).toBe(201);
  });

  it('caps one survey across clients, and the cap leaves other surveys alone', async () => {
    const flooded = await publishedSurvey('Flooded Diner');
    const quiet = await publishedSurvey('Quiet Diner');
    const [floodToken, quietToken] = await Promise.all([agedToken(flooded), agedToken(quiet)]);
    const statuses = await burst(2 * limits.perSurvey + 1, () =>
      submit(flooded, floodToken, { from: newLoopbackClient() }),
    );
    expect(statuses.filter((s) => s === 429).length, statuses.join()).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(2 * limits.perSurvey);
    expect((await submit(quiet, quietToken, { from: newLoopbackClient() })).status).toBe(201);
  });

  it('refuses a request without the origin secret before any work, whatever viewer it claims', async () => {
    // As if called on the API's own endpoint, past CloudFront: the Lambda sees no (or a wrong) secret.
    const handler = await handlers.load('public');
    for (const secret of [undefined, 'a guess']) {
      const event = sampleEvent('submit-response');
      event.headers = {
        ...event.headers,
        'cloudfront-viewer-address': '198.51.100.7:443',
        ...(secret ? { 'x-origin-verify': secret } : {}),
      };
      const res = await handler(event, lambdaContext('public', 'abuse', Date.now() + 10_000));
      expect(typeof res === 'object' && res.statusCode).toBe(403);
      const body = typeof res === 'object' && typeof res.body === 'string' ? JSON.parse(res.body) : undefined;
      expect(errorBodySchema.parse(body).error.code).toBe('FORBIDDEN');
    }
  });
});
