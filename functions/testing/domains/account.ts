import { createMemoryStores } from '../data/memory';
import { MemoryInvoiceRepository } from '../data/memory-invoices';
import { createMemoryRateLimiter } from '../data/memory-rate-limiter';
import { MemoryRecoveryCodeStore } from '../data/memory-recovery-codes';
import { ownerDataParts } from '../../src/owner-data';
import { createSecurityService } from '../../src/domains/account/security-service';
import { createErasureService } from '../../src/domains/account/erasure-service';
import { createExportService } from '../../src/domains/account/export-service';
import type { DangerZone } from '../../src/domains/account/danger-zone';

/**
 * The account's danger zone (export and erasure) on one set of in-memory stores, for the account tests.
 * `interrupt('owner.method')` makes the next call of that store method fail, as a crash at that step would
 * (`'responses.delete'`, `'admin.lockOut'`, …).
 */
export function accountWorld(
  options: { clock?: () => number; erasurePageSize?: number; exportPageSize?: number } = {},
) {
  const stores = createMemoryStores();
  if (options.clock) stores.erasures.clock = options.clock;
  let failNext: string | undefined;

  /** The store, with every method failing once when it is the one to interrupt. */
  const interruptible = <T extends object>(owner: string, store: T): T =>
    new Proxy(store, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const step = `${owner}.${String(property)}`;
          if (failNext === step) {
            failNext = undefined;
            return Promise.reject(new Error(`Interrupted at ${step}`));
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });

  // Every domain's part of the owner's data on all the fakes, each store interruptible under its name: a part that
  // needs a new store finds it here once it is among the fakes.
  const invoices = new MemoryInvoiceRepository();
  const all = { ...stores, invoices };
  const steps = Object.fromEntries(
    Object.entries(all).map(([name, store]) => [name, typeof store === 'object' ? interruptible(name, store) : store]),
  ) as typeof all;
  const erasure = createErasureService({
    erasures: steps.erasures,
    surveys: steps.surveys,
    parts: ownerDataParts(steps, options.erasurePageSize ? { pageSize: options.erasurePageSize } : {}),
    admin: steps.admin,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const exports = createExportService({
    surveys: stores.surveys,
    parts: ownerDataParts(all),
    ...(options.exportPageSize ? { pageSize: options.exportPageSize } : {}),
  });
  const danger: DangerZone = { erasure, exports };
  return {
    ...stores,
    invoices,
    erasure,
    exports,
    danger,
    interrupt: (step: string) => {
      failNext = step;
    },
    /** Runs the worker until no job is left (at most `runs` times), each run with this much time. */
    async finishErasures(now: () => number, budgetMs: number, runs = 50) {
      for (let run = 0; run < runs && stores.erasures.jobs.size > 0; run++) await erasure.runPending(now() + budgetMs);
    },
  };
}

/** The one password the fake Cognito of `acceptingSecurity` accepts (the sample events carry it). */
export const samplePassword = 'Sup3r-secret!';

/**
 * The security service on a fake Cognito whose every user has `samplePassword` and no second step, for the
 * account tests of routes that need the password (deletion); `proofs` counts the checks Cognito was asked for.
 */
export function acceptingSecurity() {
  const proofs: string[] = [];
  const service = createSecurityService({
    proof: {
      accountOf: async () => undefined,
      async checkPassword(username, password) {
        proofs.push(username);
        return password === samplePassword ? { result: 'valid' } : { result: 'invalid' };
      },
      answerTotp: async () => false,
      disableTotp: async () => undefined,
      requestEmailChange: async () => undefined,
      totpEnabled: async () => false,
      enableTotp: async () => undefined,
      openOwnerSession: async () => ({ result: 'invalid' }),
    },
    contacts: { contactOf: async () => undefined },
    limiter: createMemoryRateLimiter(),
    recoveryCodes: new MemoryRecoveryCodeStore(),
  });
  return Object.assign(service, { proofs });
}
