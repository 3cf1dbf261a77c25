import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NotFound,
  NoSuchKey,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { LambdaEnv } from '@reviewroute/shared';
import { awsClientConfig } from '../lib/env';

export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
}

export interface AssetStore {
  /** A presigned POST whose policy pins the key, the exact content type and 1..maxBytes. */
  presignUpload(input: {
    key: string;
    contentType: string;
    maxBytes: number;
    expiresInSeconds: number;
  }): Promise<PresignedUpload>;
  /** Size of a stored object, undefined when it does not exist. */
  size(key: string): Promise<number | undefined>;
  /** The first `length` bytes (fewer when the object is shorter). */
  readStart(key: string, length: number): Promise<Uint8Array>;
  delete(key: string): Promise<void>;
  /**
   * Copies an object to a new key with this content type, as a public file is served: immutable (its key
   * is never reused), so it may be cached for good.
   */
  copy(from: string, to: string, contentType: string): Promise<void>;
  /** Deletes every object under the prefix; returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  /** The URL the public reads the object from (CloudFront in AWS). */
  publicUrl(key: string): string;
}

/** Path style when S3_FORCE_PATH_STYLE=true (s3rver); AWS_ENDPOINT_URL_S3 points it at the emulator. */
export function createS3Client(env: LambdaEnv): S3Client {
  return new S3Client({
    ...awsClientConfig(env, 'AWS_ENDPOINT_URL_S3'),
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    // Only the checksums S3 requires: presigned URLs stay clean and s3rver accepts the requests.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** The environment's S3 client, made on first use and then kept (as Lambda keeps it between invocations). */
export function s3ClientOf(env: LambdaEnv): () => S3Client {
  let client: S3Client | undefined;
  return () => (client ??= createS3Client(env));
}

export interface S3AssetStoreConfig {
  bucket: string;
  /** Where the public reads objects: `{base}/{key}`. */
  publicBaseUrl: string;
}

/**
 * ASSETS_BUCKET and ASSETS_PUBLIC_BASE_URL (CloudFront in AWS). Without the latter, the bucket's own
 * URL: path style on the local endpoint (s3rver serves objects to anyone), else the regional S3 URL.
 */
export function assetStoreConfigFromEnv(env: LambdaEnv): S3AssetStoreConfig {
  const bucket = env.ASSETS_BUCKET;
  const endpoint = env.AWS_ENDPOINT_URL_S3;
  const publicBaseUrl =
    env.ASSETS_PUBLIC_BASE_URL ??
    (endpoint ? `${endpoint.replace(/\/+$/, '')}/${bucket}` : `https://${bucket}.s3.${env.AWS_REGION}.amazonaws.com`);
  return { bucket, publicBaseUrl: publicBaseUrl.replace(/\/+$/, '') };
}

/** A public file's key is never reused: browsers and CloudFront may keep it for a year. */
export const publicAssetCacheControl = 'public, max-age=31536000, immutable';

/** The conditions the presigned POST's policy carries: S3 refuses anything else (s3rver does not check). */
export function uploadPolicyConditions(contentType: string, maxBytes: number) {
  return [
    ['content-length-range', 1, maxBytes] as ['content-length-range', number, number],
    { 'Content-Type': contentType },
  ];
}

const isMissing = (error: unknown) =>
  error instanceof NotFound ||
  error instanceof NoSuchKey ||
  (error as { name?: string }).name === 'NotFound' ||
  (error as { name?: string }).name === 'NoSuchKey' ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

export function createS3AssetStore(configOf: () => S3AssetStoreConfig, clientOf: () => S3Client): AssetStore {
  return {
    async presignUpload({ key, contentType, maxBytes, expiresInSeconds }) {
      const { bucket } = configOf();
      // createPresignedPost adds the bucket, the exact key and the signature fields to the policy.
      return createPresignedPost(clientOf(), {
        Bucket: bucket,
        Key: key,
        Conditions: uploadPolicyConditions(contentType, maxBytes),
        Fields: { 'Content-Type': contentType },
        Expires: expiresInSeconds,
      });
    },

    async size(key) {
      try {
        const head = await clientOf().send(new HeadObjectCommand({ Bucket: configOf().bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async readStart(key, length) {
      const object = await clientOf().send(
        new GetObjectCommand({ Bucket: configOf().bucket, Key: key, Range: `bytes=0-${length - 1}` }),
      );
      const bytes = object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
      // An emulator that ignores Range sends everything: only the start counts.
      return bytes.subarray(0, length);
    },

    async delete(key) {
      await clientOf().send(new DeleteObjectCommand({ Bucket: configOf().bucket, Key: key }));
    },

    async copy(from, to, contentType) {
      const { bucket } = configOf();
      await clientOf().send(
        new CopyObjectCommand({
          Bucket: bucket,
          Key: to,
          CopySource: `${bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
          MetadataDirective: 'REPLACE',
          ContentType: contentType,
          CacheControl: publicAssetCacheControl,
        }),
      );
    },

    async deletePrefix(prefix) {
      const { bucket } = configOf();
      const client = clientOf();
      let deleted = 0;
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length > 0) {
          const result = await client.send(
            new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }),
          );
          if (result.Errors?.length) {
            throw new Error(
              `Could not delete ${result.Errors.length} objects under ${prefix}: ${result.Errors[0]?.Code}`,
            );
          }
          deleted += keys.length;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return deleted;
    },

    publicUrl(key) {
      return `${configOf().publicBaseUrl}/${key.split('/').map(encodeURIComponent).join('/')}`;
    },
  };
}
