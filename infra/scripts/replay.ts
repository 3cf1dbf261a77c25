import { pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';
import { DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand } from '@aws-sdk/client-dynamodb-streams';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { DeleteMessageCommand, GetQueueUrlCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import {
  matchesFilterPattern,
  streamReaderFilters,
  streamReaderName,
  streamReaders,
  workerName,
  workers,
} from '@reviewroute/shared';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../local/env';
import { localLambdaFile, readLocalFailures, removeLocalFailure, type FailureMessage } from '../local/failures';
import { START_DATA_DIR } from '../local/state-file';
import { failureQueueName } from '../src/stacks/failure-queue';

/** Where a stream reader's on-failure record says its given-up records are. */
export interface StreamBatchInfo {
  shardId: string;
  startSequenceNumber: string;
  endSequenceNumber: string;
  streamArn: string;
}

/** A failure queue: its messages (each with a handle to delete it by) and their deletion. */
export interface ReplaySource {
  receive(): Promise<{ handle: string; message: FailureMessage }[]>;
  remove(handle: string): Promise<void>;
}

/** Where a message goes back in: the Lambda service and the table's stream. */
export interface ReplayTarget {
  /** Runs the function with the payload and waits for its end: whether it succeeded, and why not. */
  invoke(functionName: string, payload: unknown): Promise<{ ok: true } | { ok: false; reason: string }>;
  /** The records of a shard from `startSequenceNumber` to `endSequenceNumber`, as a Lambda stream event holds them. */
  streamRecords(info: StreamBatchInfo): Promise<unknown[]>;
}

/** The function an ARN names (`arn:aws:lambda:…:function:Name[:qualifier]`), or the text itself. */
const functionOf = (arn: string) => /:function:([^:]+)/.exec(arn)?.[1] ?? arn;

interface OnFailureRecord {
  requestContext?: { functionArn?: string };
  DDBStreamBatchInfo?: StreamBatchInfo;
  requestPayload?: unknown;
}

/**
 * What a failure queue's message becomes again: a stream reader's record (its shard and sequence range) the
 * records re-read from the stream as the reader's event, only those its filters let through; an asynchronous
 * invoke's record its original event; anything else (an EventBridge rule's dead letter) the event itself, for
 * the target the message's attributes name (else `fallback`, the trigger's own function).
 */
async function replayOf(
  message: FailureMessage,
  target: ReplayTarget,
  fallback: string,
  filters: readonly Record<string, unknown>[] | undefined,
): Promise<{ functionName: string; payload: unknown } | { gone: string }> {
  const body = message.body as OnFailureRecord;
  const functionArn = body?.requestContext?.functionArn;
  if (body?.DDBStreamBatchInfo && functionArn) {
    const records = (await target.streamRecords(body.DDBStreamBatchInfo)).filter(
      (record) => !filters || filters.some((filter) => matchesFilterPattern(filter, record)),
    );
    if (records.length === 0) return { gone: 'its records are no longer in the stream (it keeps them 24 hours)' };
    return { functionName: functionOf(functionArn), payload: { Records: records } };
  }
  if (functionArn && body && 'requestPayload' in body)
    return { functionName: functionOf(functionArn), payload: body.requestPayload };
  return { functionName: functionOf(message.attributes?.TARGET_ARN ?? fallback), payload: message.body };
}

/**
 * Hands every message of a trigger's failure queue back to its function, one at a time, and deletes each that
 * then succeeds (the workers are idempotent: what was done already is passed over). One that fails again stays
 * in the queue, and so does its alarm. `name`: a stream reader's or worker's id (`owner-jobs`, `exports`, …).
 */
export async function replay(
  name: string,
  source: ReplaySource,
  target: ReplayTarget,
  print: (line: string) => void = console.log,
): Promise<{ replayed: number; failed: number }> {
  const reader = streamReaders.find((r) => r.id === name);
  const queue = reader ? streamReaderName(reader.id) : workerName(name);
  const filters = reader ? streamReaderFilters(reader.id) : undefined;
  let replayed = 0;
  let failed = 0;
  // Until the queue has nothing more to give: SQS hides what it handed out (for its visibility timeout), so a
  // message that failed again is not read twice in one run.
  for (;;) {
    const batch = await source.receive();
    if (batch.length === 0) break;
    for (const { handle, message } of batch) {
      const again = await replayOf(message, target, queue, filters);
      const outcome =
        'gone' in again
          ? ({ ok: false, reason: again.gone } as const)
          : await target.invoke(again.functionName, again.payload);
      if (outcome.ok) {
        await source.remove(handle);
        replayed += 1;
        print(`replayed ${handle}`);
      } else {
        failed += 1;
        print(`still failing, kept: ${handle}: ${outcome.reason}`);
      }
    }
  }
  print(`${queue}: ${replayed} replayed, ${failed} still failing`);
  return { replayed, failed };
}

/** The Lambda service and stream of an account (or, with endpoints, of the local stack). */
export function awsTarget(config: {
  region?: string;
  lambdaEndpoint?: string;
  streamsEndpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}): ReplayTarget {
  const common = {
    ...(config.region ? { region: config.region } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  };
  const lambda = new LambdaClient({ ...common, ...(config.lambdaEndpoint ? { endpoint: config.lambdaEndpoint } : {}) });
  const streams = new DynamoDBStreamsClient({
    ...common,
    ...(config.streamsEndpoint ? { endpoint: config.streamsEndpoint } : {}),
  });
  return {
    async invoke(functionName, payload) {
      const result = await lambda.send(
        new InvokeCommand({ FunctionName: functionName, Payload: new TextEncoder().encode(JSON.stringify(payload)) }),
      );
      const text = result.Payload ? new TextDecoder().decode(result.Payload) : '';
      if (result.FunctionError) return { ok: false, reason: `${result.FunctionError}: ${text}` };
      // A reader reports the records its workers failed (partial batch failures): those failed again.
      const failures = (text ? (JSON.parse(text) as { batchItemFailures?: unknown[] } | null) : null)
        ?.batchItemFailures;
      if (failures && failures.length > 0) return { ok: false, reason: `failed records: ${JSON.stringify(failures)}` };
      return { ok: true };
    },
    async streamRecords(info) {
      const { ShardIterator } = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: info.streamArn,
          ShardId: info.shardId,
          ShardIteratorType: 'AT_SEQUENCE_NUMBER',
          SequenceNumber: info.startSequenceNumber,
        }),
      );
      const records: unknown[] = [];
      const end = BigInt(info.endSequenceNumber);
      let iterator = ShardIterator;
      // A shard's records come in order: read until the range's end (or the shard's, or an empty read).
      while (iterator) {
        const { Records = [], NextShardIterator } = await streams.send(
          new GetRecordsCommand({ ShardIterator: iterator, Limit: 100 }),
        );
        for (const record of Records) {
          if (BigInt(record.dynamodb?.SequenceNumber ?? '0') > end) return records;
          const created = record.dynamodb?.ApproximateCreationDateTime;
          records.push({
            ...record,
            // As Lambda's event carries them: the creation time in epoch seconds, and the stream it came from.
            dynamodb: {
              ...record.dynamodb,
              ...(created ? { ApproximateCreationDateTime: created.getTime() / 1000 } : {}),
            },
            eventSourceARN: info.streamArn,
          });
        }
        if (Records.length === 0) break;
        iterator = NextShardIterator;
      }
      return records;
    },
  };
}

