import { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { lambdaEnvOf } from '../lib/env';
import { assetStoreConfigFromEnv, createS3AssetStore } from './asset-store';

const client = new S3Client({
  region: 'eu-west-1',
  endpoint: 'http://localhost:4568',
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});
const store = createS3AssetStore(
  () => ({ bucket: 'survey-assets', publicBaseUrl: 'https://assets.example.com' }),
  () => client,
);

/** The policy S3 enforces (s3rver does not), decoded from the form field the browser posts. */
async function signedPolicy(contentType: string) {
  const post = await store.presignUpload({
    key: 'u1/s1/logo/1795248000000.png',
    contentType,
    maxBytes: 2 * 1024 * 1024,
    expiresInSeconds: 300,
  });
  const policy = JSON.parse(Buffer.from(post.fields.Policy!, 'base64').toString('utf8')) as {
    expiration: string;
    conditions: unknown[];
  };
  return { post, policy };
}

describe('presigned upload policy', () => {
  it('pins bucket, key, exact content type and 1 byte .. 2 MB', async () => {
    const before = Date.now();
    const { post, policy } = await signedPolicy('image/png');
    expect(post.url).toBe('http://localhost:4568/survey-assets');
    expect(post.fields).toMatchObject({ key: 'u1/s1/logo/1795248000000.png', 'Content-Type': 'image/png' });
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 2097152],
        { 'Content-Type': 'image/png' },
        { bucket: 'survey-assets' },
        { key: 'u1/s1/logo/1795248000000.png' },
        { 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' },
      ]),
    );
    // No starts-with or other loosening condition slipped in.
    expect(policy.conditions.filter((c) => Array.isArray(c) && c[0] !== 'content-length-range')).toEqual([]);
    const expires = Date.parse(policy.expiration);
    expect(expires - before).toBeGreaterThan(290_000);
    expect(expires - before).toBeLessThan(310_000);
  });

  it('signs the declared type only', async () => {
    const { policy } = await signedPolicy('image/webp');
    expect(policy.conditions).toContainEqual({ 'Content-Type': 'image/webp' });
    expect(policy.conditions).not.toContainEqual({ 'Content-Type': 'image/png' });
  });

  it('builds public URLs on the configured base', () => {
    expect(store.publicUrl('u1/s1/logo/1.png')).toBe('https://assets.example.com/u1/s1/logo/1.png');
  });
});

describe('asset store configuration', () => {
  it('uses ASSETS_PUBLIC_BASE_URL when set', () => {
    const env = lambdaEnvOf({ ASSETS_BUCKET: 'bucket-1', ASSETS_PUBLIC_BASE_URL: 'https://d123.cloudfront.net/' });
    expect(assetStoreConfigFromEnv(env)).toEqual({ bucket: 'bucket-1', publicBaseUrl: 'https://d123.cloudfront.net' });
  });

  it('falls back to the path-style local endpoint, then to the regional bucket URL', () => {
    const local = {
      ASSETS_BUCKET: 'survey-assets',
      ASSETS_PUBLIC_BASE_URL: '',
      AWS_ENDPOINT_URL_S3: 'http://localhost:4568/',
    };
    expect(assetStoreConfigFromEnv(lambdaEnvOf(local)).publicBaseUrl).toBe('http://localhost:4568/survey-assets');
    const aws = { ...local, AWS_ENDPOINT_URL_S3: '', AWS_REGION: 'eu-west-1' };
    expect(assetStoreConfigFromEnv(lambdaEnvOf(aws)).publicBaseUrl).toBe(
      'https://survey-assets.s3.eu-west-1.amazonaws.com',
    );
  });

  it('insists on ASSETS_BUCKET', () => {
    expect(() => assetStoreConfigFromEnv(lambdaEnvOf({ ASSETS_BUCKET: '' }))).toThrow('ASSETS_BUCKET');
  });
});
