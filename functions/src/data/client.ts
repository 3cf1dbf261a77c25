import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { requireEnv } from '../lib/env';
import { createEntities, type Entities } from './entities';

/**
 * SDK clients built with `{}`: region, credentials and, locally, AWS_ENDPOINT_URL_DYNAMODB come
 * from the environment, so the same code runs in Lambda and against the emulators. One per process,
 * created on first use (Lambda reuses them across invocations). The S3 client is in asset-store.ts, so
 * Lambdas that never touch S3 do not load its SDK.
 */
let documentClient: DynamoDBDocumentClient | undefined;
let entities: { table: string; entities: Entities } | undefined;

export function getDocumentClient(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
}

/** The entities on the table named by TABLE_NAME (rebuilt if it changes, as between test stacks). */
export function getEntities(): Entities {
  const table = requireEnv('TABLE_NAME');
  if (entities?.table !== table) entities = { table, entities: createEntities(getDocumentClient(), table) };
  return entities.entities;
}
