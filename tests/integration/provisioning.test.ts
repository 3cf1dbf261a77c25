import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
} from '@aws-sdk/client-dynamodb';
import { GetBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { tableDefinition } from '@reviewroute/shared';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { cognitoClient, createConfirmedUser, signIn } from '../support/cognito';

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Two starts on one data directory, as `npm start` twice: provisioning must keep what is there. */
describe('provisioning on a persisted data directory', () => {
  let dataDir: string | undefined;
  let running: LocalStack | undefined;
  afterAll(async () => {
    await running?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps the table, its items, the pool, the client and the accounts across a restart', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'reviewroute-persist-'));

    running = await startLocalStack({ dataDir, persist: true });
    const first = running;
    const user = await createConfirmedUser(first);
    const dynamo = new DynamoDBClient({ endpoint: first.urls.dynamodb, region: 'eu-west-1', credentials });
    await dynamo.send(
      new PutItemCommand({
        TableName: first.resources.tableName,
        Item: { pk: { S: 'PROBE' }, sk: { S: 'PROBE' }, v: { S: 'kept' } },
      }),
    );
    dynamo.destroy();
    const firstPid = first.dynamodbPid;
    await first.stop();
    running = undefined;
    // No orphan: the JVM is gone once stop() resolves.
    expect(isRunning(firstPid)).toBe(false);

    running = await startLocalStack({ dataDir, persist: true });
    const second = running;
    // The origin secret is drawn anew at each start, as a rotation would (only the gateway and the Lambdas
    // of one run share it); everything provisioned is the same.
    const provisioned = ({ originVerifySecret: _secret, ...rest }: typeof first.resources) => rest;
    expect(provisioned(second.resources)).toEqual(provisioned(first.resources));

    const dynamo2 = new DynamoDBClient({ endpoint: second.urls.dynamodb, region: 'eu-west-1', credentials });
    try {
      const item = await dynamo2.send(
        new GetItemCommand({ TableName: second.resources.tableName, Key: { pk: { S: 'PROBE' }, sk: { S: 'PROBE' } } }),
      );
      expect(item.Item?.v?.S).toBe('kept');
      const table = await dynamo2.send(new DescribeTableCommand({ TableName: tableDefinition.localTableName }));
      expect(table.Table?.KeySchema).toEqual([
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ]);
      expect(table.Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName).sort()).toEqual(
        tableDefinition.globalSecondaryIndexes.map((i) => i.indexName).sort(),
      );
      const ttl = await dynamo2.send(new DescribeTimeToLiveCommand({ TableName: tableDefinition.localTableName }));
      expect(ttl.TimeToLiveDescription).toMatchObject({
        TimeToLiveStatus: 'ENABLED',
        AttributeName: tableDefinition.timeToLiveAttribute,
      });
    } finally {
      dynamo2.destroy();
    }

    const cognito = cognitoClient(second);
    try {
      const stored = await cognito.send(
        new AdminGetUserCommand({ UserPoolId: second.resources.userPoolId, Username: user.email }),
      );
      expect(stored.UserStatus).toBe('CONFIRMED');
    } finally {
      cognito.destroy();
    }
    await expect(signIn(second, user.email, user.password)).resolves.toMatchObject({ idToken: expect.any(String) });

    const s3 = new S3Client({ endpoint: second.urls.s3, region: 'eu-west-1', credentials, forcePathStyle: true });
    try {
      const cors = await s3.send(new GetBucketCorsCommand({ Bucket: second.resources.bucketName }));
      expect(cors.CORSRules?.[0]?.AllowedMethods?.sort()).toEqual(['GET', 'HEAD', 'POST']);
      expect(cors.CORSRules?.[0]?.AllowedOrigins).toContain(second.urls.api);
    } finally {
      s3.destroy();
    }
  });
});
