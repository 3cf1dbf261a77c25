import { createMemoryStores } from '../../data/memory';
import { createErasureService } from './erasure-service';
import { createExportService } from './export-service';
import type { DangerZone } from './danger-zone';

/**
 * The account's danger zone (export and erasure) on one set of in-memory stores, for the account tests.
 * `interrupt('owner.method')` makes the next call of that store method fail, as a crash at that step would
 * (`'responses.delete'`, `'admin.lockOut'`, …).
 */
export function accountWorld(
  options: { clock?: () => number; erasurePageSize?: number; exportPageSize?: number } = {},
) {
  const stores = createMemoryStores();
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

  const erasure = createErasureService({
    erasures: interruptible('erasures', stores.erasures),
    surveys: interruptible('surveys', stores.surveys),
    responses: interruptible('responses', stores.responses),
    stats: interruptible('stats', stores.stats),
    alerts: interruptible('alerts', stores.alerts),
    rateLimiter: interruptible('rateLimiter', stores.rateLimiter),
    profiles: interruptible('profiles', stores.profiles),
    billing: interruptible('billing', stores.billing),
    requests: interruptible('requests', stores.requests),
    assets: stores.assets,
    cdn: stores.cdn,
    admin: interruptible('admin', stores.admin),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.erasurePageSize ? { pageSize: options.erasurePageSize } : {}),
  });
  const exports = createExportService({
    ...stores,
    ...(options.exportPageSize ? { pageSize: options.exportPageSize } : {}),
  });
  const danger: DangerZone = { erasure, exports };
  return {
    ...stores,
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
