import type { HealthResponse } from '@reviewroute/shared';
import { createDomainHandler } from '../../lib/http';

/** Liveness of the API chain (CloudFront or the local proxy -> gateway -> Lambda); touches no data. */
export const health = (): HealthResponse => ({ status: 'ok' });

export const handler = createDomainHandler('system', {
  health: () => ({ body: health() }),
});
