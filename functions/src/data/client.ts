import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LambdaEnv } from '@reviewroute/shared';
import { awsClientConfig } from '../lib/env';
import { createEntities, type Entities } from './entities';

/**
 * A document client for the environment's DynamoDB (the emulator's when it names an endpoint), made once
 * per container (`tableEntities`) and reusing its keep-alive connections.
 *
 * Without the SDK's logger middleware: with no logger configured it still builds a redacted copy of every
 * request's input and every answer's output (walking each item attribute by attribute) to hand to the
 * default no-op logger, a visible share of a submit's CPU. Failures still reach us as thrown errors.
 */
export function createDocumentClient(env: LambdaEnv): DynamoDBDocumentClient {
  const client = new DynamoDBClient(awsClientConfig(env, 'AWS_ENDPOINT_URL_DYNAMODB'));
  client.middlewareStack.remove('loggerMiddleware');
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
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
