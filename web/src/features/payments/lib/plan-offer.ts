import { type AccountSummary, type PlanId, planRank } from '@reviewroute/shared';

/**
 * What a plan card offers an owner in this plan state (decisions 22): the plan running now is marked current
 * and extended by a year (after its end), a higher one is an upgrade that applies at once, a lower one is
 * bought for after the current plan; an expired plan is renewed; otherwise (trial, or no plan) it is bought.
 */
export type PlanOffer = 'buy' | 'extend' | 'upgrade' | 'later' | 'renew';

export function planOfferOf(plan: PlanId, state: AccountSummary['plan'] | undefined): PlanOffer {
  if (!state || (state.kind !== 'active' && state.kind !== 'expired')) return 'buy';
  const own = state.tier;
  if (state.kind === 'expired') return plan === own ? 'renew' : 'buy';
  if (plan === own) return 'extend';
  return planRank(plan) > planRank(own) ? 'upgrade' : 'later';
}
