import {
  NotAuthorizedError,
  UserNotFoundError,
  type Context,
  type Route,
  type Router,
  type Services,
} from '../cognito-local';

interface AccessTokenClaims {
  sub: string;
  client_id: string;
  token_use?: string;
  exp?: number;
}

/**
 * The claims of an access token, or NotAuthorizedException when it is none or has expired. cognito-local only
 * decodes tokens (it never checks expiry); Cognito refuses an expired one, and the app must refresh first.
 */
function accessTokenClaims(token: string | undefined): AccessTokenClaims {
  const payload = token?.split('.')[1];
  let claims: Partial<AccessTokenClaims> | undefined;
  try {
    claims = payload
      ? (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<AccessTokenClaims>)
      : undefined;
  } catch {
    claims = undefined;
  }
  if (!claims?.sub || !claims.client_id || (claims.token_use && claims.token_use !== 'access'))
    throw new NotAuthorizedError('Invalid Access Token');
  if (claims.exp !== undefined && claims.exp * 1000 < Date.now())
    throw new NotAuthorizedError('Access Token has expired');
  return claims as AccessTokenClaims;
}

/** The pool and user an access token belongs to. */
export async function userOfToken(services: Services, ctx: Context, accessToken: string | undefined) {
  const claims = accessTokenClaims(accessToken);
  const pool = await services.cognito.getUserPoolForClientId(ctx, claims.client_id);
  const user = await pool.getUserByUsername(ctx, claims.sub);
  if (!user) throw new NotAuthorizedError('User does not exist.');
  return { pool, user };
}

interface RefreshRequest {
  ClientId: string;
  RefreshToken: string;
  ClientSecret?: string;
  DeviceKey?: string;
  ClientMetadata?: Record<string, string>;
}

/**
 * Refreshing and revoking tokens: GetTokensFromRefreshToken (what Amplify 6.22 calls to refresh) becomes
 * InitiateAuth REFRESH_TOKEN_AUTH; AdminUserGlobalSignOut revokes every refresh token of the user.
 */
export function tokenTargets(base: Router, services: Services): Record<string, Route> {
  return {
    GetTokensFromRefreshToken: async (ctx, req: RefreshRequest) => {
      const result = (await base('InitiateAuth')(ctx, {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: req.ClientId,
        AuthParameters: {
          REFRESH_TOKEN: req.RefreshToken,
          ...(req.DeviceKey ? { DEVICE_KEY: req.DeviceKey } : {}),
        },
        ClientMetadata: req.ClientMetadata,
      })) as { AuthenticationResult?: { AccessToken?: string; IdToken?: string } };
      // Without rotation Cognito returns no new refresh token; clients keep the one they have.
      return {
        AuthenticationResult: {
          AccessToken: result.AuthenticationResult?.AccessToken,
          IdToken: result.AuthenticationResult?.IdToken,
          TokenType: 'Bearer',
          ExpiresIn: 3600,
        },
      };
    },

    // Revokes every refresh token of the user (cognito-local keeps them on the user), as Cognito does.
    AdminUserGlobalSignOut: async (ctx, req: { UserPoolId: string; Username: string }) => {
      const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
      const user = await pool.getUserByUsername(ctx, req.Username);
      if (!user) throw new UserNotFoundError('User does not exist.');
      await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
      return {};
    },
  };
}
