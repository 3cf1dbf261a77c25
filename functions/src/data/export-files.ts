import { createHash, createHmac } from 'node:crypto';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { assetsBucketDefinition } from '@reviewroute/shared';

/** Where a survey's export files live: one prefix, so the survey's delete and the erasure remove them at once. */
export const exportFilePrefix = (surveyId: string) => `${assetsBucketDefinition.exportsPrefix}${surveyId}/`;
export const exportFileKey = (surveyId: string, exportId: string) => `${exportFilePrefix(surveyId)}${exportId}.csv`;

/** A file being written: appended to in order, then completed (or aborted, leaving nothing). */
export interface ExportUpload {
  write(chunk: string): Promise<void>;
  complete(): Promise<void>;
  abort(): Promise<void>;
}

/** The export files in the assets bucket (their deletion goes through the asset store's `deletePrefix`). */
export interface ExportFiles {
  /** Starts a file; `downloadName` is what the browser saves it as. */
  open(key: string, downloadName: string): Promise<ExportUpload>;
  /** A GET of the file, signed for `expiresInSeconds`. */
  downloadUrl(key: string, expiresInSeconds: number): Promise<string>;
}

/**
 * S3's smallest part but the last (5 MiB): the most of the file ever held in memory is one part, whatever
 * the number of responses.
 */
export const minPartBytes = 5 * 1024 * 1024;

export interface S3ExportFilesConfig {
  bucket: string;
  /** The emulator's endpoint (path-style URLs), else the regional S3 host. */
  endpoint?: string;
  region: string;
  /** Bytes buffered before a part is sent (at least `minPartBytes` in AWS). */
  partBytes?: number;
}

const encodeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const encodePath = (path: string) => path.split('/').map(encodeSegment).join('/');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/**
 * A presigned GET (Signature Version 4, query parameters), as @aws-sdk/s3-request-presigner makes it; written
 * here because that package is not a dependency. Path style on the emulator's endpoint, virtual-hosted on AWS.
 */
export function presignGet(input: {
  bucket: string;
  key: string;
  endpoint?: string;
  /** The virtual-hosted host (default: the bucket's regional host). */
  host?: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  expiresInSeconds: number;
  now: Date;
}): string {
  const base = input.endpoint
    ? new URL(`${input.endpoint.replace(/\/+$/, '')}/${encodeSegment(input.bucket)}/${encodePath(input.key)}`)
    : new URL(`https://${input.host ?? `${input.bucket}.s3.${input.region}.amazonaws.com`}/${encodePath(input.key)}`);
  const amzDate = input.now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const query: [string, string][] = [
    ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
    ['X-Amz-Credential', `${input.credentials.accessKeyId}/${scope}`],
    ['X-Amz-Date', amzDate],
    ['X-Amz-Expires', String(input.expiresInSeconds)],
    ...(input.credentials.sessionToken
      ? [['X-Amz-Security-Token', input.credentials.sessionToken] as [string, string]]
      : []),
    ['X-Amz-SignedHeaders', 'host'],
  ];
  const canonicalQuery = query
    .map(([k, v]) => [encodeSegment(k), encodeSegment(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [
    'GET',
    base.pathname,
    canonicalQuery,
    `host:${base.host}`,
    '',
    'host',
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    scope,
    createHash('sha256').update(canonicalRequest, 'utf8').digest('hex'),
  ].join('\n');
  const key = ['s3', 'aws4_request'].reduce(
    (k, part) => hmac(k, part),
    hmac(hmac(`AWS4${input.credentials.secretAccessKey}`, day), input.region),
  );
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  return `${base.origin}${base.pathname}?${canonicalQuery}&X-Amz-Signature=${signature}`;
}

/** Export files on S3: a multipart upload (parts of `partBytes`), a presigned GET to download. */
export function createS3ExportFiles(configOf: () => S3ExportFilesConfig, clientOf: () => S3Client): ExportFiles {
  return {
    async open(key, downloadName) {
      const { bucket, partBytes = minPartBytes } = configOf();
      const client = clientOf();
      const { UploadId } = await client.send(
        new CreateMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          ContentType: 'text/csv; charset=utf-8',
          ContentDisposition: `attachment; filename="${downloadName.replace(/["\\\r\n]/g, '_')}"`,
          CacheControl: 'private, no-store',
        }),
      );
      if (!UploadId) throw new Error('S3 gave no upload id');
      const parts: { PartNumber: number; ETag: string }[] = [];
      let pending: Buffer[] = [];
      let pendingBytes = 0;

      async function flush() {
        const PartNumber = parts.length + 1;
        const body = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        const { ETag } = await client.send(
          new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber, Body: body }),
        );
        if (!ETag) throw new Error(`S3 gave no ETag for part ${PartNumber}`);
        parts.push({ PartNumber, ETag });
      }

      return {
        async write(chunk) {
          const bytes = Buffer.from(chunk, 'utf8');
          pending.push(bytes);
          pendingBytes += bytes.length;
          if (pendingBytes >= partBytes) await flush();
        },
        async complete() {
          // A multipart upload needs a part; the last (or only) one may be smaller than the minimum.
          if (pendingBytes > 0 || parts.length === 0) await flush();
          await client.send(
            new CompleteMultipartUploadCommand({
              Bucket: bucket,
              Key: key,
              UploadId,
              MultipartUpload: { Parts: parts },
            }),
          );
        },
        async abort() {
          pending = [];
          // The bucket's lifecycle rule removes what an abort could not (abortIncompleteMultipartUpload).
          await client
            .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId }))
            .catch(() => undefined);
        },
      };
    },

    async downloadUrl(key, expiresInSeconds) {
      const { bucket, endpoint, region } = configOf();
      const credentials = await clientOf().config.credentials();
      return presignGet({ bucket, key, endpoint, region, credentials, expiresInSeconds, now: new Date() });
    },
  };
}
