import type { LambdaEnv } from '@reviewroute/shared';
import { createWorker } from '@reviewroute/functions/domains/account/erasure-worker';

/** How often the local stack runs the erasure worker (AWS: every minute; locally tests wait for it). */
const intervalMs = 1000;

/**
 * The local twin of the erasure worker's EventBridge schedule: the same worker function, on a short
 * interval, one run at a time. Returns its stop.
 */
export function startErasureLoop(env: LambdaEnv, log?: (line: string) => void): () => Promise<void> {
  const worker = createWorker(env);
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(() =>
      worker(undefined, { getRemainingTimeInMillis: () => 30_000 }).catch((error: unknown) =>
        log?.(`[erasure] run failed: ${String(error)}`),
      ),
    );
  }, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
