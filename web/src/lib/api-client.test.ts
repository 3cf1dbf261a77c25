import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCalls, apiHandler, serveApi } from '@testing/api';

const fetchAuthSession = vi.hoisted(() => vi.fn());
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession }));

const { ApiError, call, codeForStatus } = await import('./api-client');
const { apiErrorMessageKey } = await import('./api-errors');

const token = { toString: () => 'id-token-123' };

/** The headers of each request the API received, in order. */
let headers: Headers[] = [];
/** GET /api/me answers `response` (and notes the request's headers). */
function meAnswers(response: () => Response) {
  serveApi(
    apiHandler('me', ({ request }) => {
      headers.push(request.headers);
      return response();
    }),
  );
}
const me = () => call('me');
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e,
  );

beforeEach(() => {
  headers = [];
  fetchAuthSession.mockReset();
  fetchAuthSession.mockResolvedValue({ tokens: { idToken: token, accessToken: { toString: () => 'access' } } });
});

describe('call', () => {
  it('sends the ID token (not the access token) as a bearer token', async () => {
    meAnswers(() => HttpResponse.json({ userId: 'u1', email: 'a@b.co' }));
    await expect(me()).resolves.toEqual({ userId: 'u1', email: 'a@b.co' });
    expect(headers[0]!.get('authorization')).toBe('Bearer id-token-123');
    expect(apiCalls().map((c) => c.method)).toEqual(['GET']);
  });

  it('sends no Authorization header when signed out, nor on a public route', async () => {
    meAnswers(() => HttpResponse.json({ userId: 'u1', email: 'a@b.co' }));
    fetchAuthSession.mockResolvedValue({ tokens: undefined });
    await me();
    expect(headers[0]!.has('authorization')).toBe(false);

    fetchAuthSession.mockClear();
    fetchAuthSession.mockResolvedValue({ tokens: { idToken: token } });
    serveApi(
      apiHandler('health', ({ request }) => {
        headers.push(request.headers);
        return HttpResponse.json({ status: 'ok' });
      }),
    );
    await expect(call('health')).resolves.toEqual({ status: 'ok' });
    expect(fetchAuthSession).not.toHaveBeenCalled();
    expect(headers[1]!.has('authorization')).toBe(false);
  });

  it('takes method, path and query string from the route table, and skips undefined query values', async () => {
    const page = {
      profile: null,
      surveys: [],
      payments: [],
      responses: [],
      nextCursor: null,
      progress: { surveysDone: 0, surveysTotal: 0 },
    };
    serveApi(apiHandler('export-account', () => HttpResponse.json(page)));
    serveApi(apiHandler('update-survey', () => HttpResponse.json({}, { status: 404 })));
    await call('export-account', { query: { cursor: 'a b&c' } });
    await call('export-account', { query: { cursor: undefined } });
    await failureOf(call('update-survey', { params: { surveyId: 's/1' }, body: { version: 1, businessName: 'X' } }));
    expect(apiCalls().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'GET', path: '/api/account/export?cursor=a+b%26c', body: undefined },
      { method: 'GET', path: '/api/account/export', body: undefined },
      { method: 'PATCH', path: '/api/surveys/s%2F1', body: { version: 1, businessName: 'X' } },
    ]);
  });

  it('compiles only with the params, query and body the route declares', () => {
    // Never run: `tsc -p web` checks these lines and fails when an expected error does not occur.
    const typeChecks = () => [
      // @ts-expect-error: get-survey needs its surveyId
      call('get-survey'),
      // @ts-expect-error: me takes no body
      call('me', { body: {} }),
      // @ts-expect-error: export-account's query has a cursor, no page
      call('export-account', { query: { page: 2 } }),
      // @ts-expect-error: a misspelt route id
      call('get-surveys'),
    ];
    expect(typeChecks).toBeTypeOf('function');
  });

  it('treats a failing session lookup as signed out', async () => {
    meAnswers(() => HttpResponse.json({ userId: 'u1', email: 'a@b.co' }));
    fetchAuthSession.mockRejectedValue(new Error('no session'));
    await expect(me()).resolves.toEqual({ userId: 'u1', email: 'a@b.co' });
    expect(headers[0]!.has('authorization')).toBe(false);
  });

  it('sends a JSON body', async () => {
    let contentType: string | null = null;
    serveApi(
      apiHandler('send-contact-email', ({ request }) => {
        contentType = request.headers.get('content-type');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const message = {
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      subject: 'S',
      message: 'M',
      elapsedMs: 9000,
      language: 'en' as const,
    };
    await expect(call('send-contact-email', { body: message })).resolves.toBeUndefined();
    expect(apiCalls()[0]!.body).toEqual(message);
    expect(contentType).toBe('application/json');
  });

  it('maps the error contract to ApiError with code, message and fields', async () => {
    const body = { error: { code: 'VALIDATION_FAILED', message: 'bad', fields: { email: 'Valid email is required' } } };
    meAnswers(() => HttpResponse.json(body, { status: 400 }));
    const error = await failureOf(me());
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'bad',
      fields: { email: 'Valid email is required' },
    });
  });

  it('maps a 401 without the contract (e.g. the gateway) to UNAUTHORIZED', async () => {
    meAnswers(() => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 }));
    expect(await failureOf(me())).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('maps an HTML error page to a status-derived code', async () => {
    meAnswers(() => HttpResponse.html('<h1>Bad gateway</h1>', { status: 502 }));
    expect(await failureOf(me())).toMatchObject({ status: 502, code: 'INTERNAL' });
  });

  it('ignores an error body whose code is not one of ours', async () => {
    meAnswers(() => HttpResponse.json({ error: { code: 'SOMETHING_ELSE', message: 'x' } }, { status: 404 }));
    expect(await failureOf(me())).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('reports network failures as NETWORK_ERROR', async () => {
    meAnswers(() => HttpResponse.error());
    await expect(me()).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('rethrows aborts untouched so react-query can cancel', async () => {
    // The API never answers: only the abort ends the request.
    serveApi(apiHandler('me', () => new Promise<never>(() => undefined)));
    const controller = new AbortController();
    const request = failureOf(call('me', { signal: controller.signal }));
    await vi.waitFor(() => expect(apiCalls()).toHaveLength(1));
    const abort = new DOMException('aborted', 'AbortError');
    controller.abort(abort);
    expect(await request).toBe(abort);
  });

  it('rejects a 200 whose body does not match the schema', async () => {
    meAnswers(() => HttpResponse.json({ userId: '' }));
    await expect(me()).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
    meAnswers(() => HttpResponse.text('not json'));
    await expect(me()).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });
});

describe('codeForStatus', () => {
  it.each([
    [400, 'BAD_REQUEST'],
    [401, 'UNAUTHORIZED'],
    [403, 'FORBIDDEN'],
    [404, 'NOT_FOUND'],
    [409, 'CONFLICT'],
    [413, 'PAYLOAD_TOO_LARGE'],
    [429, 'RATE_LIMITED'],
    [418, 'BAD_REQUEST'],
    [500, 'INTERNAL'],
    [502, 'INTERNAL'],
    [503, 'SERVICE_UNAVAILABLE'],
  ])('%i -> %s', (status, code) => {
    expect(codeForStatus(status)).toBe(code);
  });
});

describe('apiErrorMessageKey', () => {
  it('picks the translation by code, unexpected otherwise', () => {
    expect(apiErrorMessageKey(new ApiError(409, 'CONFLICT', 'x'))).toBe('api.CONFLICT');
    expect(apiErrorMessageKey(new ApiError(0, 'NETWORK_ERROR', 'x'))).toBe('api.NETWORK_ERROR');
    expect(apiErrorMessageKey(new Error('boom'))).toBe('unexpected');
  });
});
