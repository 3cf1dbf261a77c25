import type { WorkerRun } from '@reviewroute/functions/worker-entries';

/** A worker module for the sandbox's test: echoes its event, the environment it was made with and its time left. */
export const createWorker =
  (env: Record<string, unknown>): WorkerRun =>
  async (event, context) => {
    const asked = event as { fail?: string; exit?: boolean } | undefined;
    if (asked?.exit) process.exit(3);
    if (asked?.fail) throw new Error(asked.fail);
    return {
      event: event ?? null,
      stage: env.STAGE,
      remainingMs: context?.getRemainingTimeInMillis(),
      pid: process.pid,
    };
  };

export const handler: WorkerRun = () => Promise.resolve(null);
