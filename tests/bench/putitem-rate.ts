import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { LocalStack } from '../../infra/local/stack';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../infra/local/env';

/**
 * Raw PutItem on the stack's DynamoDB Local: `connections` callers putting small items one after another for
 * `seconds`, in puts per second. What the emulator does at all on this machine in this run, beside which a bench's
 * own figures are read (the submit's ratio, the widget read's absolute times).
 */
export async function putItemThroughput(
  stack: Pick<LocalStack, 'urls' | 'resources'>,
  seconds: number,
  connections: number,
): Promise<number> {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: stack.urls.dynamodb, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS }),
  );
  try {
    let puts = 0;
    const started = Date.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async (_, worker) => {
        while (Date.now() < deadline) {
          await client.send(
            new PutCommand({
              TableName: stack.resources.tableName,
              Item: { pk: `BENCH#${worker}`, sk: `PUT#${puts}`, rating: 5, comment: 'bench' },
            }),
          );
          puts++;
        }
      }),
    );
    return puts / ((Date.now() - started) / 1000);
  } finally {
    client.destroy();
  }
}