/** A trigger's SQS failure queue in AWS (`failureQueueName` of the stage's Api stack). */
export function sqsSource(
  queueName: string,
  region?: string,
  sqs: Pick<SQSClient, 'send'> = new SQSClient(region ? { region } : {}),
): ReplaySource {
  let url: string | undefined;
  return {
    async receive() {
      url ??= (await sqs.send(new GetQueueUrlCommand({ QueueName: queueName }))).QueueUrl!;
      const { Messages = [] } = await sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: url,
          MaxNumberOfMessages: 10,
          WaitTimeSeconds: 1,
          // Hidden from this run's next reads (and from others) while it is replayed; one that fails again shows
          // up once this is over.
          VisibilityTimeout: 15 * 60,
          MessageAttributeNames: ['All'],
        }),
      );
      return Messages.map((m) => ({
        handle: m.ReceiptHandle!,
        message: {
          body: JSON.parse(m.Body ?? 'null') as unknown,
          attributes: Object.fromEntries(
            Object.entries(m.MessageAttributes ?? {}).map(([key, value]) => [key, value.StringValue ?? '']),
          ),
        },
      }));
    },
    async remove(handle) {
      await sqs.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: handle }));
    },
  };
}

/** A trigger's local failure queue (infra/local/failures.ts): read whole once, each message a file. */
export function localSource(dataDir: string, queueName: string): ReplaySource {
  let read = false;
  return {
    async receive() {
      if (read) return [];
      read = true;
      return readLocalFailures(dataDir, queueName).map(({ file, message }) => ({ handle: file, message }));
    },
    async remove(handle) {
      removeLocalFailure(handle);
    },
  };
}

