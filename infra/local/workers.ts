import { pathToFileURL } from 'node:url';
import { workers, type LambdaEnv, type WorkerDefinition } from '@reviewroute/shared';
import { workerEntry, type WorkerModule, type WorkerRun } from '@reviewroute/functions/worker-entries';

/** The time a local run may take, as Lambda's remaining time would say. */
const localRunBudgetMs = 30_000;

/**
 * The local twin of one worker's trigger: a schedule becomes an interval of `localEveryMs`, one run at a time
 * (a tick while a run is going is skipped, so a slow run builds no backlog; a run that fails is logged, and the
 * next tick tries again). Returns its stop, which waits for the run in progress.
 */
export function startWorker(
  worker: Pick<WorkerDefinition, 'id' | 'trigger'>,
  run: Promise<WorkerRun>,
  log?: (line: string) => void,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped || running) return;
    running = run
      .then((once) => once(undefined, { getRemainingTimeInMillis: () => localRunBudgetMs }))
      .then(
        () => undefined,
        (error: unknown) => log?.(`[${worker.id}] run failed: ${String(error)}`),
      )
      .finally(() => {
        running = undefined;
      });
  }, worker.trigger.localEveryMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

/**
 * Every worker of the worker table (shared/src/workers.ts) in this process, made with the stack's own Lambda
 * environment from the same module CDK bundles. Returns one stop for all.
 */
export function startWorkers(env: LambdaEnv, log?: (line: string) => void): () => Promise<void> {
  const stops = workers.map((worker) => {
    const run = import(pathToFileURL(workerEntry(worker)).href).then((mod: WorkerModule) => mod.createWorker(env));
    // A module that fails to load is reported by each run (as `run failed`), not as an unhandled rejection.
    run.catch(() => undefined);
    return startWorker(worker, run, log);
  });
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
