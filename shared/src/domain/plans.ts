/** Plans, tiers and the account's plan state (spec 4 "Account plan state", 9; decisions 10). */
export const planIds = ['starter', 'growth', 'enterprise'] as const;
export type PlanId = (typeof planIds)[number];

/**
 * The one price table (decisions 21): each plan's two figures, in whole EUR per year, both including 21 %
 * Dutch VAT (see `vat.ts` for the split). The plan cards show the list price as the regular price and the
 * launch price beside it; the purchase card, the checkout, billing and the invoice show the launch price,
 * which is what the API charges. Nothing else in the product holds a plan's amount.
 */
export interface PlanPricing {
  /** The regular yearly price (spec 9 "Displayed prices"): shown on the cards, struck through. */
  listPrice: number;
  /** Today's launch price per year (spec 9 "Charged amounts"): what is charged; the tier thresholds match these. */
  chargedAmount: number;
  currency: 'EUR';
  /** Surveys the plan includes (spec 9: 1, up to 5, unlimited); null is unlimited. */
  surveys: number | null;
}

export const planPricing: Record<PlanId, PlanPricing> = {
  starter: { listPrice: 120, chargedAmount: 60, currency: 'EUR', surveys: 1 },
  growth: { listPrice: 300, chargedAmount: 120, currency: 'EUR', surveys: 5 },
  enterprise: { listPrice: 750, chargedAmount: 350, currency: 'EUR', surveys: null },
};

/** The price in the Dutch structured data (spec 1 and 9). */
export const structuredDataPriceEur = 49;

export type PlanTier = 'Enterprise' | 'Growth' | 'Starter' | 'Basic';

export function planTierOfAmount(amount: number): PlanTier {
  if (amount >= 350) return 'Enterprise';
  if (amount >= 120) return 'Growth';
  if (amount >= 60) return 'Starter';
  return 'Basic';
}

export const trialDays = 7;

/**
 * Review-request mails an account may send per UTC day (issue: trial 50/day), by its plan state: a trial's
 * cap, and each paid tier's. 'Basic' (a manual payment below the Starter amount) activates nothing (decisions
 * 22), and an ended trial or an expired plan sends nothing until a renewal.
 */
export const dailyRequestCaps = { trial: 50, Starter: 200, Growth: 1000, Enterprise: 5000, Basic: 0 } as const;

/** The day's review-request cap of an account in this plan state. */
export function dailyRequestCapOf(state: AccountState): number {
  if (state.kind === 'trial') return dailyRequestCaps.trial;
  if (state.kind === 'active') return dailyRequestCaps[state.tier];
  return 0;
}
const dayMs = 24 * 60 * 60 * 1000;

export interface PaymentRecord {
  status: 'completed' | 'pending' | 'failed';
  amount: number;
  /** ISO 4217; absent counts as EUR. */
  currency?: string;
  createdAt: string;
}

/**
 * The tier a payment buys. The thresholds are the plans' charged amounts in EUR and there is no exchange
 * rate in the product, so a payment in another currency (a manual one) buys 'Basic' whatever its number:
 * 350 SEK must not buy Enterprise.
 */
export function planTierOfPayment(payment: Pick<PaymentRecord, 'amount' | 'currency'>): PlanTier {
  return payment.currency === undefined || payment.currency === 'EUR' ? planTierOfAmount(payment.amount) : 'Basic';
}

export type AccountState =
  | { kind: 'trial'; daysRemaining: number }
  | { kind: 'trial-ended' }
  | { kind: 'active'; daysRemaining: number; tier: PlanTier; paidAt: string }
  | { kind: 'expired'; tier: PlanTier; paidAt: string };

/**
 * The trial runs 7 days from account creation until a completed payment exists (decisions 10); a
 * completed payment (the first in the newest-first list) gives one year.
 */
export function accountState(accountCreatedAt: string, payments: readonly PaymentRecord[], now: Date): AccountState {
  const paid = payments.find((p) => p.status === 'completed');
  if (!paid) {
    const elapsedDays = Math.floor((now.getTime() - Date.parse(accountCreatedAt)) / dayMs);
    const daysRemaining = trialDays - Math.max(0, elapsedDays);
    return daysRemaining > 0 ? { kind: 'trial', daysRemaining } : { kind: 'trial-ended' };
  }
  const paidAt = new Date(paid.createdAt);
  const renewal = new Date(paidAt);
  renewal.setUTCFullYear(renewal.getUTCFullYear() + 1);
  const daysRemaining = Math.ceil((renewal.getTime() - now.getTime()) / dayMs);
  const tier = planTierOfPayment(paid);
  return daysRemaining > 0
    ? { kind: 'active', daysRemaining, tier, paidAt: paid.createdAt }
    : { kind: 'expired', tier, paidAt: paid.createdAt };
}

/**
 * Business-finder searches (Google Places calls, billed per call) an account may make per UTC day, by its plan
 * state. The finder is a convenience (a business can always be entered by hand), so the trial's allowance is
 * small: enough for a few surveys' searches (the finder searches at most once a second of typing, and a repeated
 * search is answered from the cache without counting). Ended trials, expired plans and 'Basic' get a few, so an
 * owner renewing can still find their business.
 */
export const dailyPlaceSearchAllowances = {
  trial: 20,
  Starter: 40,
  Growth: 100,
  Enterprise: 300,
  Basic: 5,
  lapsed: 5,
} as const;

/** The day's business-finder allowance of an account in this plan state. */
export function dailyPlaceSearchAllowanceOf(state: AccountState): number {
  if (state.kind === 'trial') return dailyPlaceSearchAllowances.trial;
  if (state.kind === 'active') return dailyPlaceSearchAllowances[state.tier];
  return dailyPlaceSearchAllowances.lapsed;
}