/** What has a failure queue: each stream reader, and each worker with a trigger of its own. */
const replayable = [
  ...streamReaders.map((reader) => reader.id as string),
  ...workers.filter((worker) => worker.trigger.kind !== 'stream').map((worker) => worker.id as string),
];

const usage = `Usage: npm run replay -- <reader or worker> [--local [dataDir]] [--stage <stage>] [--region <region>]
  <reader or worker>: ${replayable.join(', ')}
  --local [dataDir]: the local stack's failure queues (default: npm start's .data)
  --stage <stage>:   in AWS, the queue ReviewRoute-<stage>-Api-<Name>-failures (default dev; credentials and region
                     as the AWS SDK finds them)`;

/** `npm run replay -- owner-jobs [--local [dir] | --stage prod]`. */
export async function main(args: string[]): Promise<number> {
  const [name, ...rest] = args;
  if (!name || !replayable.includes(name)) {
    console.error(usage);
    return 1;
  }
  const option = (flag: string) => {
    const at = rest.indexOf(flag);
    if (at < 0) return undefined;
    const value = rest[at + 1];
    return value && !value.startsWith('--') ? value : '';
  };
  const reader = streamReaders.find((r) => r.id === name);
  const queue = reader ? streamReaderName(reader.id) : workerName(name);
  const local = option('--local');
  if (local !== undefined) {
    const dataDir = local || START_DATA_DIR;
    try {
      const endpoints = JSON.parse(readFileSync(localLambdaFile(dataDir), 'utf8')) as {
        lambda: string;
        dynamodb: string;
      };
      const target = awsTarget({
        region: LOCAL_REGION,
        credentials: LOCAL_CREDENTIALS,
        lambdaEndpoint: endpoints.lambda,
        streamsEndpoint: endpoints.dynamodb,
      });
      const { failed } = await replay(name, localSource(dataDir, queue), target);
      return failed > 0 ? 1 : 0;
    } catch (error) {
      // The messages stay where they are: nothing is deleted before its run succeeded.
      console.error(`Replay stopped (is the local stack of ${dataDir} running?): ${String(error)}`);
      return 1;
    }
  }
  const stage = option('--stage') || 'dev';
  const region = option('--region') || undefined;
  const queueName = failureQueueName(`ReviewRoute-${stage}-Api`, queue);
  const { failed } = await replay(name, sqsSource(queueName, region), awsTarget(region ? { region } : {}));
  return failed > 0 ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(await main(process.argv.slice(2)));
