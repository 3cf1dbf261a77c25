import { accountState, type AccountState } from '@reviewroute/shared';
import type { BillingRepository } from '../../data/billing-repository';
import type { UserDirectory } from '../../data/user-directory';
import { planPayments } from './account-service';

/**
 * The owner's plan state (decisions 10, 22) where an entitlement is checked (publishing a survey): the
 * account's creation date (the trial's start) from Cognito and the billing history. A user Cognito does not
 * know (yet) counts from now, as a new account: the check never fails open to more than a trial allows.
 */
export function planStateReader(deps: {
  directory: UserDirectory;
  billing: Pick<BillingRepository, 'listForUser'>;
  now?: () => Date;
}): (userId: string) => Promise<AccountState> {
  const now = deps.now ?? (() => new Date());
  return async (userId) => {
    const [createdAt, records] = await Promise.all([
      deps.directory.createdAt(userId),
      deps.billing.listForUser(userId),
    ]);
    return accountState((createdAt ?? now()).toISOString(), planPayments(records), now());
  };
}
