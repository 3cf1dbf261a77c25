import { describe, expect, it } from 'vitest';
import type { Context, Route, Router } from '../cognito-local';
import { withScopeChecks } from './scopes';

/** An unsigned token with these claims (the check reads claims only; cognito-local verified nothing either). */
const token = (claims: object) =>
  ['{"alg":"none"}', JSON.stringify(claims), ''].map((part) => Buffer.from(part).toString('base64url')).join('.');
const base: Router = () => (async () => 'done') as Route;
const ctx = {} as Context;

describe("the local Cognito's scope check", () => {
  const router = withScopeChecks(base);

  it('refuses the user API to an access token without the admin scope, as Cognito does', async () => {
    for (const target of ['SetUserMFAPreference', 'UpdateUserAttributes', 'VerifyUserAttribute', 'DeleteUser'])
      await expect(router(target)(ctx, { AccessToken: token({ sub: 'u', client_id: 'web' }) })).rejects.toMatchObject({
        message: 'Access Token does not have required scopes',
      });
  });

  it('lets a token with the scope through, and every other target as before', async () => {
    const scoped = token({ sub: 'u', client_id: 'server', scope: 'aws.cognito.signin.user.admin' });
    await expect(router('DeleteUser')(ctx, { AccessToken: scoped })).resolves.toBe('done');
    await expect(router('InitiateAuth')(ctx, { AccessToken: token({ sub: 'u' }) })).resolves.toBe('done');
    // A set-up by session (no token) is cognito-local's to judge.
    await expect(router('AssociateSoftwareToken')(ctx, { Session: 's' })).resolves.toBe('done');
  });
});
