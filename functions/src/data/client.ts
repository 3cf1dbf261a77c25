import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LambdaEnv } from '@reviewroute/shared';
import { awsClientConfig } from '../lib/env';
import { createEntities, type Entities } from './entities';

/** A document client for the environment's DynamoDB (the emulator's when it names an endpoint). */
export function createDocumentClient(env: LambdaEnv): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(new DynamoDBClient(awsClientConfig(env, 'AWS_ENDPOINT_URL_DYNAMODB')), {
    marshallOptions: { removeUndefinedValues: true },
  });
}

/**
 * The entities on the environment's table, built on first use and then kept: a handler made for this
 * environment reuses them across invocations, as Lambda reuses its execution environment. The S3
 * client is in asset-store.ts, so Lambdas that never touch S3 do not load its SDK.
 */
export function tableEntities(env: LambdaEnv): () => Entities {
  let entities: Entities | undefined;
  return () => (entities ??= createEntities(createDocumentClient(env), env.TABLE_NAME));
}
