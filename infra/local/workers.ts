import { randomUUID } from 'node:crypto';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  matchesFilterPattern,
  streamReaderFilters,
  streamReaderName,
  streamReaders,
  streamReaderTimeoutSeconds,
  workerName,
  workers,
  type LambdaEnv,
  type StreamReaderDefinition,
  type WorkerDefinition,
  type WorkerTrigger,
} from '@reviewroute/shared';
import { streamReaderEntry, workerEntry, type WorkerRun } from '@reviewroute/functions/worker-entries';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './env';
import type { LocalFailureQueues } from './failures';
import { localFunctionArn, type LambdaTwin } from './lambda-twin';
import { createSandbox, type Sandbox } from './sandbox';
import type { SesEventsTwin } from './ses-events';
import type { LocalSms } from './sms';

/** The time a local run may take, as Lambda's remaining time would say. */
const localRunBudgetMs = 30_000;

/**
 * The local twin of one worker's trigger: a schedule becomes an interval of `localEveryMs`, one run at a time
 * (a tick while a run is going is skipped, so a slow run builds no backlog; a run that fails is logged, and the
 * next tick tries again). Returns its stop, which waits for the run in progress.
 */
export function startWorker(
  worker: { id: string; trigger: Extract<WorkerTrigger, { kind: 'schedule' }> },
  run: Promise<WorkerRun>,
  log?: (line: string) => void,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped || running) return;
    running = run
      .then((once) => once(undefined, { getRemainingTimeInMillis: () => localRunBudgetMs }))
      .then(
        () => undefined,
        (error: unknown) => log?.(`[${worker.id}] run failed: ${String(error)}`),
      )
      .finally(() => {
        running = undefined;
      });
  }, worker.trigger.localEveryMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

/** A stream record as GetRecords returns it and a Lambda stream event carries it. */
interface StreamRecord {
  eventID?: string;
  eventName?: string;
  /** ApproximateCreationDateTime: epoch seconds. */
  dynamodb?: { SequenceNumber?: string; ApproximateCreationDateTime?: number };
}

/** Where a local trigger gives up what keeps failing: its queue's name (CDK's) and what to say in the alarm. */
export interface GiveUp {
  queue: string;
  description: string;
  failures: Pick<LocalFailureQueues, 'put'>;
}

/** One call of the DynamoDB Streams API (DynamoDB Local serves it on the table's endpoint; any signature). */
export function streamsApi(endpoint: string) {
  return async <T>(operation: string, body: Record<string, unknown>): Promise<T> => {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': `DynamoDBStreams_20120810.${operation}`,
        authorization: `AWS4-HMAC-SHA256 Credential=${LOCAL_CREDENTIALS.accessKeyId}/20260101/${LOCAL_REGION}/dynamodb/aws4_request, SignedHeaders=host, Signature=0`,
      },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as T & { __type?: string; message?: string };
    if (!res.ok) throw new Error(`${operation}: ${res.status} ${json.__type ?? ''} ${json.message ?? ''}`);
    return json;
  };
}

/** Where a shard is read next: its iterator, or the record to fetch one at (or just past, once given up). */
interface ShardPosition {
  iterator?: string;
  after?: string;
  /** `after` was given up: read from the record past it. */
  pastAfter?: boolean;
  /** The record that keeps failing, and how often it has so far. */
  failing?: { sequence: string; attempts: number };
  /** Epoch ms before which a failing shard is not read again (the retries back off). */
  notBefore?: number;
}

/** The longest pause between two tries of a failing record. */
const maxRetryPauseMs = 4000;

/**
 * The local twin of a stream reader's event source: polls the table's stream on DynamoDB Local (DescribeStream,
 * GetShardIterator, GetRecords) and hands each batch to the reader in the event shape Lambda's event source
 * uses (`{ Records }`), only the records one of its filters lets through (none: no run). As in AWS, a batch the
 * reader fails (it throws, or reports partial batch failures) is delivered again from its first failed
 * record, up to `retryAttempts` times (or until the record is `maxRecordAgeSeconds` old); then that record is
 * given up to the reader's local failure queue with the on-failure record Lambda sends to SQS (its shard and
 * sequence number, `giveUp`), its alarm goes off, and the shard is read on past it, as AWS does once the
 * failing batch is split down to that record. A shard is read in order, one batch at a time; new shards are
 * picked up as DynamoDB rolls them. An idle shard is polled every `localPollMs`, a busy one at once again.
 */
