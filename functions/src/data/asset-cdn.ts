import { randomUUID } from 'node:crypto';
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import type { LambdaEnv } from '@reviewroute/shared';
import { awsClientConfig } from '../lib/env';

/** The CDN in front of the public files: a deleted file must stop being served from its caches too. */
export interface AssetCdn {
  /** Drops the cached copies of these URL paths (`/files/…`). */
  invalidate(paths: string[]): Promise<void>;
}

/**
 * The distribution that serves `/files/*` (ASSETS_DISTRIBUTION_ID): deleting a file invalidates its path,
 * so a removed image stops being served at once rather than when its year-long cache runs out. Without
 * the setting (locally: no CDN in front of the bucket) there is nothing to invalidate.
 */
export function createAssetCdn(env: LambdaEnv): AssetCdn {
  const distributionId = env.ASSETS_DISTRIBUTION_ID;
  if (!distributionId) return { invalidate: async () => undefined };
  let client: CloudFrontClient | undefined;
  return {
    async invalidate(paths) {
      if (paths.length === 0) return;
      // CloudFront's API lives in us-east-1 whatever the function's region.
      client ??= new CloudFrontClient({ ...awsClientConfig(env), region: 'us-east-1' });
      await client.send(
        new CreateInvalidationCommand({
          DistributionId: distributionId,
          InvalidationBatch: { CallerReference: randomUUID(), Paths: { Quantity: paths.length, Items: paths } },
        }),
      );
    },
  };
}
