import { entitlementsOf, type Entitlements, type LambdaEnv, type PaymentRecord } from '@reviewroute/shared';
import { logger } from '../lib/logger';
import { tableEntities } from '../data/client';
import { createDynamoBillingRepository, type BillingRecord, type BillingRepository } from '../data/billing-repository';
import { createCognitoUserDirectory, type UserDirectory } from '../data/user-directory';

/**
 * The billing history as the plan state reads it: newest first by the date a payment counts from, its
 * payment date (a year from when it was paid, decisions 10), else its creation. The currency goes along:
 * plans are bought by EUR amounts only.
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

/** The owner whose entitlements are asked for: always the verified user id, and what the caller knows besides. */
export interface OwnerRef {
  userId: string;
  /** What Cognito knows the user by (an ID token's `cognito:username`); the user id (`sub`) when absent. */
  username?: string;
  /** When the owner signed in (an ID token's `auth_time`): the account existed then. */
  signedInAt?: Date;
}

/** What an owner may do now, and the account creation the trial was counted from (null: not known). */
export interface OwnerEntitlements extends Entitlements {
  accountCreatedAt: string | null;
}

export type EntitlementsReader = (owner: OwnerRef | string) => Promise<OwnerEntitlements>;

export interface EntitlementsReaderDeps {
  directory: UserDirectory;
  billing: Pick<BillingRepository, 'listForUser'>;
  now?: () => Date;
  /** Creation dates never change: one container asks Cognito once per user (bounded). */
  cacheSize?: number;
  /**
   * Reuse a whole answer for this long (per user id): for a caller asked on every keystroke (the business
   * finder), where a plan bought meanwhile may count a few minutes late. 0 (the default) reads every time.
   */
  answerCacheMs?: number;
  /** The ramp-up's length in days (REQUEST_RAMP_UP_DAYS), else `rampUpDays`. */
  rampUpDays?: number;
}

/**
 * The one place that answers "what may this owner do now" (decisions 10, 22, 25): the account's creation date
 * from Cognito (the trial's start) and the owner's billing history, through the rules of `entitlementsOf`.
 *
 * The one rule for an owner Cognito cannot place (no such user: a deleted account whose token is still valid;
 * or Cognito could not be asked): the trial counts from the sign-in time the caller passes (an owner route's
 * token: the account existed then, so the trial never looks longer than it is); without one, a user Cognito
 * does not know has no trial (only payments count, never more than a known account gets), and a failed call
 * fails the question (the request answers 5xx, a worker retries) rather than guess.
 */
export function createEntitlementsReader(deps: EntitlementsReaderDeps): EntitlementsReader {
  const now = deps.now ?? (() => new Date());
  const cacheSize = deps.cacheSize ?? 1000;
  const createdAtOf = new Map<string, string>();
  const answers = new Map<string, { at: number; answer: OwnerEntitlements }>();

  const remember = <T>(map: Map<string, T>, key: string, value: T) => {
    if (map.size >= cacheSize) map.delete(map.keys().next().value!);
    map.set(key, value);
  };

  async function accountCreatedAt(owner: OwnerRef): Promise<string | null> {
    const username = owner.username ?? owner.userId;
    const cached = createdAtOf.get(username);
    if (cached) return cached;
    let created: Date | undefined;
    try {
      created = await deps.directory.createdAt(username);
    } catch (error) {
      if (!owner.signedInAt) throw error;
      logger.warn('AdminGetUser failed; the trial counts from the sign-in time', {
        userId: owner.userId,
        error: String(error),
      });
      return owner.signedInAt.toISOString();
    }
    if (created && !Number.isNaN(created.getTime())) {
      remember(createdAtOf, username, created.toISOString());
      return created.toISOString();
    }
    logger.warn('Cognito does not know the owner; the trial counts from the sign-in time, if any', {
      userId: owner.userId,
    });
    // Not cached: a user Cognito does not know yet may be known next time.
    return owner.signedInAt?.toISOString() ?? null;
  }

  return async (ownerOrId) => {
    const owner = typeof ownerOrId === 'string' ? { userId: ownerOrId } : ownerOrId;
    const at = now();
    const hit = deps.answerCacheMs ? answers.get(owner.userId) : undefined;
    if (hit && at.getTime() - hit.at < deps.answerCacheMs!) return hit.answer;
    const [createdAt, records] = await Promise.all([accountCreatedAt(owner), deps.billing.listForUser(owner.userId)]);
    const answer = {
      ...entitlementsOf(
        createdAt,
        planPayments(records),
        at,
        deps.rampUpDays === undefined ? {} : { rampUpDays: deps.rampUpDays },
      ),
      accountCreatedAt: createdAt,
    };
    if (deps.answerCacheMs) remember(answers, owner.userId, { at: at.getTime(), answer });
    return answer;
  };
}

/** The reader of a Lambda's environment: Cognito (AdminGetUser) and the billing history in the table. */
export function entitlementsReaderOf(
  env: LambdaEnv,
  options: Pick<EntitlementsReaderDeps, 'answerCacheMs'> = {},
): EntitlementsReader {
  return createEntitlementsReader({
    directory: createCognitoUserDirectory(env),
    billing: createDynamoBillingRepository(tableEntities(env)),
    ...rampUpOf(env),
    ...options,
  });
}

/** REQUEST_RAMP_UP_DAYS when it is a whole number of days, else nothing (the rule's own `rampUpDays`). */
function rampUpOf(env: Pick<LambdaEnv, 'REQUEST_RAMP_UP_DAYS'>): { rampUpDays?: number } {
  const days = Number(env.REQUEST_RAMP_UP_DAYS ?? Number.NaN);
  return Number.isInteger(days) && days >= 0 ? { rampUpDays: days } : {};
}
