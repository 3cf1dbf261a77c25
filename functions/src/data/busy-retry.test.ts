import { describe, expect, it } from 'vitest';
import { ServiceBusyError } from '../lib/service-busy';
import { isBusyCancellation, transactWhileBusy, writeWhileBusy, type CancellationReason } from './busy-retry';

const reason = (code: string): CancellationReason => ({ code, rejected: code !== 'None' });
const canceled = (...codes: string[]) => ({ canceled: true, data: codes.map(reason) });
const committed = { canceled: false, data: [] };

/** Answers in turn, the last one for ever; counts the tries and the waits between them. */
function scripted<T>(answers: (() => T)[]) {
  const log = { tries: 0, waits: [] as number[] };
  const next = async () => answers[Math.min(log.tries++, answers.length - 1)]!();
  const wait = async (attempt: number) => void log.waits.push(attempt);
  return { log, next, wait };
}

const conflictError = () => {
  // What electrodb throws: its own error, the SDK's as the cause.
  throw Object.assign(new Error('electro'), {
    cause: Object.assign(new Error('sdk'), { name: 'TransactionConflictException' }),
  });
};

describe('busy cancellations', () => {
  it('are the ones where every refusing item only says "not now"', () => {
    expect(isBusyCancellation(canceled('None', 'TransactionConflict').data)).toBe(true);
    expect(isBusyCancellation(canceled('ThrottlingError', 'None').data)).toBe(true);
    expect(isBusyCancellation(canceled('ProvisionedThroughputExceeded').data)).toBe(true);
    expect(isBusyCancellation(canceled('ConditionalCheckFailed', 'TransactionConflict').data)).toBe(false);
    expect(isBusyCancellation(canceled('None', 'None').data)).toBe(false);
    expect(isBusyCancellation(canceled('ValidationError').data)).toBe(false);
  });
});

describe('transactWhileBusy', () => {
  it('retries a busy transaction with backoff until it commits', async () => {
    const { log, next, wait } = scripted([
      () => canceled('TransactionConflict'),
      () => canceled('None', 'ThrottlingError'),
      () => committed,
    ]);
    expect(await transactWhileBusy('Test', next, { wait })).toBeUndefined();
    expect(log).toEqual({ tries: 3, waits: [1, 2] });
  });

  it('hands a refusal of its own back at once, with every reason in item order', async () => {
    const { log, next, wait } = scripted([() => canceled('None', 'ConditionalCheckFailed', 'None')]);
    const reasons = await transactWhileBusy('Test', next, { wait });
    expect(reasons?.map((r) => r.code)).toEqual(['None', 'ConditionalCheckFailed', 'None']);
    expect(log.tries).toBe(1);
  });

  it('gives up after the bound with ServiceBusyError', async () => {
    const { log, next, wait } = scripted([() => canceled('TransactionConflict')]);
    await expect(transactWhileBusy('Publishing s1', next, { wait, maxAttempts: 4 })).rejects.toThrow(ServiceBusyError);
    expect(log).toEqual({ tries: 4, waits: [1, 2, 3] });
  });
});

describe('writeWhileBusy', () => {
  it('retries a single write that met a transaction in progress, then succeeds', async () => {
    const { log, next, wait } = scripted([conflictError, () => 'written']);
    expect(await writeWhileBusy('Test', next, { wait })).toBe('written');
    expect(log.tries).toBe(2);
  });

  it('passes any other error through untouched and untried', async () => {
    const failure = Object.assign(new Error('condition'), { name: 'ConditionalCheckFailedException' });
    const { log, next, wait } = scripted([
      () => {
        throw failure;
      },
    ]);
    await expect(writeWhileBusy('Test', next, { wait })).rejects.toBe(failure);
    expect(log.tries).toBe(1);
  });

  it('gives up after the bound with ServiceBusyError', async () => {
    const { log, next, wait } = scripted([conflictError]);
    await expect(writeWhileBusy('Test', next, { wait, maxAttempts: 3 })).rejects.toThrow(ServiceBusyError);
    expect(log).toEqual({ tries: 3, waits: [1, 2] });
  });
});
