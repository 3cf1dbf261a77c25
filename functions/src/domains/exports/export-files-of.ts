import type { LambdaEnv } from '@reviewroute/shared';
import { s3ClientOf } from '../../data/asset-store';
import { createS3ExportFiles, type ExportFiles } from '../../data/export-files';

/**
 * The environment's export files: the assets bucket, path style on the emulator's endpoint (s3rver serves a
 * presigned GET itself, so the link works through the local stack as S3's does in AWS).
 */
export function exportFilesOf(env: LambdaEnv, partBytes?: number): ExportFiles {
  return createS3ExportFiles(
    () => ({
      bucket: env.ASSETS_BUCKET,
      endpoint: env.S3_FORCE_PATH_STYLE === 'true' ? env.AWS_ENDPOINT_URL_S3 : undefined,
      region: env.AWS_REGION,
      partBytes,
    }),
    s3ClientOf(env),
  );
}
