import { Logger } from '@aws-lambda-powertools/logger';
import type { LogLevel } from '@aws-lambda-powertools/logger/types';
import type { LambdaEnv } from '@reviewroute/shared';

/** One logger for every handler; service name and level come from POWERTOOLS_* env vars. */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'reviewroute' });

/**
 * A handler made for a given environment logs at its POWERTOOLS_LOG_LEVEL. In Lambda that is the level
 * the logger read already; locally the stack's environment is not in process.env. (One logger per
 * process: with several local stacks in one process the last handler made sets the level.)
 */
export function logAtLevelOf(env: Pick<LambdaEnv, 'POWERTOOLS_LOG_LEVEL'>): void {
  if (env.POWERTOOLS_LOG_LEVEL) logger.setLogLevel(env.POWERTOOLS_LOG_LEVEL as LogLevel);
}
