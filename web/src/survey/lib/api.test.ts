import { waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pathOf, type SubmitResponseInput } from '@reviewroute/shared';
import { apiCalls, apiHandler, serveApi } from '@testing/api';
import {
  fetchPublicSurvey,
  type postResponse,
  maxRetryAfterWaitMs,
  recordReviewClick,
  retryAfterMsOf,
  startResponse,
  submitResponse,
  SubmitError,
} from './api';

const input: SubmitResponseInput = {
  rating: 5,
  comment: 'Great',
  idempotencyKey: '3f1c2b9e-4d7a-4c1e-9b2f-0a1b2c3d4e5f',
  website: '',
  elapsedMs: 4000,
};
const json = (status: number, body: unknown) => HttpResponse.json(body as object, { status });
const noWait = () => Promise.resolve();
afterEach(() => vi.restoreAllMocks());

/** Answers each request with the next of `answers` (the last repeating). */
const inTurn = (...answers: (() => Response)[]) => {
  let n = 0;
  return () => answers[Math.min(n++, answers.length - 1)]!();
};

describe('public survey client', () => {
  it('retries lost or failed submits with the very same body and idempotency key', async () => {
    serveApi(
      apiHandler(
        'submit-response',
        inTurn(
          () => HttpResponse.error(),
          () => json(503, { error: { code: 'INTERNAL', message: 'x' } }),
          () => json(201, { responseId: 'r1', clickToken: 't1' }),
        ),
      ),
    );
    await expect(submitResponse('abcd2345', input, { wait: noWait, startToken: async () => 'tok' })).resolves.toEqual({
      responseId: 'r1',
      clickToken: 't1',
    });
    expect(apiCalls()).toHaveLength(3);
    const bodies = apiCalls().map((c) => c.body as unknown as SubmitResponseInput);
    expect(new Set(bodies.map((b) => b.idempotencyKey))).toEqual(new Set([input.idempotencyKey]));
    expect(bodies[2]).toEqual({ ...input, startToken: 'tok' });
    expect(apiCalls()[0]!.path).toBe(pathOf('submit-response', { surveyCode: 'abcd2345' }));
  });

  it('does not retry a refused (4xx) submit and gives up after the last attempt', async () => {
    const post = vi.fn<typeof postResponse>().mockRejectedValue(new SubmitError(400, 'BAD_REQUEST'));
    await expect(
      submitResponse('abcd2345', input, { post, wait: noWait, startToken: async () => undefined }),
    ).rejects.toThrow(SubmitError);
    expect(post).toHaveBeenCalledTimes(1);
    const down = vi.fn<typeof postResponse>().mockRejectedValue(new SubmitError(0, undefined));
    await expect(
      submitResponse('abcd2345', input, { post: down, wait: noWait, attempts: 3, startToken: async () => undefined }),
    ).rejects.toThrow();
    expect(down).toHaveBeenCalledTimes(3);
  });

  it('retries a 429 once by itself after its Retry-After, telling the page it is busy', async () => {
    serveApi(
      apiHandler(
        'submit-response',
        inTurn(
          () =>
            HttpResponse.json({ error: { code: 'RATE_LIMITED' } }, { status: 429, headers: { 'retry-after': '3' } }),
          () => json(201, { responseId: 'r1', clickToken: 't1' }),
        ),
      ),
    );
    const waits: number[] = [];
    const onRetrying = vi.fn();
    const wait = async (ms: number) => void waits.push(ms);
    await expect(
      submitResponse('abcd2345', input, { wait, onRetrying, startToken: async () => 'tok' }),
    ).resolves.toEqual({ responseId: 'r1', clickToken: 't1' });
    expect(waits).toEqual([3000]);
    expect(onRetrying).toHaveBeenCalledWith(3000);
    const bodies = apiCalls().map((c) => c.body);
    expect(bodies).toEqual([
      { ...input, startToken: 'tok' },
      { ...input, startToken: 'tok' },
    ]);
  });

  it('gives up on a second 429, and waits at most 10 s however long Retry-After says', async () => {
    serveApi(
      apiHandler('submit-response', () =>
        HttpResponse.json({ error: { code: 'RATE_LIMITED' } }, { status: 429, headers: { 'retry-after': '300' } }),
      ),
    );
    const waits: number[] = [];
    const wait = async (ms: number) => void waits.push(ms);
    const error = await submitResponse('abcd2345', input, { wait, startToken: async () => undefined }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SubmitError);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterMs: 300_000 });
    expect(waits).toEqual([maxRetryAfterWaitMs]);
    expect(maxRetryAfterWaitMs).toBe(10_000);
    expect(apiCalls()).toHaveLength(2);
  });

  it('reads Retry-After as seconds or a date; a 429 without one waits a short default', async () => {
    expect(retryAfterMsOf('7')).toBe(7000);
    expect(retryAfterMsOf(new Date(61_000).toUTCString(), 1_000)).toBe(60_000);
    expect(retryAfterMsOf(null)).toBeUndefined();
    expect(retryAfterMsOf('soon')).toBeUndefined();
    const post = vi
      .fn<typeof postResponse>()
      .mockRejectedValueOnce(new SubmitError(429, undefined))
      .mockResolvedValue({ responseId: 'r', clickToken: 't' });
    const waits: number[] = [];
    await submitResponse('abcd2345', input, {
      post,
      wait: async (ms) => void waits.push(ms),
      startToken: async () => undefined,
    });
    expect(waits).toEqual([2000]);
  });

  it('fetches the start token once, on the first change, and waits out the least fill time at submit', async () => {
    serveApi(
      apiHandler('start-response', () => json(201, { startToken: 'start-1' })),
      apiHandler('submit-response', () => json(201, { responseId: 'r1', clickToken: 't1' })),
    );
    startResponse('efgh2345');
    startResponse('efgh2345');
    const waits: number[] = [];
    const wait = async (ms: number) => void waits.push(ms);
    await submitResponse('efgh2345', input, { wait });
    const surveyCode = 'efgh2345';
    expect(apiCalls().map((c) => c.path)).toEqual([
      pathOf('start-response', { surveyCode }),
      pathOf('submit-response', { surveyCode }),
    ]);
    expect(apiCalls()[1]!.body).toMatchObject({ startToken: 'start-1' });
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(1000);
  });

  it('reads a survey, and treats 404, network errors and broken answers as not found', async () => {
    const survey = { surveyCode: 'abcd2345', businessName: 'Joe', customPrompt: 'How?', customColors: {} };
    serveApi(
      apiHandler(
        'get-public-survey',
        inTurn(
          () => json(200, survey),
          () => json(404, { error: { code: 'NOT_FOUND' } }),
          () => HttpResponse.error(),
          () => json(200, { hello: 1 }),
        ),
      ),
    );
    await expect(fetchPublicSurvey('abcd2345')).resolves.toEqual(survey);
    await expect(fetchPublicSurvey('nope2345')).resolves.toBeNull();
    await expect(fetchPublicSurvey('abcd2345')).resolves.toBeNull();
    await expect(fetchPublicSurvey('abcd2345')).resolves.toBeNull();
  });

  it('records the review click with the token, kept alive past the tab switch', async () => {
    serveApi(apiHandler('record-review-click', () => new HttpResponse(null, { status: 204 })));
    // happy-dom's Request drops `keepalive`, so the handler cannot see it: watch what fetch is given (msw
    // still answers).
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    recordReviewClick('k7m2p9qx', 'r1', 'tok');
    await waitFor(() =>
      expect(apiCalls()).toEqual([
        {
          route: 'record-review-click',
          method: 'POST',
          path: pathOf('record-review-click', { surveyCode: 'k7m2p9qx', responseId: 'r1' }),
          body: { token: 'tok' },
        },
      ]),
    );
    expect(fetchSpy.mock.calls[0]?.[1]).toMatchObject({ keepalive: true });
  });
});
