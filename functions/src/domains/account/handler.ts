import type { LambdaEnv } from '@reviewroute/shared';
import { processLambdaEnv } from '../../lib/env';
import { createDomainHandler, type ApiEvent, type DomainHandlerOptions, type Owner } from '../../lib/http';
import { originCheckOf } from '../../lib/origin-verify';
import { configureLogger } from '../../lib/logger';
import { tableEntities } from '../../data/client';
import { createDynamoErasureRepository } from '../../data/erasure-repository';
import { createDynamoBillingRepository } from '../../data/billing-repository';
import { erasedCheckOf } from '../../lib/erasure-guard';
import { createDynamoProfileRepository } from '../../data/profile-repository';
import { createCognitoUserDirectory } from '../../data/user-directory';
import { createAccountService, type AccountIdentity, type AccountService } from './account-service';
import { createProfileService, type ProfileService } from './profile-service';
import { describeOwner } from './service';
import { ApiError } from '../../lib/api-error';
import { createDangerZone, type DangerZone } from './danger-zone';

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

export interface AccountHandlerOptions extends DomainHandlerOptions {
  /** Export and erasure (the danger zone); without it their routes answer 404 (unit tests of other routes). */
  dangerOf?: () => DangerZone;
  /** How long the delete request erases inline before the worker takes over (ms). */
  erasureBudgetMs?: number;
}

/** The account API; the services are built on first use. */
export function createAccountHandler(
  profilesOf: () => ProfileService,
  accountOf: () => AccountService,
  options: AccountHandlerOptions = {},
) {
  const { dangerOf, erasureBudgetMs = 4000, ...domainOptions } = options;
  const danger = () => {
    if (!dangerOf) throw new ApiError('NOT_FOUND');
    return dangerOf();
  };
  // Tokens stay valid until they expire after an erasure started: while it runs they read nothing (routes
  // that create data are refused by the tombstone check, `isErased`, longer).
  const notErasing = async (userId: string) => {
    if (dangerOf && (await dangerOf().erasure.isErasing(userId))) throw new ApiError('UNAUTHORIZED');
  };
  return createDomainHandler(
    'account',
    {
      me: ({ owner }) => ({ body: describeOwner(owner) }),
      'get-profile': async ({ owner }) => {
        await notErasing(owner.userId);
        return { body: await profilesOf().get(owner.userId) };
      },
      // An upsert: the handler plumbing refuses a deleted account's user (`isErased`) before it runs.
      'update-profile': async ({ owner, body }) => ({ body: await profilesOf().update(owner.userId, body) }),
      'get-account': async ({ owner, event }) => {
        await notErasing(owner.userId);
        return { body: await accountOf().summary(identityOf(owner, event)) };
      },
      'export-account': async ({ owner, query }) => {
        await notErasing(owner.userId);
        return { body: await danger().exports.page(owner.userId, query.cursor) };
      },
      'delete-account': async ({ owner, event, body }) => {
        const { userId, email, username } = identityOf(owner, event);
        const answer = await danger().erasure.request({ userId, email, username }, body.email, erasureBudgetMs);
        return { status: 202, body: answer };
      },
    },
    domainOptions,
  );
}

/** The account Lambda for one environment (the local stack passes its own). */
export function createHandler(env: LambdaEnv) {
  configureLogger(env);
  let profiles: ProfileService | undefined;
  let account: AccountService | undefined;
  let danger: DangerZone | undefined;
  return createAccountHandler(
    () => (profiles ??= createProfileService({ profiles: createDynamoProfileRepository(tableEntities(env)) })),
    () =>
      (account ??= createAccountService({
        directory: createCognitoUserDirectory(env),
        billing: createDynamoBillingRepository(tableEntities(env)),
      })),
    {
      originCheck: originCheckOf(env),
      isErased: erasedCheckOf(createDynamoErasureRepository(tableEntities(env))),
      dangerOf: () => (danger ??= createDangerZone(env)),
    },
  );
}

/** Lambda's entry: process.env, read when a variable is first needed. */
export const handler = createHandler(processLambdaEnv);
