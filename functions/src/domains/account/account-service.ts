import { accountState, type AccountSummary } from '@reviewroute/shared';
import { logger } from '../../lib/logger';
import type { UserDirectory } from '../../data/user-directory';

/** The signed-in owner as the verified ID token describes them. */
export interface AccountIdentity {
  userId: string;
  email: string;
  /** `cognito:username` (falls back to `sub`): what AdminGetUser takes. */
  username: string;
  /** The token's `auth_time` (or `iat`): the last resort for the creation date, never later than it. */
  tokenIssuedAt: Date | undefined;
}

export interface AccountServiceDeps {
  directory: UserDirectory;
  now?: () => Date;
  /** Creation dates never change: one Lambda instance asks Cognito once per user (bounded). */
  cacheSize?: number;
}

/**
 * The account summary behind the header's trial badge (decisions 10): the trial runs 7 days from the
 * Cognito account's creation until a completed payment exists. Billing does not exist yet, so the
 * payment list is empty and the plan is the trial (or its end).
 */
export function createAccountService(deps: AccountServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const cacheSize = deps.cacheSize ?? 1000;
  const createdAtOf = new Map<string, string>();

  async function accountCreatedAt(identity: AccountIdentity): Promise<string> {
    const cached = createdAtOf.get(identity.username);
    if (cached) return cached;
    try {
      const created = await deps.directory.createdAt(identity.username);
      if (created && !Number.isNaN(created.getTime())) {
        if (createdAtOf.size >= cacheSize) createdAtOf.delete(createdAtOf.keys().next().value!);
        createdAtOf.set(identity.username, created.toISOString());
        return created.toISOString();
      }
      logger.warn('Cognito has no creation date for the signed-in user; using the token time', {
        userId: identity.userId,
      });
    } catch (error) {
      logger.warn('AdminGetUser failed; using the token time as the account creation date', {
        userId: identity.userId,
        error: String(error),
      });
    }
    // The user signed in at auth_time, so the account is at least that old: a trial never looks longer
    // than the truth by more than the time between sign-up and this sign-in. Not cached: next time may work.
    return (identity.tokenIssuedAt ?? now()).toISOString();
  }

  return {
    async summary(identity: AccountIdentity): Promise<AccountSummary> {
      const createdAt = await accountCreatedAt(identity);
      return {
        userId: identity.userId,
        email: identity.email,
        createdAt,
        plan: accountState(createdAt, [], now()),
      };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
