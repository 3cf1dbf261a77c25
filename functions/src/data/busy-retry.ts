import { ServiceBusyError } from '../lib/service-busy';

/**
 * Writes that DynamoDB turns down with "not now" (a conflicting transaction, throttling) are tried again
 * here with backoff, a bounded number of times, and then end in ServiceBusyError (503 with Retry-After).
 * Throttled single calls never get here: the SDK's own retry strategy backs off and retries those. What
 * it does not retry is a cancelled transaction and a single write that met a transaction in progress.
 */

/** One item's answer in a cancelled transaction (electrodb's shape), in the order of the items. */
export interface CancellationReason {
  rejected: boolean;
  code: string;
}

/** Reasons that say "not now"; any other (a condition that did not hold) is the table's answer. */
const busyReasonCodes = new Set([
  'TransactionConflict',
  'ThrottlingError',
  'ProvisionedThroughputExceeded',
  'RequestLimitExceeded',
]);

/** Cancelled only because it was busy: some item says so, and no item gave an answer of its own. */
export const isBusyCancellation = (reasons: readonly CancellationReason[]): boolean =>
  reasons.some((r) => busyReasonCodes.has(r.code)) &&
  reasons.every((r) => r.code === 'None' || busyReasonCodes.has(r.code));

export interface BusyRetryOptions {
  /** Tries in all (default 8). */
  maxAttempts?: number;
  /** Waits before try `attempt + 1` (default: full jitter, capped at 200 ms). */
  wait?: (attempt: number) => Promise<void>;
}

/** Full jitter, capped: concurrent writers to one item spread out instead of colliding again. */
const jitteredBackoff = (attempt: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 10 * 2 ** attempt)));

const defaults = { maxAttempts: 8, wait: jitteredBackoff } satisfies Required<BusyRetryOptions>;

/**
 * For a loop of its own that got a busy cancellation on try `attempt`: waits before the next try, or
 * throws ServiceBusyError once the tries are used up.
 */
export async function backOffOrGiveUp(
  what: string,
  attempt: number,
  reasons: readonly CancellationReason[],
  options: BusyRetryOptions = {},
): Promise<void> {
  const { maxAttempts, wait } = { ...defaults, ...options };
  if (attempt >= maxAttempts)
    throw new ServiceBusyError(`${what}: still busy after ${attempt} tries (${reasons.map((r) => r.code).join(', ')})`);
  await wait(attempt);
}

/**
 * Runs a write transaction until it commits (undefined) or is refused for a reason of its own (its
 * cancellation reasons, in item order); a busy cancellation is retried.
 */
export async function transactWhileBusy(
  what: string,
  write: () => Promise<{ canceled: boolean; data: unknown }>,
  options: BusyRetryOptions = {},
): Promise<CancellationReason[] | undefined> {
  for (let attempt = 1; ; attempt++) {
    const result = await write();
    if (!result.canceled) return undefined;
    const reasons = result.data as CancellationReason[];
    if (!isBusyCancellation(reasons)) return reasons;
    await backOffOrGiveUp(what, attempt, reasons, options);
  }
}

/** The SDK's "a transaction in progress holds this item", as it is or wrapped by electrodb. */
function isTransactionConflict(error: unknown): boolean {
  const e = error as { name?: unknown; cause?: { name?: unknown } } | null;
  return e?.name === 'TransactionConflictException' || e?.cause?.name === 'TransactionConflictException';
}

/** Runs a single write, retrying it while a transaction in progress on its item is in the way. */
export async function writeWhileBusy<T>(
  what: string,
  write: () => Promise<T>,
  options: BusyRetryOptions = {},
): Promise<T> {
  const { maxAttempts, wait } = { ...defaults, ...options };
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isTransactionConflict(error)) throw error;
      if (attempt >= maxAttempts) throw new ServiceBusyError(`${what}: still in conflict after ${attempt} tries`);
      await wait(attempt);
    }
  }
}
