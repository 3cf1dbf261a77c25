import { beforeAll, describe, expect, inject, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createSignedInUser, type TestUser, type Tokens } from '../support/cognito';

const stack = inject('localStack');
const appOrigin = 'http://localhost:5173';

/** The request Amplify 6.22 sends from the browser: a cross-origin JSON-1.1 POST with an x-amz-target. */
function amplifyCall(target: string, body: unknown) {
  return fetch(stack.urls.cognito, {
    method: 'POST',
    headers: {
      origin: appOrigin,
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
      'x-amz-user-agent': 'aws-amplify/6.22.1 auth/1 framework/1',
      'cache-control': 'no-store',
    },
    body: JSON.stringify(body),
  });
}

describe('Cognito endpoint as the browser uses it', () => {
  let user: TestUser & { tokens: Tokens };
  beforeAll(async () => {
    user = await createSignedInUser(stack);
  });

  it('answers the CORS preflight of the app origin for Amplify headers', async () => {
    const res = await fetch(stack.urls.cognito, {
      method: 'OPTIONS',
      headers: {
        origin: appOrigin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent,cache-control',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(['*', appOrigin]).toContain(res.headers.get('access-control-allow-origin'));
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const h of ['content-type', 'x-amz-target', 'x-amz-user-agent', 'cache-control']) expect(allowed).toContain(h);
  });

  it('signs in with USER_PASSWORD_AUTH from the browser origin', async () => {
    const res = await amplifyCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.webConfig.userPoolClientId,
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    });
    expect(res.status).toBe(200);
    expect(['*', appOrigin]).toContain(res.headers.get('access-control-allow-origin'));
    const body = (await res.json()) as { AuthenticationResult: { IdToken: string } };
    expect(decodeJwt(body.AuthenticationResult.IdToken).email).toBe(user.email);
  });

  it('translates GetTokensFromRefreshToken (Amplify 6.22 refresh) into REFRESH_TOKEN_AUTH: new tokens that the API accepts', async () => {
    const res = await amplifyCall('GetTokensFromRefreshToken', {
      ClientId: stack.webConfig.userPoolClientId,
      RefreshToken: user.tokens.refreshToken,
    });
    expect(res.status).toBe(200);
    const { AuthenticationResult: tokens } = (await res.json()) as {
      AuthenticationResult: { IdToken: string; AccessToken: string; ExpiresIn: number; TokenType: string };
    };
    expect(tokens.TokenType).toBe('Bearer');
    expect(tokens.ExpiresIn).toBeGreaterThan(0);
    const id = decodeJwt(tokens.IdToken);
    expect(id.sub).toBe(user.userId);
    expect(id.aud).toBe(stack.webConfig.userPoolClientId);
    expect(decodeJwt(tokens.AccessToken).iat).toEqual(expect.any(Number));
    // A fresh jti: really a new token, not the old one echoed.
    expect(id.jti).not.toBe(decodeJwt(user.tokens.idToken).jti);

    const me = await fetch(`${stack.urls.api}/api/me`, { headers: { authorization: `Bearer ${tokens.IdToken}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ userId: user.userId, email: user.email });
  });

  it('refuses a refresh with an unknown refresh token', async () => {
    const res = await amplifyCall('GetTokensFromRefreshToken', {
      ClientId: stack.webConfig.userPoolClientId,
      RefreshToken: 'nope',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { __type: string }).__type).toBe('NotAuthorizedException');
  });
});
