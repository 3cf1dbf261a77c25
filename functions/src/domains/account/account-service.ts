import { accountState, type AccountSummary, type PaymentRecord } from '@reviewroute/shared';
import { logger } from '../../lib/logger';
import type { BillingRecord, BillingRepository } from '../../data/billing-repository';
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
  /** The billing history the plan state is computed from; without it (tests of other parts) there are no payments. */
  billing?: Pick<BillingRepository, 'listForUser'>;
  now?: () => Date;
  /** Creation dates never change: one Lambda instance asks Cognito once per user (bounded). */
  cacheSize?: number;
}

/**
 * The billing history as `accountState` reads it: newest first by the date a payment counts from, its
 * payment date (a year from when it was paid, decisions 10), else its creation. The currency goes along:
 * tiers compare EUR amounts only.
 */
export function planPayments(records: readonly BillingRecord[]): PaymentRecord[] {
  return records
    .map((r) => ({
      status: r.status,
      amount: r.amount,
      currency: r.currency,
      createdAt: r.paidAt ?? r.createdAt,
      // A refund or chargeback ends the year the payment bought (decisions 22).
      reversed: Boolean(r.reversal),
    }))
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

/**
 * The account summary behind the header's trial badge and the billing tab (decisions 10, 22): the trial runs
 * 7 days from the Cognito account's creation until a plan payment exists; each completed plan payment adds a
 * year (`accountState` in shared/), its tier by amount (spec 9).
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
      const [createdAt, records] = await Promise.all([
        accountCreatedAt(identity),
        deps.billing ? deps.billing.listForUser(identity.userId) : Promise.resolve([]),
      ]);
      return {
        userId: identity.userId,
        email: identity.email,
        createdAt,
        plan: accountState(createdAt, planPayments(records), now()),
      };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
