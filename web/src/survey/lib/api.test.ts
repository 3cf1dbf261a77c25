import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubmitResponseInput } from '@reviewroute/shared';
import {
  fetchPublicSurvey,
  type postResponse,
  recordReviewClick,
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
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const noWait = () => Promise.resolve();

afterEach(() => vi.unstubAllGlobals());

describe('public survey client', () => {
  it('retries lost or failed submits with the very same body and idempotency key', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(503, { error: { code: 'INTERNAL', message: 'x' } }))
      .mockResolvedValueOnce(json(201, { responseId: 'r1', clickToken: 't1' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(submitResponse('abcd2345', input, { wait: noWait, startToken: async () => 'tok' })).resolves.toEqual({
      responseId: 'r1',
      clickToken: 't1',
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const bodies = fetchMock.mock.calls.map(([, init]) => JSON.parse(init!.body as string) as SubmitResponseInput);
    expect(new Set(bodies.map((b) => b.idempotencyKey))).toEqual(new Set([input.idempotencyKey]));
    expect(bodies[2]).toEqual({ ...input, startToken: 'tok' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/public/surveys/abcd2345/responses');
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

  it('fetches the start token once, on the first change, and waits out the least fill time at submit', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(json(201, { startToken: 'start-1' }))
      .mockResolvedValueOnce(json(201, { responseId: 'r1', clickToken: 't1' }));
    vi.stubGlobal('fetch', fetchMock);
    startResponse('efgh2345');
    startResponse('efgh2345');
    const waits: number[] = [];
    const wait = async (ms: number) => void waits.push(ms);
    await submitResponse('efgh2345', input, { wait });
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual([
      'POST /api/public/surveys/efgh2345/start',
      'POST /api/public/surveys/efgh2345/responses',
    ]);
    expect(JSON.parse(fetchMock.mock.calls[1]![1]!.body as string)).toMatchObject({ startToken: 'start-1' });
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(1000);
  });

  it('reads a survey, and treats 404, network errors and broken answers as not found', async () => {
    const survey = { surveyCode: 'abcd2345', businessName: 'Joe', customPrompt: 'How?', customColors: {} };
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValueOnce(json(200, survey)));
    await expect(fetchPublicSurvey('abcd2345')).resolves.toEqual(survey);
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValueOnce(json(404, { error: { code: 'NOT_FOUND' } })));
    await expect(fetchPublicSurvey('nope2345')).resolves.toBeNull();
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValueOnce(new TypeError('offline')));
    await expect(fetchPublicSurvey('abcd2345')).resolves.toBeNull();
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValueOnce(json(200, { hello: 1 })));
    await expect(fetchPublicSurvey('abcd2345')).resolves.toBeNull();
  });

  it('records the review click with the token, kept alive past the tab switch', () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    recordReviewClick('r1', 'tok');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/public/responses/r1/review-click');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, body: JSON.stringify({ token: 'tok' }) });
  });
});
