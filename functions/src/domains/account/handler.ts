import type { LambdaEnv } from '@reviewroute/shared';
import { processLambdaEnv } from '../../lib/env';
import { createDomainHandler, type ApiEvent, type DomainHandlerOptions, type Owner } from '../../lib/http';
import { originCheckOf } from '../../lib/origin-verify';
import { configureLogger } from '../../lib/logger';
import { tableEntities } from '../../data/client';
import { createDynamoProfileRepository } from '../../data/profile-repository';
import { createCognitoUserDirectory } from '../../data/user-directory';
import { createAccountService, type AccountIdentity, type AccountService } from './account-service';
import { createProfileService, type ProfileService } from './profile-service';
import { describeOwner } from './service';

/** API Gateway hands claims over as strings; epoch seconds -> a date, anything else -> undefined. */
function epochClaim(value: unknown): Date | undefined {
  const seconds = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isFinite(seconds) || seconds <= 0) return undefined;
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** What the account summary needs from the verified claims (identity only ever comes from them). */
export function identityOf(owner: Owner, event: ApiEvent): AccountIdentity {
  const claims = (event.requestContext?.authorizer?.jwt?.claims ?? {}) as Record<string, unknown>;
  const username = claims['cognito:username'];
  return {
    ...owner,
    username: typeof username === 'string' && username !== '' ? username : owner.userId,
    tokenIssuedAt: epochClaim(claims.auth_time) ?? epochClaim(claims.iat),
  };
}

/** The account API; the services are built on first use. */
export function createAccountHandler(
  profilesOf: () => ProfileService,
  accountOf: () => AccountService,
  options?: DomainHandlerOptions,
) {
  return createDomainHandler(
    'account',
    {
      me: ({ owner }) => ({ body: describeOwner(owner) }),
      'get-profile': async ({ owner }) => ({ body: await profilesOf().get(owner.userId) }),
      'update-profile': async ({ owner, body }) => ({ body: await profilesOf().update(owner.userId, body) }),
      'get-account': async ({ owner, event }) => ({ body: await accountOf().summary(identityOf(owner, event)) }),
    },
    options,
  );
}

/** The account Lambda for one environment (the local stack passes its own). */
export function createHandler(env: LambdaEnv) {
  configureLogger(env);
  let profiles: ProfileService | undefined;
  let account: AccountService | undefined;
  return createAccountHandler(
    () => (profiles ??= createProfileService({ profiles: createDynamoProfileRepository(tableEntities(env)) })),
    () => (account ??= createAccountService({ directory: createCognitoUserDirectory(env) })),
    { originCheck: originCheckOf(env) },
  );
}

/** Lambda's entry: process.env, read when a variable is first needed. */
export const handler = createHandler(processLambdaEnv);
