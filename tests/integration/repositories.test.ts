import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, inject, it } from 'vitest';
import { assetStoreConfigFromEnv, createS3AssetStore, s3ClientOf } from '@reviewroute/functions/data/asset-store';
import { createDynamoBillingRepository } from '@reviewroute/functions/data/billing-repository';
import { tableEntities } from '@reviewroute/functions/data/client';
import { createDynamoClientKeySalts } from '@reviewroute/functions/data/client-key-salts';
import { createDynamoErasureRepository } from '@reviewroute/functions/data/erasure-repository';
import { createDynamoExportJobStore } from '@reviewroute/functions/data/export-jobs';
import { createDynamoProfileRepository } from '@reviewroute/functions/data/profile-repository';
import { createDynamoRateLimiter } from '@reviewroute/functions/data/rate-window';
import { createDynamoRecoveryCodeStore } from '@reviewroute/functions/data/recovery-codes';
import { describeRepositoryContracts } from '@reviewroute/functions/testing/data/repository-contract';
import { createDynamoResponseStore } from '@reviewroute/functions/data/response-store';
import { createDynamoSurveyRepository } from '@reviewroute/functions/data/survey-repository';
import { createDynamoSurveyStats } from '@reviewroute/functions/data/survey-stats';
import { createDynamoWebsiteReviews } from '@reviewroute/functions/data/website-reviews';

const stack = inject('localStack');

/** The electrodb repositories on DynamoDB Local, held to the same contracts as the in-memory fakes. */
const entities = tableEntities(stack.env);
describeRepositoryContracts('DynamoDB Local', () => ({
  surveys: createDynamoSurveyRepository(entities),
  responses: createDynamoResponseStore(entities),
  stats: createDynamoSurveyStats(entities),
  salts: createDynamoClientKeySalts(entities),
  rateLimiter: createDynamoRateLimiter(entities),
  profiles: createDynamoProfileRepository(entities),
  billing: createDynamoBillingRepository(entities),
  erasures: createDynamoErasureRepository(entities),
  exportJobs: createDynamoExportJobStore(entities),
  recoveryCodes: createDynamoRecoveryCodeStore(entities),
  websiteReviews: createDynamoWebsiteReviews(entities),
}));

describe('survey assets on s3rver', () => {
  it('reads sizes and first bytes, and deletes exactly one survey’s prefix', async () => {
    const s3 = s3ClientOf(stack.env);
    const store = createS3AssetStore(() => assetStoreConfigFromEnv(stack.env), s3);
    const bucket = stack.resources.bucketName;
    const owner = randomUUID();
    const put = (key: string, body: Uint8Array) =>
      s3().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
    const bytes = new Uint8Array(3000).map((_, i) => i % 256);
    await put(`${owner}/s1/logo/1.png`, bytes);
    await put(`${owner}/s1/team-photo/2.png`, bytes);
    await put(`${owner}/s10/logo/3.png`, bytes);

    expect(await store.size(`${owner}/s1/logo/1.png`)).toBe(3000);
    expect(await store.size(`${owner}/s1/logo/nope.png`)).toBeUndefined();
    expect([...(await store.readStart(`${owner}/s1/logo/1.png`, 12))]).toEqual([...bytes.slice(0, 12)]);

    expect(await store.deletePrefix(`${owner}/s1/`)).toBe(2);
    expect(await store.size(`${owner}/s1/team-photo/2.png`)).toBeUndefined();
    expect(await store.size(`${owner}/s10/logo/3.png`)).toBe(3000);
    expect(await store.deletePrefix(`${owner}/s1/`)).toBe(0);
    await store.delete(`${owner}/s10/logo/3.png`);
    expect(await store.size(`${owner}/s10/logo/3.png`)).toBeUndefined();
    // Public files are served by the site (CloudFront in AWS, the local gateway here) at their key's path.
    expect(store.publicUrl('files/b.png')).toBe(`${stack.env.SITE_ORIGIN}/files/b.png`);
  });
});
