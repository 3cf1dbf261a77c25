import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { assetsBucketDefinition } from '@reviewroute/shared';
import { LOCAL_HOST, PortInUseError } from './ports';

/** The part of s3rver 3.7.1's programmatic API used here (the package ships no types). */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string; configs: string[] }[];
}) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

export interface LocalS3 {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * CORS of the survey-assets bucket: the browser posts presigned uploads straight to it from the app's
 * origin (the CDK storage stack sets the same methods from the same shared definition).
 */
export function assetsCorsXml(allowedOrigins: readonly string[]): string {
  const origins = allowedOrigins.map((o) => `    <AllowedOrigin>${o}</AllowedOrigin>`).join('\n');
  const methods = assetsBucketDefinition.corsAllowedMethods
    .map((m) => `    <AllowedMethod>${m}</AllowedMethod>`)
    .join('\n');
  return `<CORSConfiguration>
  <CORSRule>
${origins}
${methods}
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;
}

/**
 * s3rver in-process. Creating the bucket and (re)writing its CORS on every start is s3rver's own
 * `configureBuckets`, which is idempotent: an existing bucket keeps its objects.
 */
export async function startS3(options: {
  port: number;
  directory: string;
  allowedOrigins: readonly string[];
}): Promise<LocalS3> {
  await mkdir(options.directory, { recursive: true });
  const s3 = new S3rver({
    address: LOCAL_HOST,
    port: options.port,
    silent: true,
    directory: options.directory,
    configureBuckets: [
      { name: assetsBucketDefinition.localBucketName, configs: [assetsCorsXml(options.allowedOrigins)] },
    ],
  });
  let address;
  try {
    address = await s3.run();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new PortInUseError('S3', options.port);
    throw error;
  }
  return { url: `http://${LOCAL_HOST}:${address.port}`, port: address.port, stop: () => s3.close() };
}
