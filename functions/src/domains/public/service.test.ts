import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { publicSurveySchema, submitRefusedMessage, type SubmitResponseInput } from '@reviewroute/shared';
import { ApiError } from '../../lib/api-error';
import type { ClientInfo } from './service';
import type { LinkOrigin } from '../../data/link-marks';
import { publishedSurvey, sampleCode, sampleSurveyId, seed } from '../../../testing/sample-survey';
import { memoryPublicSurveyService, newestResponse } from '../../../testing/domains/public';

const client: ClientInfo = { viewerIp: '203.0.113.7', userAgent: 'Mozilla/5.0 (test)' };
let keyCounter = 0;
const key = () => `6f1d2c3b-4a59-4e8f-9a7b-${String(++keyCounter).padStart(12, '0')}`;
const answer = (overrides: Partial<SubmitResponseInput> = {}): SubmitResponseInput => ({
  rating: 5,
  comment: 'Great',
  idempotencyKey: key(),
  elapsedMs: 8000,
  ...overrides,
});

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('public survey read', () => {
  it('returns only the page fields of an active survey, never the owner', async () => {
    const { service } = memoryPublicSurveyService();
    const survey = await service.getPublicSurvey(sampleCode);
    expect(publicSurveySchema.strict().parse(survey)).toEqual(survey);
    expect(JSON.stringify(survey)).not.toMatch(/owner@example.com|8f1c2b4e/);
    expect(survey).toMatchObject({ surveyCode: sampleCode, businessSlug: 'joes-pizza', businessName: "Joe's Pizza" });
  });

  it('answers unknown, malformed, draft and inactive codes alike: 404 with the spec text', async () => {
    const { service, surveys } = memoryPublicSurveyService();
    seed(surveys, publishedSurvey({ id: 'draft-1', status: 'draft', isActive: false, surveyCode: 'dddddddd' }));
    seed(surveys, publishedSurvey({ id: 'off-1', isActive: false, surveyCode: 'ffffffff' }));
    for (const code of ['zzzzzzzz', 'dddddddd', 'ffffffff', 'K7M2P9QX', '', '../x', 'a'.repeat(300)]) {
      const error = await refusal(service.getPublicSurvey(code));
      expect(error.code, code).toBe('NOT_FOUND');
      expect(error.message).toBe("The survey you're looking for doesn't exist or is no longer active.");
    }
  });
});

