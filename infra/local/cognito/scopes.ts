import { createPrivateKey, type KeyObject } from 'node:crypto';
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { cognitoAdminScope, scopesToSuppress } from '@reviewroute/functions/triggers/pre-token-generation';
import { NotAuthorizedError, requireFromCognitoLocal, type Route, type Router, type Services } from '../cognito-local';

/**
 * Cognito's user API called with an access token alone: each needs the token's `aws.cognito.signin.user.admin`
 * scope, which the pre token generation trigger takes out of the web app's tokens (functions/src/triggers).
 * cognito-local checks no scope; these targets refuse a token without it as Cognito does.
 */
export const adminScopedTargets = [
  'GetUser',
  'UpdateUserAttributes',
  'DeleteUserAttributes',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
  'SetUserMFAPreference',
  'SetUserSettings',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'ChangePassword',
  'DeleteUser',
  'GlobalSignOut',
] as const;

const scopesOf = (token: string): string[] => {
  try {
    const scope = decodeJwt(token).scope;
    return typeof scope === 'string' ? scope.split(' ') : [];
  } catch {
    return [];
  }
};

/**
 * `base` with the scope check in front of the targets above. A call made with a session instead of a token (the
 * set-up step of a sign-in that requires MFA) is Cognito's to judge, as before.
 */
export function withScopeChecks(base: Router): Router {
  const scoped = new Set<string>(adminScopedTargets);
  return (target) => {
    const route = base(target);
    if (!scoped.has(target)) return route;
    return (async (ctx, req: { AccessToken?: unknown }) => {
      if (typeof req?.AccessToken === 'string' && !scopesOf(req.AccessToken).includes(cognitoAdminScope))
        throw new NotAuthorizedError('Access Token does not have required scopes');
      return route(ctx, req);
    }) as Route;
  };
}

/** cognito-local's signing key (its tokens' `kid` is `CognitoLocal`; the gateway checks them against its JWKS). */
let signingKey: KeyObject | undefined;
const keyOf = () =>
  (signingKey ??= createPrivateKey(
    (requireFromCognitoLocal('./lib/keys/cognitoLocal.private.json') as { pem: string }).pem,
  ));

/**
 * cognito-local's token generator with the pre token generation trigger's decision applied, as Cognito applies the
 * deployed trigger: the access token of every client but the server's is signed again without the scopes the
 * trigger suppresses (its other claims, expiry included, unchanged).
 */
export function withSuppressedScopes(generator: Services['tokenGenerator']): Services['tokenGenerator'] {
  const generate = generator.generate.bind(generator);
  generator.generate = async (ctx, user, groups, client, metadata, source) => {
    const tokens = await generate(ctx, user, groups, client, metadata, source);
    const suppressed = scopesToSuppress(client.ClientName);
    if (suppressed.length === 0) return tokens;
    const claims = decodeJwt(tokens.AccessToken);
    const scopes = scopesOf(tokens.AccessToken).filter((scope) => !suppressed.includes(scope));
    const { scope: _, ...rest } = claims;
    const AccessToken = await new SignJWT({ ...rest, ...(scopes.length > 0 ? { scope: scopes.join(' ') } : {}) })
      .setProtectedHeader(decodeProtectedHeader(tokens.AccessToken) as { alg: string })
      .sign(keyOf());
    return { ...tokens, AccessToken };
  };
  return generator;
}
