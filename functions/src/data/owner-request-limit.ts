import { createHash } from 'node:crypto';
import { ownerRequestLimit, type LambdaEnv } from '@reviewroute/shared';
import type { OwnerRequestLimit } from '../lib/http';
import { logger } from '../lib/logger';
import type { Entities } from './entities';
import {
  createDynamoRateLimiter,
  createSoftRateLimiter,
  rateSlot,
  retryAfterSeconds,
  type RateLimiter,
  type RateRule,
} from './rate-window';

/**
 * The owner's window key: the user id's hash, as the other per-owner windows of the table (the erasure's scan for an
 * owner's id finds nothing; a window is gone 20 s after it ends).
 */
export const ownerRequestKey = (userId: string): string =>
  `owner:${createHash('sha256').update(userId, 'utf8').digest('hex')}`;

export interface OwnerRequestLimitOptions {
  rule?: RateRule;
  now?: () => Date;
}

/**
 * The per-owner limit of owner routes (`ownerRequestLimit`), on the table's fixed windows (`owner:{sha256(userId)}`), so it
 * holds across every Lambda and container an owner's requests land on. Each container takes its share from the
 * table in blocks (`createSoftRateLimiter` with no free share: a container never passes more than the table
 * granted, at most one block ahead), so the common request costs a fraction of a write. Once the table refuses a
 * window, this container refuses the owner until the window ends without asking again: a flood costs no writes.
 * A failed count (the table unreachable) lets the request through, logged.
 */
export function createOwnerRequestLimit(
  table: RateLimiter,
  { rule = ownerRequestLimit, now = () => new Date() }: OwnerRequestLimitOptions = {},
): OwnerRequestLimit {
  // Blocks of a fifteenth of the limit (6 of the default 90): one table write per 6 requests.
  const limiter = createSoftRateLimiter(table, 0, 15);
  /** key -> the epoch second its refused window ends. */
  const refusedUntil = new Map<string, number>();
  return async (userId) => {
    const at = now();
    const slot = rateSlot(ownerRequestKey(userId), rule, at);
    const epoch = Math.floor(at.getTime() / 1000);
    const refused = refusedUntil.get(slot.key);
    if (refused !== undefined && refused > epoch) return retryAfterSeconds(slot, at);
    try {
      if (await limiter.consume(slot)) return undefined;
    } catch (error) {
      // The limit guards the others' share; a table it cannot reach must not refuse every owner route with it.
      logger.warn('Per-owner limit not counted', { error: String(error) });
      return undefined;
    }
    for (const [key, until] of refusedUntil) if (until <= epoch) refusedUntil.delete(key);
    refusedUntil.set(slot.key, slot.endsAt);
    return retryAfterSeconds(slot, at);
  };
}

/** OWNER_REQUEST_LIMIT (requests per window), else `ownerRequestLimit`'s; a malformed value reads as the default. */
export function ownerRequestRuleOf(env: Pick<LambdaEnv, 'OWNER_REQUEST_LIMIT'>): RateRule {
  const limit = Number(env.OWNER_REQUEST_LIMIT);
  return Number.isInteger(limit) && limit > 0 ? { ...ownerRequestLimit, limit } : ownerRequestLimit;
}

/** The limit on the table of `entitiesOf`: what each domain Lambda with owner routes passes its handler. */
export const ownerRequestLimitOf = (env: LambdaEnv, entitiesOf: () => Entities): OwnerRequestLimit =>
  createOwnerRequestLimit(createDynamoRateLimiter(entitiesOf), { rule: ownerRequestRuleOf(env) });
