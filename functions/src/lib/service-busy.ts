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

/**
 * The connection to the service failed, after the SDK's own retries: refused, cut or timed out, as while a
 * stack shuts down or an endpoint restarts. Nothing is wrong with the request; it can be tried again.
 * (The SDK's request timeout is named TimeoutError; these codes are Node's.)
 */
const unreachableErrorCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN']);
const unreachableErrorNames = new Set(['TimeoutError']);

interface AwsErrorShape {
  name?: unknown;
  code?: unknown;
  cause?: unknown;
  $retryable?: { throttling?: boolean };
}

/**
 * A ServiceBusyError, an AWS throttling or conflict error, or a connection to the service that failed,
 * also wrapped (electrodb keeps the SDK's error as `cause`).
 */
export function isServiceBusy(error: unknown): boolean {
  let e = error as AwsErrorShape | null | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (e instanceof ServiceBusyError) return true;
    if (typeof e.name === 'string' && (busyErrorNames.has(e.name) || unreachableErrorNames.has(e.name))) return true;
    if (typeof e.code === 'string' && unreachableErrorCodes.has(e.code)) return true;
    if (e.$retryable?.throttling === true) return true;
    e = e.cause as AwsErrorShape | undefined;
  }
  return false;
}
