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

/** One payment of the billing history as the plan state reads it. */
export interface PaymentRecord {
  status: 'completed' | 'pending' | 'failed';
  amount: number;
  /** ISO 4217; absent counts as EUR. */
  currency?: string;
  /** When the payment counts from: the moment it was paid (else its creation). */
  createdAt: string;
  /** Mollie reported a refund or a chargeback of it: the year it bought ends (decisions 22). */
  reversed?: boolean;
}

/**
 * The tier a payment buys. The thresholds are the plans' charged amounts in EUR and there is no exchange
 * rate in the product, so a payment in another currency (a manual one) buys 'Basic' whatever its number:
 * 350 SEK must not buy Enterprise.
 */
export function planTierOfPayment(payment: Pick<PaymentRecord, 'amount' | 'currency'>): PlanTier {
  return payment.currency === undefined || payment.currency === 'EUR' ? planTierOfAmount(payment.amount) : 'Basic';
}

/** A tier that a payment can activate: 'Basic' (below the Starter amount, or not EUR) activates nothing. */
export const paidTiers = ['Starter', 'Growth', 'Enterprise'] as const;
export type PaidTier = (typeof paidTiers)[number];
const tierRank: Record<PaidTier, number> = { Starter: 1, Growth: 2, Enterprise: 3 };

/** The plan each paid tier is (its price and survey allowance in `planPricing`). */
export const planOfTier: Record<PaidTier, PlanId> = { Starter: 'starter', Growth: 'growth', Enterprise: 'enterprise' };

/** A stretch of time one tier is in force, [start, end) in epoch milliseconds. */
export interface PlanPeriod {
  tier: PaidTier;
  start: number;
  end: number;
}

const addYear = (ms: number): number => {
  const date = new Date(ms);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.getTime();
};

/**
 * The periods the completed plan payments bought (decisions 22), oldest first. Each payment that reaches a
 * tier (EUR, at least the Starter amount) and was not refunded or charged back adds a year: after the last
 * bought period when one is still running (a second Growth payment extends Growth by a year), from its own
 * moment when none is. A higher tier applies at once: the running period stops there and its remainder, and
 * any period queued after it, follow the new year, so an upgrade neither loses nor gives away time. A
 * reversed payment is left out entirely, so the year it bought ends and what followed it moves up.
 */
export function planPeriods(payments: readonly PaymentRecord[]): PlanPeriod[] {
  const counted = payments
    .filter((p) => p.status === 'completed' && !p.reversed)
    .map((p) => ({ tier: planTierOfPayment(p), at: Date.parse(p.createdAt) }))
    .filter((p): p is { tier: PaidTier; at: number } => p.tier !== 'Basic' && !Number.isNaN(p.at))
    .sort((a, b) => a.at - b.at);
  let periods: PlanPeriod[] = [];
  for (const { tier, at } of counted) {
    const past = periods.filter((p) => p.end <= at);
    // Contiguous and in order: the first one is the period running at `at`.
    const ahead = periods.filter((p) => p.end > at);
    const running = ahead[0];
    if (!running) {
      periods = [...past, { tier, start: at, end: addYear(at) }];
    } else if (tierRank[tier] > tierRank[running.tier]) {
      const moved = [{ ...running, start: at }, ...ahead.slice(1)];
      let cursor = addYear(at);
      const next: PlanPeriod[] = [{ tier, start: at, end: cursor }];
      for (const p of moved) {
        next.push({ tier: p.tier, start: cursor, end: cursor + (p.end - p.start) });
        cursor += p.end - p.start;
      }
      periods = [...past, ...(at > running.start ? [{ ...running, end: at }] : []), ...next];
    } else {
      const last = ahead[ahead.length - 1]!;
      periods = [...past, ...ahead, { tier, start: last.end, end: addYear(last.end) }];
    }
  }
  return periods;
}

export type AccountState =
  | { kind: 'trial'; daysRemaining: number }
  | { kind: 'trial-ended' }
  /** `paidAt`: the latest counted payment; `activeUntil`: the end of the last period bought (nothing renews by itself). */
  | { kind: 'active'; daysRemaining: number; tier: PaidTier; paidAt: string; activeUntil: string }
  | { kind: 'expired'; tier: PaidTier; paidAt: string; endedAt: string };

/**
 * The account's plan state (decisions 10, 22): a 7-day trial from account creation until a payment that
 * activates a plan exists (a manual payment below the Starter amount neither activates a plan nor ends the
 * trial); then the tier of the period running now (`planPeriods`), active until the last period bought ends;
 * afterwards expired, keeping the last tier for the renewal offer.
 */
export function accountState(accountCreatedAt: string, payments: readonly PaymentRecord[], now: Date): AccountState {
  const periods = planPeriods(payments);
  const last = periods[periods.length - 1];
  if (!last) {
    const elapsedDays = Math.floor((now.getTime() - Date.parse(accountCreatedAt)) / dayMs);
    const daysRemaining = trialDays - Math.max(0, elapsedDays);
    return daysRemaining > 0 ? { kind: 'trial', daysRemaining } : { kind: 'trial-ended' };
  }
  const at = now.getTime();
  // Periods exist only for counted payments, so there is a latest one.
  const paidAt = payments
    .filter((p) => p.status === 'completed' && !p.reversed && planTierOfPayment(p) !== 'Basic')
    .map((p) => new Date(p.createdAt).toISOString())
    .sort()
    .at(-1)!;
  const running = periods.find((p) => p.start <= at && at < p.end);
  if (!running) return { kind: 'expired', tier: last.tier, paidAt, endedAt: new Date(last.end).toISOString() };
  return {
    kind: 'active',
    daysRemaining: Math.ceil((last.end - at) / dayMs),
    tier: running.tier,
    paidAt,
    activeUntil: new Date(last.end).toISOString(),
  };
}

/**
 * Surveys an account may have active at once (decisions 22): trial and Growth 5, Starter 1, Enterprise
 * unlimited (null); an ended trial or an expired plan may publish no further survey (0), while the surveys
 * already active keep collecting responses.
 */
export const trialActiveSurveys = 5;

export function activeSurveyLimitOf(state: AccountState): number | null {
  if (state.kind === 'trial') return trialActiveSurveys;
  if (state.kind === 'active') return planPricing[planOfTier[state.tier]].surveys;
  return 0;
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
