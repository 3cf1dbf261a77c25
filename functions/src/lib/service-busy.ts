/** Seconds a busy answer asks the client to wait: long enough for a throttle or a conflict to pass. */
export const busyRetryAfterSeconds = 2;

/**
 * "Not now" rather than "no": storage was throttled or a conflicting transaction was in the way, and
 * retries with backoff did not get through. The API answers 503 with Retry-After, so the client tries
 * again later instead of seeing a failure that was nobody's bug.
 */
export class ServiceBusyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServiceBusyError';
  }
}

/**
 * AWS error names that mean "slow down" or "in the way of another write": the SDK's throttling errors
 * (which its own retry strategy has already retried with backoff by the time they reach us) and
 * DynamoDB's conflict with a transaction in progress.
 */
const busyErrorNames = new Set([
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'ThrottlingException',
  'Throttling',
  'TooManyRequestsException',
  'SlowDown',
  'TransactionConflictException',
  'TransactionInProgressException',
]);

interface AwsErrorShape {
  name?: unknown;
  cause?: unknown;
  $retryable?: { throttling?: boolean };
}

/** A ServiceBusyError, or an AWS throttling or conflict error, also wrapped (electrodb keeps the SDK's as `cause`). */
export function isServiceBusy(error: unknown): boolean {
  let e = error as AwsErrorShape | null | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (e instanceof ServiceBusyError) return true;
    if (typeof e.name === 'string' && busyErrorNames.has(e.name)) return true;
    if (e.$retryable?.throttling === true) return true;
    e = e.cause as AwsErrorShape | undefined;
  }
  return false;
}
