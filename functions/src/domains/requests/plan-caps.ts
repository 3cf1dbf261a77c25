import { accountState, dailyRequestCapOf } from '@reviewroute/shared';
import type { BillingRepository } from '../../data/billing-repository';
import type { UserDirectory } from '../../data/user-directory';
import { planPayments } from '../account/account-service';

/**
 * The owner's review-request cap of the day from their plan state (decisions 10, 22): the account's creation
 * date (the trial's start) from Cognito and the billing history; an unknown user sends nothing.
 */
export function planCapReader(deps: {
  directory: UserDirectory;
  billing: Pick<BillingRepository, 'listForUser'>;
  now?: () => Date;
}): (userId: string) => Promise<number> {
  const now = deps.now ?? (() => new Date());
  return async (userId) => {
    const [createdAt, records] = await Promise.all([
      deps.directory.createdAt(userId),
      deps.billing.listForUser(userId),
    ]);
    if (!createdAt) return 0;
    return dailyRequestCapOf(accountState(createdAt.toISOString(), planPayments(records), now()));
  };
}
