import { Logger } from '@aws-lambda-powertools/logger';
import type { LogLevel } from '@aws-lambda-powertools/logger/types';
import type { LambdaEnv } from '@reviewroute/shared';

/** Until a handler's environment names one (the deployed and the local environments both do). */
const defaultServiceName = 'reviewroute';
let serviceName = defaultServiceName;

/**
 * One logger for every handler. A `let`: configureLogger may replace it, and importers see the
 * replacement (ES module bindings are live).
 */
export let logger = new Logger({ serviceName });

/**
 * A handler made for an environment logs under its POWERTOOLS_SERVICE_NAME at its POWERTOOLS_LOG_LEVEL:
 * process.env's in Lambda, the stack's own locally. When either differs from the logger's, the logger is
 * made anew (Powertools resets a level set afterwards on every invocation). One logger per process: with
 * several local stacks in one process, the last handler made sets it.
 */
export function configureLogger(env: Pick<LambdaEnv, 'POWERTOOLS_SERVICE_NAME' | 'POWERTOOLS_LOG_LEVEL'>): void {
  const name = env.POWERTOOLS_SERVICE_NAME ?? defaultServiceName;
  const level = env.POWERTOOLS_LOG_LEVEL?.toUpperCase();
  if (name === serviceName && (!level || level === logger.getLevelName())) return;
  serviceName = name;
  logger = new Logger({ serviceName, ...(level ? { logLevel: level as LogLevel } : {}) });
}