export function startStreamReader(
  reader: Pick<StreamReaderDefinition, 'id' | 'batchSize' | 'localPollMs' | 'retryAttempts' | 'maxRecordAgeSeconds'> & {
    /** Its event source's filters: a record is handed on when one of them matches it. */
    filters: readonly Record<string, unknown>[];
  },
  run: Promise<WorkerRun>,
  source: { endpoint: string; tableName: string },
  log?: (line: string) => void,
  giveUp?: GiveUp,
): () => Promise<void> {
  const { batchSize, localPollMs, filters } = reader;
  const call = streamsApi(source.endpoint);
  let stopped = false;
  let streamArn: string | undefined;
  /** Open shards -> where to read next. */
  const shards = new Map<string, ShardPosition>();
  const done = new Set<string>();
  let lastDescribe = 0;

  async function describe() {
    if (!streamArn) {
      const ddb = new DynamoDBClient({
        endpoint: source.endpoint,
        region: LOCAL_REGION,
        credentials: LOCAL_CREDENTIALS,
      });
      try {
        const { Table } = await ddb.send(new DescribeTableCommand({ TableName: source.tableName }));
        streamArn = Table?.LatestStreamArn;
      } finally {
        ddb.destroy();
      }
      if (!streamArn) throw new Error(`Table ${source.tableName} has no stream`);
    }
    const { StreamDescription } = await call<{ StreamDescription: { Shards?: { ShardId: string }[] } }>(
      'DescribeStream',
      { StreamArn: streamArn },
    );
    for (const { ShardId } of StreamDescription.Shards ?? [])
      if (!shards.has(ShardId) && !done.has(ShardId)) shards.set(ShardId, {});
    lastDescribe = Date.now();
  }

  /**
   * After a failed run: the failing record is tried again from, or, once its tries are spent or it is too old,
   * given up to the failure queue and read past.
   */
  function retryOrGiveUp(
    shardId: string,
    position: ShardPosition,
    record: StreamRecord | undefined,
    firstFailed: string,
  ) {
    const attempts = position.failing?.sequence === firstFailed ? position.failing.attempts + 1 : 1;
    const created = record?.dynamodb?.ApproximateCreationDateTime;
    const tooOld = created !== undefined && Date.now() / 1000 - created > reader.maxRecordAgeSeconds;
    if (!giveUp || (attempts <= reader.retryAttempts && !tooOld)) {
      // Again from the first failed record, as Lambda's event source does, after a pause that doubles with each
      // try (a busy table gets time; a record given up locally after seconds would be lost to a passing hiccup).
      const pause = Math.min(maxRetryPauseMs, reader.localPollMs * 2 ** (attempts - 1));
      shards.set(shardId, {
        after: firstFailed,
        failing: { sequence: firstFailed, attempts },
        notBefore: Date.now() + pause,
      });
      return;
    }
    const arrived = created !== undefined ? new Date(created * 1000).toISOString() : new Date().toISOString();
    giveUp.failures.put(giveUp.queue, giveUp.description, {
      body: {
        requestContext: {
          requestId: randomUUID(),
          functionArn: localFunctionArn(giveUp.queue),
          condition: tooOld ? 'RecordAgeExceeded' : 'RetryAttemptsExhausted',
          approximateInvokeCount: attempts,
        },
        responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
        version: '1.0',
        timestamp: new Date().toISOString(),
        DDBStreamBatchInfo: {
          shardId,
          startSequenceNumber: firstFailed,
          endSequenceNumber: firstFailed,
          approximateArrivalOfFirstRecord: arrived,
          approximateArrivalOfLastRecord: arrived,
          batchSize: 1,
          streamArn,
        },
      },
    });
    shards.set(shardId, { after: firstFailed, pastAfter: true });
  }

  /** Reads and hands on one batch of a shard; true when the shard had a full batch (read again at once). */
  async function pollShard(shardId: string, position: ShardPosition): Promise<boolean> {
    if (!position.iterator) {
      const { ShardIterator } = await call<{ ShardIterator: string }>('GetShardIterator', {
        StreamArn: streamArn,
        ShardId: shardId,
        ...(position.after
          ? {
              ShardIteratorType: position.pastAfter ? 'AFTER_SEQUENCE_NUMBER' : 'AT_SEQUENCE_NUMBER',
              SequenceNumber: position.after,
            }
          : { ShardIteratorType: 'TRIM_HORIZON' }),
      });
      position.iterator = ShardIterator;
    }
    const { Records = [], NextShardIterator } = await call<{ Records?: StreamRecord[]; NextShardIterator?: string }>(
      'GetRecords',
      { ShardIterator: position.iterator, Limit: batchSize },
    );
    const delivered = Records.filter((record) => filters.some((filter) => matchesFilterPattern(filter, record)));
    if (delivered.length > 0) {
      let firstFailed: string | undefined;
      try {
        const once = await run;
        const result = (await once(
          { Records: delivered.map((r) => ({ ...r, eventSource: 'aws:dynamodb', eventSourceARN: streamArn })) },
          { getRemainingTimeInMillis: () => localRunBudgetMs },
        )) as { batchItemFailures?: { itemIdentifier: string }[] } | undefined;
        firstFailed = result?.batchItemFailures?.map((f) => f.itemIdentifier).sort()[0];
      } catch (error) {
        log?.(`[${reader.id}] run failed: ${String(error)}`);
        firstFailed = delivered[0]?.dynamodb?.SequenceNumber;
      }
      if (firstFailed) {
        const record = delivered.find((r) => r.dynamodb?.SequenceNumber === firstFailed);
        retryOrGiveUp(shardId, position, record, firstFailed);
        return false;
      }
    }
    if (!NextShardIterator) {
      // A closed shard: its successor is looked for at once.
      shards.delete(shardId);
      done.add(shardId);
      lastDescribe = 0;
      return false;
    }
    shards.set(shardId, { iterator: NextShardIterator });
    return Records.length >= batchSize;
  }

  const loop = (async () => {
    while (!stopped) {
      let busy = false;
      try {
        // New shards appear when DynamoDB rolls the stream (hours apart) or closes one: looked for every second
        // only while no shard is open, else every 10 s. Readers each asking every second cost DynamoDB Local, on
        // the cores the API shares, a noticeable part of its CPU in a crowd's burst.
        const describeEveryMs = shards.size === 0 ? 1000 : 10_000;
        if (!streamArn || Date.now() - lastDescribe > describeEveryMs) await describe();
        for (const [shardId, position] of [...shards]) {
          if (position.notBefore !== undefined && Date.now() < position.notBefore) continue;
          if (await pollShard(shardId, position)) busy = true;
        }
      } catch (error) {
        log?.(`[${reader.id}] stream poll failed: ${String(error)}`);
        // An expired iterator (or a restarted emulator) is fetched again from where the shard was, and the
        // stream described again at once (a restarted emulator may have new shards).
        for (const [shardId, { after, pastAfter, failing, notBefore }] of shards)
          shards.set(shardId, { after, pastAfter, failing, notBefore });
        lastDescribe = 0;
      }
      if (!busy && !stopped) await new Promise((resolve) => setTimeout(resolve, localPollMs));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
  };
}

/** The attributes EventBridge puts on a dead letter (the target is the worker's Lambda; locally its twin's name). */
const deadLetterOf = (error: unknown): Record<string, string> => ({
  ERROR_CODE: 'Lambda.FunctionError',
  ERROR_MESSAGE: String(error),
});

/** Tries of one event before it is given up (EventBridge, and Lambda's asynchronous invoke from SNS, retry too). */
const eventTries = 3;

/**
 * The local twin of an event trigger: each event its source publishes is handed to the worker, one at a time in
 * arrival order, tried again (after a pause) when the run fails, then given up to the worker's failure queue.
 */
function startEventWorker(
  id: string,
  run: Promise<WorkerRun>,
  subscribe: (listener: (event: unknown) => void) => () => void,
  log?: (line: string) => void,
  giveUp?: GiveUp,
): () => Promise<void> {
  let queue: Promise<void> = Promise.resolve();
  const unsubscribe = subscribe((event) => {
    queue = queue.then(async () => {
      for (let attempt = 1; attempt <= eventTries; attempt += 1) {
        try {
          await (
            await run
          )(event, { getRemainingTimeInMillis: () => localRunBudgetMs });
          return;
        } catch (error) {
          log?.(`[${id}] run failed (try ${attempt}): ${String(error)}`);
          if (attempt < eventTries) await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
          // As EventBridge's dead letter: the event itself, the error in the message's attributes.
          else giveUp?.failures.put(giveUp.queue, giveUp.description, { body: event, attributes: deadLetterOf(error) });
        }
      }
    });
  });
  return async () => {
    unsubscribe();
    await queue;
  };
}

/** The local twin of a mail-events trigger: each event of its kinds from the local SES twin. */
export const startMailEventWorker = (
  worker: { id: string; trigger: Extract<WorkerTrigger, { kind: 'mail-events' }> },
  run: Promise<WorkerRun>,
  source: Pick<SesEventsTwin, 'subscribe'>,
  log?: (line: string) => void,
  giveUp?: GiveUp,
) =>
  startEventWorker(
    worker.id,
    run,
    (listener) =>
      source.subscribe((kind, event) => {
        if (worker.trigger.events.includes(kind)) listener(event);
      }),
    log,
    giveUp,
  );

/** The local twin of a text-events trigger: each SNS event of the local SMS service (delivery reports, replies). */
export const startTextEventWorker = (
  worker: { id: string },
  run: Promise<WorkerRun>,
  source: Pick<LocalSms, 'subscribe'>,
  log?: (line: string) => void,
  giveUp?: GiveUp,
) => startEventWorker(worker.id, run, (listener) => source.subscribe(listener), log, giveUp);

/**
 * Every worker of the worker table (shared/src/workers.ts) in this process, made with the stack's own Lambda
 * environment from the same modules CDK bundles, each on the local twin of its trigger: the stream workers
 * through their readers, as in AWS, and the workers a reader hands records to through the Lambda twin
 * (`lambda`), which runs them apart from the reader. Every worker and reader is also invokable there by its
 * name (the replay's way back in), and what a trigger gives up on goes to its local failure queue
 * (`failures`). Returns one stop for all.
 */
export function startWorkers(
  env: LambdaEnv,
  sources: {
    mailEvents: Pick<SesEventsTwin, 'subscribe'>;
    textEvents: Pick<LocalSms, 'subscribe'>;
    lambda: Pick<LambdaTwin, 'register'>;
    failures: Pick<LocalFailureQueues, 'put'>;
  },
  log?: (line: string) => void,
): () => Promise<void> {
  const { lambda, failures } = sources;
  // Each module in a sandbox process of its own (sandbox.ts), as each is a Lambda of its own in AWS.
  const sandboxes: Sandbox[] = [];
  const runOf = (entry: string): Promise<WorkerRun> => {
    const sandbox = createSandbox(entry, env);
    sandboxes.push(sandbox);
    return Promise.resolve(sandbox.run);
  };
  const stops = workers.flatMap((worker: WorkerDefinition) => {
    const { trigger } = worker;
    if (trigger.kind === 'stream') return [];
    const name = workerName(worker.id);
    const run = runOf(workerEntry(worker));
    const giveUp = { queue: name, description: worker.description, failures };
    lambda.register(name, {
      run,
      description: worker.description,
      timeoutSeconds: worker.timeoutSeconds,
      ...(trigger.kind === 'stream-handoff' ? { retryAttempts: trigger.retryAttempts } : {}),
    });
    switch (trigger.kind) {
      case 'schedule':
        return [startWorker({ id: worker.id, trigger }, run, log)];
      case 'mail-events':
        return [startMailEventWorker({ id: worker.id, trigger }, run, sources.mailEvents, log, giveUp)];
      case 'text-events':
        return [startTextEventWorker(worker, run, sources.textEvents, log, giveUp)];
      case 'stream-handoff':
        // Its reader invokes it through the Lambda twin.
        return [];
    }
  });
  for (const reader of streamReaders) {
    if (!env.AWS_ENDPOINT_URL_DYNAMODB) throw new Error('A local stream reader needs the DynamoDB Local endpoint');
    const name = streamReaderName(reader.id);
    const run = runOf(streamReaderEntry(reader));
    lambda.register(name, {
      run,
      description: reader.description,
      timeoutSeconds: streamReaderTimeoutSeconds(reader.id),
    });
    stops.push(
      startStreamReader(
        { ...reader, filters: streamReaderFilters(reader.id) },
        run,
        { endpoint: env.AWS_ENDPOINT_URL_DYNAMODB, tableName: env.TABLE_NAME },
        log,
        { queue: name, description: reader.description, failures },
      ),
    );
  }
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
    await Promise.all(sandboxes.map((sandbox) => sandbox.stop()));
  };
}
