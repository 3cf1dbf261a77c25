import { accountState, trialEndOf, type AccountState, type PaymentRecord, type PlanId } from './plans';

/** What an owner may do in one plan state: the allowances every limit of the product reads. */
export interface Allowances {
  /** Surveys active at once (decisions 22); null is unlimited. Surveys already active keep collecting responses. */
  activeSurveys: number | null;
  /** Review-request mails per UTC day; 0 holds the owner's batches back until a renewal. */
  dailyRequests: number;
  /** Business-finder searches (Google Places calls, billed per call) per UTC day. */
  dailyPlaceSearches: number;
  /** Text messages per calendar month (decisions 25), for the text channel that comes next. */
  monthlyTexts: number;
  /**
   * Review-request batches an owner may schedule per UTC day (uploads and booking-system calls, one batch each):
   * the queue's share one owner can take, whatever they send later.
   */
  dailyBatches: number;
  /** Customers (rows) those batches may hold together per UTC day. */
  dailyRows: number;
}

/** The rows of the table: each plan, the trial, and `lapsed` (an ended trial or an expired plan). */
export type AllowanceRow = PlanId | 'trial' | 'lapsed';

/**
 * The one table of entitlements (decisions 22, 25). Active surveys: trial and Growth 5, Starter 1, Enterprise
 * unlimited. Review requests: the trial 50 a day, each plan more. The business finder is a convenience (a
 * business can always be entered by hand), so the trial's allowance is small, enough for a few surveys'
 * searches (the finder searches at most once a second of typing, and a repeated search is answered from the
 * cache without counting); a lapsed account keeps a few, so an owner renewing can still find their business.
 * A lapsed account publishes no further survey and sends nothing until a renewal. Scheduling review requests is
 * limited per day in batches (twice the daily sends: a booking system makes one per customer) and rows (a few
 * days of sends; Starter one full upload of 5,000), so no owner fills the queue every owner shares; a lapsed
 * account may still prepare a little, which waits for the renewal.
 */
export const allowances: Record<AllowanceRow, Allowances> = {
  trial: {
    activeSurveys: 5,
    dailyRequests: 50,
    dailyPlaceSearches: 20,
    monthlyTexts: 25,
    dailyBatches: 100,
    dailyRows: 1000,
  },
  starter: {
    activeSurveys: 1,
    dailyRequests: 200,
    dailyPlaceSearches: 40,
    monthlyTexts: 100,
    dailyBatches: 400,
    dailyRows: 5000,
  },
  growth: {
    activeSurveys: 5,
    dailyRequests: 1000,
    dailyPlaceSearches: 100,
    monthlyTexts: 500,
    dailyBatches: 2000,
    dailyRows: 20000,
  },
  enterprise: {
    activeSurveys: null,
    dailyRequests: 5000,
    dailyPlaceSearches: 300,
    monthlyTexts: 2000,
    dailyBatches: 10000,
    dailyRows: 50000,
  },
  lapsed: {
    activeSurveys: 0,
    dailyRequests: 0,
    dailyPlaceSearches: 5,
    monthlyTexts: 0,
    dailyBatches: 20,
    dailyRows: 500,
  },
};

/** The allowances of a plan state: the trial's, the running plan's, or a lapsed account's. */
export function allowancesOf(state: AccountState): Allowances {
  if (state.kind === 'trial') return allowances.trial;
  if (state.kind === 'active') return allowances[state.tier];
  return allowances.lapsed;
}

/** What an owner may do now: their plan and its period, and the allowances that come with it. */
export interface Entitlements extends Allowances {
  /** The plan state as the account summary shows it (trial, ended trial, active, expired; days and dates). */
  state: AccountState;
  /** The plan in force now; null in or after the trial and after a plan expired. */
  plan: PlanId | null;
  /** When the current period ends, or the last one ended (ISO); null for an account of unknown creation. */
  periodEndsAt: string | null;
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * New accounts ramp up (decisions 26): in their first week an account sends at most the trial's daily requests,
 * whatever plan it paid for at once, so a fresh account cannot spend the shared sender reputation at a plan's volume.
 */
export const rampUpDays = 7;

/** The daily review requests after the ramp-up: a plan's, held to the trial's in the account's first week. */
function rampedDailyRequests(dailyRequests: number, accountCreatedAt: string | null, now: Date, days: number): number {
  const created = accountCreatedAt === null ? Number.NaN : Date.parse(accountCreatedAt);
  // An unknown creation may be a new account: ramped as one (the answer never fails open).
  if (!Number.isNaN(created) && now.getTime() - created >= days * dayMs) return dailyRequests;
  return Math.min(dailyRequests, allowances.trial.dailyRequests);
}

function periodEndOf(state: AccountState, accountCreatedAt: string | null): string | null {
  if (state.kind === 'active') return state.activeUntil;
  if (state.kind === 'expired') return state.endedAt;
  const trialEnd = trialEndOf(accountCreatedAt);
  return Number.isNaN(trialEnd) ? null : new Date(trialEnd).toISOString();
}

/**
 * What an owner may do now (decisions 10, 22, 25, 26: the first week's ramp-up), from the account's creation (the trial's start) and the
 * billing history. The one rule for an owner whose creation is not known (`null`: Cognito has no such user,
 * or could not tell): no trial, so only completed payments grant anything; the answer never fails open.
 */
export function entitlementsOf(
  accountCreatedAt: string | null,
  payments: readonly PaymentRecord[],
  now: Date,
  /** The ramp-up's length: `rampUpDays` but where a stack measuring its sending sets it (a bench's new owner). */
  options: { rampUpDays?: number } = {},
): Entitlements {
  const state = accountState(accountCreatedAt, payments, now);
  const allowed = allowancesOf(state);
  return {
    state,
    plan: state.kind === 'active' ? state.tier : null,
    periodEndsAt: periodEndOf(state, accountCreatedAt),
    ...allowed,
    dailyRequests: rampedDailyRequests(allowed.dailyRequests, accountCreatedAt, now, options.rampUpDays ?? rampUpDays),
  };
}