describe('submit', () => {
  it('stores the response alone; the stats worker then counts count, sum and histogram', async () => {
    const { service, responses, stats, catchUpStats } = memoryPublicSurveyService();
    for (const rating of [5, 4, 4, 1]) await service.submit(sampleCode, answer({ rating }), client);
    expect(await stats.getTally(sampleSurveyId)).toBeUndefined();
    await catchUpStats();
    expect(await stats.getTally(sampleSurveyId)).toEqual({
      surveyId: sampleSurveyId,
      count: 4,
      sum: 14,
      histogram: [1, 0, 0, 2, 1],
      reviewClicks: 0,
    });
    const latest = newestResponse(responses);
    expect(latest).toMatchObject({ rating: 1, comment: 'Great', userAgent: 'Mozilla/5.0 (test)' });
  });

  it('returns a response id and a click token; stores only the token hash', async () => {
    const { service, responses } = memoryPublicSurveyService();
    const result = await service.submit(sampleCode, answer(), client);
    expect(result.responseId).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.clickToken.length).toBeGreaterThanOrEqual(40);
    const hash = createHash('sha256').update(result.clickToken).digest('hex');
    expect(responses.clickTokenHashes.get(result.responseId)).toBe(hash);
  });

  it.each([
    [1, true, true],
    [2, true, true],
    [3, true, false],
    [5, true, false],
    [1, false, false],
  ])('rating %i with contact collection %s keeps contact details: %s', async (rating, collect, kept) => {
    const { service, responses } = memoryPublicSurveyService({ survey: { collectContactOnLowRating: collect } });
    await service.submit(
      sampleCode,
      answer({ rating, customerName: ' Ann ', customerEmail: 'ann@example.com' }),
      client,
    );
    const stored = newestResponse(responses);
    expect(stored).toMatchObject(
      kept ? { customerName: 'Ann', customerEmail: 'ann@example.com' } : { customerName: null, customerEmail: null },
    );
  });

  it('stores a blank comment as null and refuses one over 500 characters with the spec message', async () => {
    const { service, responses } = memoryPublicSurveyService();
    await service.submit(sampleCode, answer({ comment: '   ' }), client);
    expect(newestResponse(responses)!.comment).toBeNull();
    const error = await refusal(service.submit(sampleCode, answer({ comment: 'x'.repeat(501) }), client));
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Comment must be less than 500 characters' });
    const missing = await refusal(service.submit(sampleCode, { ...answer(), rating: undefined }, client));
    expect(missing).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Please select a rating' });
  });

  it('answers a retry with the same key with the first answer and writes nothing', async () => {
    const { service, responses, stats, catchUpStats } = memoryPublicSurveyService();
    const body = answer({ rating: 4 });
    const first = await service.submit(sampleCode, body, client);
    const again = await service.submit(sampleCode, { ...body, rating: 1 }, client);
    expect(again).toEqual(first);
    expect(responses.stream).toHaveLength(1);
    await catchUpStats();
    expect(await stats.getTally(sampleSurveyId)).toMatchObject({ count: 1, sum: 4, histogram: [0, 0, 0, 1, 0] });
    expect(responses.responses.get(sampleSurveyId)).toHaveLength(1);
  });

  it('refuses a filled honeypot or a too-fast post without saying why, and stores nothing', async () => {
    const { service, responses, rateLimiter } = memoryPublicSurveyService();
    for (const body of [answer({ website: 'http://spam.example' }), answer({ elapsedMs: 200 })]) {
      const error = await refusal(service.submit(sampleCode, body, client));
      expect(error).toMatchObject({ code: 'BAD_REQUEST', message: submitRefusedMessage, statusCode: 400 });
      expect(error.fields).toBeUndefined();
    }
    expect(responses.responses.size).toBe(0);
    expect(rateLimiter.counts.size).toBe(0);
  });

  it('measures the fill time itself: a missing, forged, foreign, too recent or expired start token is refused', async () => {
    const { service, responses, startedAgo } = memoryPublicSurveyService();
    const recent = await startedAgo(sampleCode, 500);
    const old = await startedAgo(sampleCode, 13 * 60 * 60 * 1000);
    const good = await startedAgo(sampleCode, 4000);
    const [issued, signature] = good.split('.') as [string, string];
    const tokens = [
      undefined,
      'garbage',
      recent,
      old,
      `${Number(issued) - 10_000}.${signature}`,
      `${issued}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      await startedAgo('hhhhhhhh', 4000),
    ];
    for (const startToken of tokens) {
      // The page's own elapsed time says 8 s: only the server's measure counts.
      const error = await refusal(service.submit(sampleCode, { ...answer(), startToken }, client));
      expect(error, String(startToken)).toMatchObject({ code: 'BAD_REQUEST', message: submitRefusedMessage });
    }
    expect(responses.responses.size).toBe(0);
    await service.submit(sampleCode, { ...answer(), startToken: good }, client);
    expect(responses.responses.get(sampleSurveyId)).toHaveLength(1);
  });

  it('needs no start token when the least fill time is 0 (the test stacks), but still the page’s own', async () => {
    const { service, responses } = memoryPublicSurveyService({ minFillMs: () => 0 });
    await service.submit(sampleCode, { ...answer(), startToken: undefined }, client);
    expect(responses.responses.get(sampleSurveyId)).toHaveLength(1);
    const fast = await refusal(
      service.submit(sampleCode, { ...answer({ elapsedMs: 100 }), startToken: undefined }, client),
    );
    expect(fast.code).toBe('BAD_REQUEST');
  });

  it('hands out start tokens without reading the survey, only for well-formed codes', async () => {
    const { service } = memoryPublicSurveyService();
    expect((await service.start('zzzzzzzz')).startToken).toMatch(/^\d{13}\.[\w-]{43}$/);
    expect((await refusal(service.start('../x'))).code).toBe('NOT_FOUND');
  });

  it('limits each client per minute (429), others keep going', async () => {
    const { service, responses, setLimit } = memoryPublicSurveyService();
    setLimit(3);
    for (let i = 0; i < 3; i++) await service.submit(sampleCode, answer(), client);
    const error = await refusal(service.submit(sampleCode, answer(), client));
    expect(error).toMatchObject({ code: 'RATE_LIMITED', statusCode: 429 });
    expect(error.headers).toEqual({ 'retry-after': '60' });
    // Another user agent is the same client: the caller chooses it.
    expect((await refusal(service.submit(sampleCode, answer(), { ...client, userAgent: 'Another' }))).code).toBe(
      'RATE_LIMITED',
    );
    await service.submit(sampleCode, answer(), { ...client, viewerIp: '198.51.100.1' });
    expect(responses.responses.get(sampleSurveyId)).toHaveLength(4);
  });

  it('counts an IPv6 client by its /64', async () => {
    const { service, setLimit } = memoryPublicSurveyService();
    setLimit(2);
    await service.submit(sampleCode, answer(), { ...client, viewerIp: '2001:db8:1:2::1' });
    await service.submit(sampleCode, answer(), { ...client, viewerIp: '2001:db8:1:2:ffff::9' });
    const third = service.submit(sampleCode, answer(), { ...client, viewerIp: '2001:db8:1:2:abcd:1:2:3' });
    expect((await refusal(third)).code).toBe('RATE_LIMITED');
    // The neighbouring /64 is another subscriber.
    await service.submit(sampleCode, answer(), { ...client, viewerIp: '2001:db8:1:3::1' });
  });

  it('caps a survey across clients, and the cap of one survey leaves another alone', async () => {
    const { service, surveys } = memoryPublicSurveyService({ surveyRateLimit: () => 3 });
    seed(surveys, publishedSurvey({ id: 'other-1', surveyCode: 'hhhhhhhh' }));
    for (let i = 0; i < 3; i++) await service.submit(sampleCode, answer(), { ...client, viewerIp: `198.51.100.${i}` });
    const capped = await refusal(service.submit(sampleCode, answer(), { ...client, viewerIp: '198.51.100.9' }));
    expect(capped).toMatchObject({ code: 'RATE_LIMITED', statusCode: 429 });
    expect(capped.headers?.['retry-after']).toMatch(/^\d+$/);
    await service.submit('hhhhhhhh', answer(), { ...client, viewerIp: '198.51.100.9' });
  });

  it('keys the limit by a salted hash: no address is kept anywhere', async () => {
    const { service, rateLimiter, setLimit } = memoryPublicSurveyService();
    // Past half its limit on this instance a client is counted in the table too.
    setLimit(2);
    expect(rateLimiter.counts.size).toBe(0);
    await service.submit(sampleCode, answer(), client);
    expect(rateLimiter.counts.size).toBe(0);
    await service.submit(sampleCode, answer(), client);
    const [windowKey] = [...rateLimiter.counts.keys()];
    expect(windowKey).toMatch(/^[0-9a-f]{64}\/\d+$/);
    expect(windowKey).not.toContain(client.viewerIp);
    const unsalted = createHash('sha256').update(`\n${client.viewerIp}`).digest('hex');
    expect(windowKey!.startsWith(unsalted)).toBe(false);
  });

  it('refuses unknown, draft and inactive surveys with 404 and stores nothing', async () => {
    const { service, responses } = memoryPublicSurveyService({ survey: { isActive: false } });
    const error = await refusal(service.submit(sampleCode, answer(), client));
    expect(error.code).toBe('NOT_FOUND');
    expect((await refusal(service.submit('zzzzzzzz', answer(), client))).code).toBe('NOT_FOUND');
    expect(responses.responses.size).toBe(0);
  });
});

describe('survey lookups', () => {
  it('reuses a published survey for a few seconds, then reads it again', async () => {
    let t = Date.parse('2026-11-21T09:00:00.000Z');
    const { service, surveys } = memoryPublicSurveyService({ now: () => new Date(t), surveyCacheMs: 5000 });
    const { customPrompt, userId } = publishedSurvey();
    expect((await service.getPublicSurvey(sampleCode)).customPrompt).toBe(customPrompt);
    await surveys.update(userId, sampleSurveyId, { customPrompt: 'New?' }, 'x');
    t += 4000;
    expect((await service.getPublicSurvey(sampleCode)).customPrompt).toBe(customPrompt);
    t += 1000;
    expect((await service.getPublicSurvey(sampleCode)).customPrompt).toBe('New?');
  });

  it('lets a cached survey take answers until its cache expires after it was deactivated, then none', async () => {
    const { service, surveys, responses, advance } = memoryPublicSurveyService({ surveyCacheMs: 5000 });
    await service.getPublicSurvey(sampleCode);
    surveys.surveys.get(`${publishedSurvey().userId}/${sampleSurveyId}`)!.isActive = false;
    // The submit checks nothing but the cached survey: one racing the unpublish lands, and is kept.
    advance(4999);
    await service.submit(sampleCode, answer(), client);
    expect(responses.responses.get(sampleSurveyId)).toHaveLength(1);
    advance(1);
    expect((await refusal(service.submit(sampleCode, answer(), client))).code).toBe('NOT_FOUND');
    expect((await refusal(service.getPublicSurvey(sampleCode))).code).toBe('NOT_FOUND');
    expect(responses.responses.get(sampleSurveyId)).toHaveLength(1);
  });
});

describe('review click', () => {
  it('flags the response and counts once; a second click is a no-op', async () => {
    const { service, responses, stats, catchUpStats } = memoryPublicSurveyService();
    const { responseId, clickToken } = await service.submit(sampleCode, answer(), client);
    await service.recordReviewClick(sampleCode, responseId, clickToken);
    await service.recordReviewClick(sampleCode, responseId, clickToken);
    await catchUpStats();
    expect((await stats.getTally(sampleSurveyId))!.reviewClicks).toBe(1);
    expect(newestResponse(responses)!.googleReviewClicked).toBe(true);
  });

  it('changes nothing with a wrong token, code or an unknown response (404)', async () => {
    const { service, responses, stats, catchUpStats } = memoryPublicSurveyService();
    const { responseId, clickToken } = await service.submit(sampleCode, answer(), client);
    const other = await service.submit(sampleCode, answer(), client);
    for (const [id, token] of [
      [responseId, `${clickToken}x`],
      [responseId, other.clickToken],
      ['0195a3c4-7b00-7000-8000-00000000ffff', clickToken],
      ['not-an-id', clickToken],
    ] as const) {
      expect((await refusal(service.recordReviewClick(sampleCode, id, token))).code).toBe('NOT_FOUND');
    }
    expect((await refusal(service.recordReviewClick('zzzzzzzz', responseId, clickToken))).code).toBe('NOT_FOUND');
    await catchUpStats();
    expect((await stats.getTally(sampleSurveyId))!.reviewClicks).toBe(0);
    expect(responses.responses.get(sampleSurveyId)!.every((r) => !r.googleReviewClicked)).toBe(true);
  });
});

describe('a review request’s personal link', () => {
  const marker = () => {
    const marks: [string | undefined, string, string][] = [];
    return {
      marks,
      markLink: async (token: string | undefined, surveyId: string, stage: string) => {
        marks.push([token, surveyId, stage]);
      },
    };
  };

  it('hands the token of the visit, the submit and the click to the marker with the survey it belongs to', async () => {
    const { marks, markLink } = marker();
    const { service } = memoryPublicSurveyService({ markLink });
    await service.recordLinkOpen(sampleCode, 'tok');
    const result = await service.submit(sampleCode, answer({ requestToken: 'tok' }), client);
    await service.recordReviewClick(sampleCode, result.responseId, result.clickToken, 'tok');
    // Without a token nothing more happens; a malformed one is dropped by the schema, and the rating counts.
    await service.submit(sampleCode, answer(), client);
    await service.submit(sampleCode, answer({ requestToken: 'x'.repeat(500) }), client);
    await service.recordLinkOpen('unknown1', 'tok');
    expect(marks).toEqual([
      ['tok', sampleSurveyId, 'opened'],
      ['tok', sampleSurveyId, 'rated'],
      ['tok', sampleSurveyId, 'clicked'],
      [undefined, sampleSurveyId, 'rated'],
      [undefined, sampleSurveyId, 'rated'],
    ]);
  });

  it('marks nothing for a click the response refuses', async () => {
    const { marks, markLink } = marker();
    const { service } = memoryPublicSurveyService({ markLink });
    const result = await service.submit(sampleCode, answer({ requestToken: 'tok' }), client);
    await expect(service.recordReviewClick(sampleCode, result.responseId, 'wrong', 'tok')).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(marks.map((m) => m[2])).toEqual(['rated']);
  });
});

describe('a response’s website consent and evidence', () => {
  it('keeps the consent’s shown name and how the response was invited, in the one write', async () => {
    const origin = { recipient: { sentAt: '2026-11-20T18:00:00.000Z' }, source: 'hook' } as const;
    const tokens: (string | undefined)[] = [];
    const { service, responses } = memoryPublicSurveyService({
      survey: { offerPublicReviewToEveryone: true },
      linkOrigin: async (token) => {
        tokens.push(token);
        return token === 'tok' ? (origin as unknown as LinkOrigin) : undefined;
      },
    });
    await service.submit(
      sampleCode,
      answer({ requestToken: 'tok', websiteConsent: { nameStyle: 'initials', name: 'Anna de Vries' } }),
      client,
    );
    expect(newestResponse(responses)).toMatchObject({
      websiteConsent: { shownAs: 'A.d.V.', nameStyle: 'initials', hiddenReason: null, hiddenAt: null },
      evidence: { invitation: 'booking-system', invitedAt: origin.recipient.sentAt, everyoneOfferedPublicReview: true },
    });
    await service.submit(sampleCode, answer(), client);
    expect(newestResponse(responses)).toMatchObject({
      websiteConsent: null,
      evidence: { invitation: 'public-link', invitedAt: null, everyoneOfferedPublicReview: true },
    });
    expect(tokens).toEqual(['tok', undefined]);
  });

  it('refuses a consent without a name to show', async () => {
    const { service } = memoryPublicSurveyService();
    const error = await refusal(
      service.submit(sampleCode, answer({ websiteConsent: { nameStyle: 'first-name', name: '  ' } }), client),
    );
    expect(error.code).toBe('VALIDATION_FAILED');
  });
});
