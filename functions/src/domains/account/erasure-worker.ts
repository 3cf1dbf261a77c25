import type { LambdaEnv } from '@reviewroute/shared';
import { processLambdaEnv } from '../../lib/env';
import { configureLogger, logger } from '../../lib/logger';
import type { WorkerRun } from '../../worker-entries';
import { createDangerZone, type DangerZone } from './danger-zone';

/** Time left for the platform after the last step (a step is a page of deletes: well under this). */
const safetyMarginMs = 20_000;

/**
 * The erasure worker (`erasure` in the worker table, shared/src/workers.ts): continues every unfinished
 * account erasure (decisions 14), on its schedule in AWS and on the local twin of it in the local stack.
 * Its runs may overlap: each step is idempotent.
 */
export function createWorker(env: LambdaEnv, dangerOf: () => DangerZone = () => createDangerZone(env)): WorkerRun {
  configureLogger(env);
  let danger: DangerZone | undefined;
  return async (_event, context) => {
    danger ??= dangerOf();
    const remaining = context?.getRemainingTimeInMillis?.() ?? 60_000;
    const deadline = Date.now() + Math.max(1000, remaining - safetyMarginMs);
    const result = await danger.erasure.runPending(deadline);
    if (result.finished + result.pending > 0) logger.info('Erasure worker run', result);
    return result;
  };
}

/** Lambda's entry: process.env, read when a variable is first needed. */
export const handler = createWorker(processLambdaEnv);
