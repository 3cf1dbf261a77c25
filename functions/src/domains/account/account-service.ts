import type { AccountSummary } from '@reviewroute/shared';
import type { BillingRepository } from '../../data/billing-repository';
import type { UserDirectory } from '../../data/user-directory';
import { createEntitlementsReader } from '../../entitlements/entitlements-reader';

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
  /** The billing history the plan state is computed from; without it (tests of other parts) there are no payments. */
  billing?: Pick<BillingRepository, 'listForUser'>;
  now?: () => Date;
  /** Creation dates never change: one Lambda instance asks Cognito once per user (bounded). */
  cacheSize?: number;
}

/**
 * The account summary behind the header's trial badge and the billing tab (decisions 10, 22): the trial runs
 * 7 days from the Cognito account's creation until a plan payment exists; each completed plan payment adds a
 * year, its plan by amount (spec 9). The plan state is the entitlements reader's, as every limit reads it.
 */
export function createAccountService(deps: AccountServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const entitlementsOf = createEntitlementsReader({
    directory: deps.directory,
    billing: deps.billing ?? { listForUser: async () => [] },
    now,
    ...(deps.cacheSize !== undefined ? { cacheSize: deps.cacheSize } : {}),
  });

  return {
    async summary(identity: AccountIdentity): Promise<AccountSummary> {
      // The user signed in at auth_time, so the account is at least that old: when Cognito cannot tell its
      // creation, the trial never looks longer than the truth by more than the time between sign-up and sign-in.
      const signedInAt = identity.tokenIssuedAt ?? now();
      const { state, accountCreatedAt } = await entitlementsOf({
        userId: identity.userId,
        username: identity.username,
        signedInAt,
      });
      const createdAt = accountCreatedAt ?? signedInAt.toISOString();
      return { userId: identity.userId, email: identity.email, createdAt, plan: state };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
