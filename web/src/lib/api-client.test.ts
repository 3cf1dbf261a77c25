import { beforeEach, describe, expect, it, vi } from 'vitest';
import { meResponseSchema } from '@reviewroute/shared';

const fetchAuthSession = vi.hoisted(() => vi.fn());
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession }));

const { ApiError, apiFetch, codeForStatus } = await import('./api-client');
const { apiErrorMessageKey } = await import('./api-errors');

const token = { toString: () => 'id-token-123' };

function fetchReturning(response: Response) {
  return vi.fn<typeof fetch>(async () => response);
}

beforeEach(() => {
  fetchAuthSession.mockReset();
  fetchAuthSession.mockResolvedValue({ tokens: { idToken: token, accessToken: { toString: () => 'access' } } });
});

describe('apiFetch', () => {
  it('sends the ID token (not the access token) as a bearer token', async () => {
    const fetchImpl = fetchReturning(Response.json({ userId: 'u1', email: 'a@b.co' }));
    const me = await apiFetch('/api/me', { schema: meResponseSchema, fetchImpl });
    expect(me).toEqual({ userId: 'u1', email: 'a@b.co' });
    const init = fetchImpl.mock.calls[0]![1]!;
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer id-token-123');
    expect(init.method).toBe('GET');
  });

  it('sends no Authorization header when signed out or anonymous', async () => {
    fetchAuthSession.mockResolvedValue({ tokens: undefined });
    const fetchImpl = fetchReturning(Response.json({ status: 'ok' }));
    await apiFetch('/api/health', { fetchImpl });
    expect((fetchImpl.mock.calls[0]![1]!.headers as Record<string, string>).authorization).toBeUndefined();

    fetchAuthSession.mockClear();
    fetchAuthSession.mockResolvedValue({ tokens: { idToken: token } });
    await apiFetch('/api/health', { fetchImpl: fetchReturning(Response.json({ status: 'ok' })), anonymous: true });
    expect(fetchAuthSession).not.toHaveBeenCalled();
  });

  it('treats a failing session lookup as signed out', async () => {
    fetchAuthSession.mockRejectedValue(new Error('no session'));
    const fetchImpl = fetchReturning(Response.json({ status: 'ok' }));
    await expect(apiFetch('/api/health', { fetchImpl })).resolves.toEqual({ status: 'ok' });
  });

  it('sends a JSON body', async () => {
    const fetchImpl = fetchReturning(new Response(null, { status: 204 }));
    await expect(apiFetch('/api/x', { method: 'POST', body: { a: 1 }, fetchImpl })).resolves.toBeUndefined();
    const init = fetchImpl.mock.calls[0]![1]!;
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('maps the error contract to ApiError with code, message and fields', async () => {
    const body = { error: { code: 'VALIDATION_FAILED', message: 'bad', fields: { email: 'Valid email is required' } } };
    const error = await apiFetch('/api/x', { fetchImpl: fetchReturning(Response.json(body, { status: 400 })) }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'bad',
      fields: { email: 'Valid email is required' },
    });
  });

  it('maps a 401 without the contract (e.g. the gateway) to UNAUTHORIZED', async () => {
    const error = await apiFetch('/api/me', {
      fetchImpl: fetchReturning(Response.json({ message: 'Unauthorized' }, { status: 401 })),
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('maps an HTML error page to a status-derived code', async () => {
    const error = await apiFetch('/api/x', {
      fetchImpl: fetchReturning(new Response('<h1>Bad gateway</h1>', { status: 502 })),
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'INTERNAL' });
  });

  it('ignores an error body whose code is not one of ours', async () => {
    const body = { error: { code: 'SOMETHING_ELSE', message: 'x' } };
    const error = await apiFetch('/api/x', { fetchImpl: fetchReturning(Response.json(body, { status: 404 })) }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('reports network failures as NETWORK_ERROR', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiFetch('/api/x', { fetchImpl })).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('rethrows aborts untouched so react-query can cancel', async () => {
    const abort = new DOMException('aborted', 'AbortError');
    const fetchImpl = vi.fn<typeof fetch>(async () => {
      throw abort;
    });
    await expect(apiFetch('/api/x', { fetchImpl })).rejects.toBe(abort);
  });

  it('rejects a 200 whose body does not match the schema', async () => {
    const fetchImpl = fetchReturning(Response.json({ userId: '' }));
    await expect(apiFetch('/api/me', { schema: meResponseSchema, fetchImpl })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
    await expect(
      apiFetch('/api/me', { schema: meResponseSchema, fetchImpl: fetchReturning(new Response('not json')) }),
    ).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
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
