import { createHash } from 'node:crypto';
import { requestUploadRateLimit, type Allowances } from '@reviewroute/shared';
import { ApiError, rateLimited } from '../../lib/api-error';
import { rateSlot, retryAfterSeconds, type RateLimiter } from '../../data/rate-window';

/** The quota's windows: one UTC day (fixed windows of the rate-window helper start at epoch multiples). */
const daySeconds = 24 * 60 * 60;

const ownerHash = (userId: string) => createHash('sha256').update(userId, 'utf8').digest('hex');

/**
 * The rate-window keys of an owner's daily quota of scheduled batches and rows: a hash of the user id, so the
 * windows (which outlive an account erasure until their TTL, two days) keep nothing of the owner in clear.
 */
export const requestQuotaKeys = (userId: string) => ({
  batches: `request-batches:${ownerHash(userId)}`,
  rows: `request-rows:${ownerHash(userId)}`,
  uploads: `request-uploads:${ownerHash(userId)}`,
});

export interface RequestQuotaDeps {
  limiter: RateLimiter;
  /** The owner's plan's quota (the entitlements' `dailyBatches` and `dailyRows`). */
  quotaOf: (userId: string) => Promise<Pick<Allowances, 'dailyBatches' | 'dailyRows'>>;
}

/** The refusal: 429 with the seconds until the UTC day ends, and the code the owner's page translates. */
const quotaReached = (retryAfter: number) =>
  new ApiError('REQUEST_QUOTA_REACHED', undefined, undefined, { 'retry-after': String(Math.max(1, retryAfter)) });

/**
 * The owner's daily quota of review requests at scheduling (the API's upload and the booking system's hook
 * alike): a batch counts one of `dailyBatches` and its rows count in `dailyRows`, or it is refused with
 * `REQUEST_QUOTA_REACHED` (429, Retry-After to the end of the UTC day) before anything is stored. The rows are
 * counted first, so a refused batch of too many rows still leaves the day's batches for smaller ones; a batch
 * refused on the batch count has had its rows counted (a rare edge, on the side of the queue).
 */
export function createRequestQuota(deps: RequestQuotaDeps) {
  return async function take(userId: string, rows: number, at: Date): Promise<void> {
    const quota = await deps.quotaOf(userId);
    const keys = requestQuotaKeys(userId);
    const rowSlot = rateSlot(keys.rows, { limit: quota.dailyRows, windowSeconds: daySeconds }, at);
    if (!(await deps.limiter.consume(rowSlot, rows))) throw quotaReached(retryAfterSeconds(rowSlot, at));
    const batchSlot = rateSlot(keys.batches, { limit: quota.dailyBatches, windowSeconds: daySeconds }, at);
    if (!(await deps.limiter.consume(batchSlot))) throw quotaReached(retryAfterSeconds(batchSlot, at));
  };
}

export type RequestQuota = ReturnType<typeof createRequestQuota>;

/**
 * The pace of an owner's uploads (`requestUploadRateLimit`): past it, 429 `RATE_LIMITED` with Retry-After to the
 * minute's end, before anything is read or stored. Give it a limiter that refuses a spent window from memory
 * (`createSoftRateLimiter`), so a script's flood of uploads costs no table write either.
 */
export function createUploadPace(limiter: RateLimiter) {
  return async function take(userId: string, at: Date): Promise<void> {
    const slot = rateSlot(requestQuotaKeys(userId).uploads, requestUploadRateLimit, at);
    if (!(await limiter.consume(slot))) throw rateLimited(retryAfterSeconds(slot, at));
  };
}

export type UploadPace = ReturnType<typeof createUploadPace>;
