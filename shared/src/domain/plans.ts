/** Plans, their prices, what a payment buys and the account's plan state (spec 4 "Account plan state", 9; decisions 10). */
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
}

export const planPricing: Record<PlanId, PlanPricing> = {
  starter: { listPrice: 120, chargedAmount: 60, currency: 'EUR' },
  growth: { listPrice: 300, chargedAmount: 120, currency: 'EUR' },
  enterprise: { listPrice: 750, chargedAmount: 350, currency: 'EUR' },
};

/** The price in the Dutch structured data (spec 1 and 9). */
export const structuredDataPriceEur = 49;

/** Plans from the cheapest to the dearest: the order a higher plan outranks a lower one in. */
const plansByAmount = [...planIds].sort((a, b) => planPricing[a].chargedAmount - planPricing[b].chargedAmount);

/** How a plan ranks against the others by its charged amount: an upgrade is to a higher rank. */
export const planRank = (plan: PlanId): number => plansByAmount.indexOf(plan);

/**
 * The plan an amount in EUR buys (spec 9 "Plan tier by amount"): the dearest plan whose charged amount it
 * reaches, so the thresholds are the price table's. Below the cheapest (the spec's "Basic") it buys none: null.
 */
export function planOfAmount(amount: number): PlanId | null {
  return plansByAmount.findLast((plan) => amount >= planPricing[plan].chargedAmount) ?? null;
}

export const trialDays = 7;

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
 * The plan a payment buys. The thresholds are the plans' charged amounts in EUR and there is no exchange
 * rate in the product, so a payment in another currency (a manual one) buys none whatever its number:
 * 350 SEK must not buy Enterprise.
 */
export function planOfPayment(payment: Pick<PaymentRecord, 'amount' | 'currency'>): PlanId | null {
  return payment.currency === undefined || payment.currency === 'EUR' ? planOfAmount(payment.amount) : null;
}

/** A stretch of time one plan is in force, [start, end) in epoch milliseconds. */
export interface PlanPeriod {
  tier: PlanId;
  start: number;
  end: number;
}

const addYear = (ms: number): number => {
  const date = new Date(ms);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.getTime();
};

/** The 7-day trial of an account created at `accountCreatedAt`, [start, end) in epoch ms; NaN when unknown. */
export const trialOf = (accountCreatedAt: string | null): { start: number; end: number } => {
  const start = accountCreatedAt === null ? Number.NaN : Date.parse(accountCreatedAt);
  return { start, end: start + trialDays * dayMs };
};

/** When the trial of an account created at `accountCreatedAt` ends (epoch ms); NaN when unknown. */
export const trialEndOf = (accountCreatedAt: string | null): number => trialOf(accountCreatedAt).end;

/**
 * The periods the completed plan payments bought (decisions 22), oldest first. Each payment that reaches a
 * tier (EUR, at least the Starter amount) and was not refunded or charged back adds a year: after the last
 * bought period when one is still running (a second Growth payment extends Growth by a year), from its own
 * moment when none is. A payment made during the trial (`trial`, epoch ms) counts from the trial's end, so
 * paying early keeps the trial's remaining days. A higher tier applies at once: the running period stops there
 * and its remainder, and any period queued after it, follow the new year, so an upgrade neither loses nor gives
 * away time. A reversed payment is left out entirely, so the year it bought ends and what followed it moves up.
 */
export function planPeriods(
  payments: readonly PaymentRecord[],
  trial: { start: number; end: number } = { start: Number.NaN, end: Number.NaN },
): PlanPeriod[] {
  const counted = payments
    .filter((p) => p.status === 'completed' && !p.reversed)
    .map((p) => {
      const at = Date.parse(p.createdAt);
      // Paid during the trial: from its end. (A payment dated before the account, as an import or a test writes
      // one, counts from its own moment.)
      return { tier: planOfPayment(p), at: at >= trial.start && at < trial.end ? trial.end : at };
    })
    .filter((p): p is { tier: PlanId; at: number } => p.tier !== null && !Number.isNaN(p.at))
    .sort((a, b) => a.at - b.at);
  let periods: PlanPeriod[] = [];
  for (const { tier, at } of counted) {
    const past = periods.filter((p) => p.end <= at);
    // Contiguous and in order: the first one is the period running at `at`.
    const ahead = periods.filter((p) => p.end > at);
    const running = ahead[0];
    if (!running) {
      periods = [...past, { tier, start: at, end: addYear(at) }];
    } else if (planRank(tier) > planRank(running.tier)) {
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
  | { kind: 'active'; daysRemaining: number; tier: PlanId; paidAt: string; activeUntil: string }
  | { kind: 'expired'; tier: PlanId; paidAt: string; endedAt: string };

/**
 * The account's plan state (decisions 10, 22): a 7-day trial from account creation until a payment that
 * activates a plan exists (a manual payment below the Starter amount neither activates a plan nor ends the
 * trial); then the plan of the period running now (`planPeriods`; a plan paid during the trial is in force at
 * once, and its first year starts at the trial's end), active until the last period bought ends;
 * afterwards expired, keeping the last plan for the renewal offer. An account whose creation is not known
 * (`null`: see `entitlementsOf`) has no trial left: only its payments count.
 */
export function accountState(
  accountCreatedAt: string | null,
  payments: readonly PaymentRecord[],
  now: Date,
): AccountState {
  const periods = planPeriods(payments, trialOf(accountCreatedAt));
  const last = periods[periods.length - 1];
  if (!last) {
    if (accountCreatedAt === null) return { kind: 'trial-ended' };
    const elapsedDays = Math.floor((now.getTime() - Date.parse(accountCreatedAt)) / dayMs);
    const daysRemaining = trialDays - Math.max(0, elapsedDays);
    return daysRemaining > 0 ? { kind: 'trial', daysRemaining } : { kind: 'trial-ended' };
  }
  const at = now.getTime();
  // Periods exist only for counted payments, so there is a latest one.
  const paidAt = payments
    .filter((p) => p.status === 'completed' && !p.reversed && planOfPayment(p) !== null)
    .map((p) => new Date(p.createdAt).toISOString())
    .sort()
    .at(-1)!;
  // A plan paid during the trial is the account's plan from the payment on; its year starts when the trial ends.
  const running = periods.find((p) => p.start <= at && at < p.end) ?? (at < periods[0]!.start ? periods[0] : undefined);
  if (!running) return { kind: 'expired', tier: last.tier, paidAt, endedAt: new Date(last.end).toISOString() };
  return {
    kind: 'active',
    daysRemaining: Math.ceil((last.end - at) / dayMs),
    tier: running.tier,
    paidAt,
    activeUntil: new Date(last.end).toISOString(),
  };
}
