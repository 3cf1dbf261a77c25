import { describe, expect, it } from 'vitest';
import { ServiceBusyError, isServiceBusy } from './service-busy';

/** What the SDK throws once its retries to an endpoint that is gone are used up: Node's socket error. */
const socketError = (code: string) =>
  Object.assign(new Error(`connect ${code} 127.0.0.1:8000`), { code, syscall: 'connect', $metadata: { attempts: 4 } });
/** electrodb's wrapper keeps the SDK's error as `cause`. */
const wrapped = (cause: unknown) => Object.assign(new Error('Error thrown by DynamoDB client'), { cause });

describe('isServiceBusy', () => {
  it('says "try again" for throttling, conflicts and our own busy error', () => {
    expect(isServiceBusy(new ServiceBusyError('still busy'))).toBe(true);
    expect(isServiceBusy(Object.assign(new Error('x'), { name: 'TransactionConflictException' }))).toBe(true);
    expect(isServiceBusy(wrapped(Object.assign(new Error('x'), { $retryable: { throttling: true } })))).toBe(true);
  });

  it('says "try again" when the connection to storage failed (a stack shutting down, an endpoint restarting)', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']) {
      expect(isServiceBusy(socketError(code)), code).toBe(true);
      expect(isServiceBusy(wrapped(socketError(code))), code).toBe(true);
    }
    expect(isServiceBusy(wrapped(Object.assign(new Error('timed out'), { name: 'TimeoutError' })))).toBe(true);
  });

  it('leaves every other failure a bug (500)', () => {
    expect(isServiceBusy(new Error('bug'))).toBe(false);
    expect(isServiceBusy(wrapped(Object.assign(new Error('x'), { name: 'ValidationException' })))).toBe(false);
    expect(isServiceBusy(Object.assign(new Error('no such file'), { code: 'ENOENT' }))).toBe(false);
    expect(isServiceBusy(undefined)).toBe(false);
    expect(isServiceBusy('ECONNREFUSED')).toBe(false);
  });
});
