import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { SignJWT, generateKeyPair, importJWK, type JWK, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createSignedInUser, type TestUser, type Tokens } from '../support/cognito';

const stack = inject('localStack');
const api = stack.urls.api;
const issuer = `${stack.urls.cognito}/${stack.webConfig.userPoolId}`;

/** cognito-local signs with a fixed, published development key; tokens made with it differ only in claims. */
const cognitoLocalKey = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8'),
) as { jwk: JWK & { kid: string } };

async function mintToken(
  claims: JWTPayload,
  options: { expiresIn?: string | number; key?: 'cognito' | 'foreign' } = {},
) {
  const key =
    options.key === 'foreign'
      ? (await generateKeyPair('RS256')).privateKey
      : await importJWK(cognitoLocalKey.jwk, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ token_use: 'id', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: cognitoLocalKey.jwk.kid })
    .setIssuedAt(now - 60)
    .setExpirationTime(options.expiresIn ?? now + 600)
    .sign(key);
}

const getMe = (authorization?: string) => fetch(`${api}/api/me`, authorization ? { headers: { authorization } } : {});

/** An ID token's claims with everything right: each refused token below gets exactly one of them wrong. */
const rightClaims = { iss: issuer, aud: stack.resources.userPoolClientId, sub: 's' };

describe('local API gateway', () => {
  it('answers GET /api/health with 200 from the system handler', async () => {
    const res = await fetch(`${api}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown route, or a known path under another method, like API Gateway: 404', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['POST', '/api/health'],
      ['GET', '/'],
    ] as const) {
      const res = await fetch(`${api}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.json()).toEqual({ message: 'Not Found' });
    }
  });

  it('serves the SPA runtime config for password auth against the local pool', async () => {
    const res = await fetch(`${api}/config.json`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      region: 'eu-west-1',
      userPoolId: stack.resources.userPoolId,
      userPoolClientId: stack.resources.userPoolClientId,
      userPoolEndpoint: stack.urls.cognito,
      authFlowType: 'USER_PASSWORD_AUTH',
      // The shared stack searches places through the loopback Places server.
      placeSearch: true,
    });
  });

  it('refuses a body over 10 MB (the API Gateway payload limit) with the 413 contract before any handler runs, and leaves smaller ones to the handler', async () => {
    const send = (body: Buffer, chunked: boolean) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(`${api}/api/health`, {
          method: 'GET',
          headers: {
            'content-type': 'application/json',
            ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': body.length }),
          },
        });
        req.on('response', (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        // The gateway may answer and close before the whole upload is written.
        req.on('error', reject);
        req.end(body);
      });
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 'a');
    for (const chunked of [false, true]) {
      const res = await send(big, chunked);
      expect(res.status, chunked ? 'chunked' : 'content-length').toBe(413);
      // The API's contract, as the handler answers a body over its route's limit: one answer for the app.
      expect(JSON.parse(res.body)).toEqual({
        error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' },
      });
    }
    // Just under the gateway's limit passes through to the handler, whose own 16 KB cap answers with our
    // error contract instead of the gateway's bare message.
    const justUnder = Buffer.from(JSON.stringify({ pad: 'a'.repeat(10 * 1024 * 1024 - 20) }));
    expect(justUnder.length).toBeLessThanOrEqual(10 * 1024 * 1024);
    const handled = await send(justUnder, true);
    expect(handled.status).toBe(413);
    expect(JSON.parse(handled.body)).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
  });
});

describe('JWT authorizer on owner routes (/api/me)', () => {
  let user: TestUser & { tokens: Tokens };
  beforeAll(async () => {
    user = await createSignedInUser(stack);
  });

  it('401 without a token', async () => {
    const res = await getMe();
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('401 with a token that is not a JWT', async () => {
    for (const value of ['Bearer garbage', 'Bearer a.b.c', 'garbage']) {
      const res = await getMe(value);
      expect(res.status, value).toBe(401);
      expect(await res.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  it('200 with a token minted here with every claim right (so the 401s below fail for their own reason)', async () => {
    const token = await mintToken({ ...rightClaims, sub: 'minted-sub', email: 'minted@example.com' });
    const res = await getMe(`Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ userId: 'minted-sub', email: 'minted@example.com' });
  });

  it('401 with an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await mintToken(rightClaims, { expiresIn: now - 10 });
    expect((await getMe(`Bearer ${token}`)).status).toBe(401);
  });

  it('401 with a token for another audience (app client)', async () => {
    const token = await mintToken({ ...rightClaims, aud: 'some-other-client' });
    expect((await getMe(`Bearer ${token}`)).status).toBe(401);
  });

  it('accepts client_id in place of aud, as the HTTP API authorizer does, and only when it matches', async () => {
    const good = await mintToken({
      iss: issuer,
      client_id: stack.resources.userPoolClientId,
      sub: 'access-sub',
      token_use: 'access',
    });
    expect((await getMe(`Bearer ${good}`)).status).toBe(200);
    const bad = await mintToken({ iss: issuer, client_id: 'some-other-client', sub: 's', token_use: 'access' });
    expect((await getMe(`Bearer ${bad}`)).status).toBe(401);
  });

  it('401 with a token from another issuer', async () => {
    const token = await mintToken({ ...rightClaims, iss: `${stack.urls.cognito}/local_other` });
    expect((await getMe(`Bearer ${token}`)).status).toBe(401);
  });

  it('401 with a token signed by a key the pool does not publish', async () => {
    const token = await mintToken(rightClaims, { key: 'foreign' });
    expect((await getMe(`Bearer ${token}`)).status).toBe(401);
  });

  it("200 with a real ID token from the local pool, returning that user's sub and e-mail", async () => {
    const res = await getMe(`Bearer ${user.tokens.idToken}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ userId: user.userId, email: user.email });
  });

  it('accepts the token without the Bearer prefix too (the authorizer takes the header as is)', async () => {
    expect((await getMe(user.tokens.idToken)).status).toBe(200);
  });
});
