import type { HealthResponse, LambdaEnv } from '@reviewroute/shared';
import { processLambdaEnv } from '../../lib/env';
import { configureLogger } from '../../lib/logger';
import { createDomainHandler } from '../../lib/http';
import { originCheckOf } from '../../lib/origin-verify';

/** Liveness of the API chain (CloudFront or the local proxy -> gateway -> Lambda); touches no data. */
export const health = (): HealthResponse => ({ status: 'ok' });

/** The system Lambda for one environment; it reads nothing from it but the logger's settings. */
export function createHandler(env: LambdaEnv) {
  configureLogger(env);
  return createDomainHandler('system', { health: () => ({ body: health() }) }, { originCheck: originCheckOf(env) });
}

/** Lambda's entry: process.env, read when a variable is first needed. */
export const handler = createHandler(processLambdaEnv);
