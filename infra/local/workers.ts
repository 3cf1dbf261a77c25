import { pathToFileURL } from 'node:url';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  matchesFilterPattern,
  streamReaders,
  streamReaderFilters,
  workers,
  type LambdaEnv,
  type StreamReaderDefinition,
  type WorkerDefinition,
  type WorkerTrigger,
} from '@reviewroute/shared';
import {
  streamReaderEntry,
  workerEntry,
  type WorkerModule,
  type WorkerRun,
} from '@reviewroute/functions/worker-entries';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './env';
import type { SesEventsTwin } from './ses-events';

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
  dynamodb?: { SequenceNumber?: string };
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

/**
 * The local twin of a stream reader's event source: polls the table's stream on DynamoDB Local (DescribeStream,
 * GetShardIterator, GetRecords) and hands each batch to the reader in the event shape Lambda's event source
 * uses (`{ Records }`), only the records one of its filters lets through (none: no run). As in AWS, a batch the
 * reader fails (it throws, or reports partial batch failures) is delivered again from its first failed
 * record; a shard is read in order, one batch at a time; new shards are picked up as DynamoDB rolls them.
 * An idle shard is polled every `localPollMs`, a busy one at once again.
 */
export function startStreamReader(
  reader: Pick<StreamReaderDefinition, 'id' | 'batchSize' | 'localPollMs'> & {
    /** Its event source's filters: a record is handed on when one of them matches it. */
    filters: readonly Record<string, unknown>[];
  },
  run: Promise<WorkerRun>,
  source: { endpoint: string; tableName: string },
  log?: (line: string) => void,
): () => Promise<void> {
  const { batchSize, localPollMs, filters } = reader;
  const call = streamsApi(source.endpoint);
  let stopped = false;
  let streamArn: string | undefined;
  /** Open shards -> the iterator to read next (undefined: to be fetched from `after`). */
  const shards = new Map<string, { iterator?: string; after?: string }>();
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

  /** Reads and hands on one batch of a shard; true when the shard had a full batch (read again at once). */
  async function pollShard(shardId: string, position: { iterator?: string; after?: string }): Promise<boolean> {
    if (!position.iterator) {
      const { ShardIterator } = await call<{ ShardIterator: string }>('GetShardIterator', {
        StreamArn: streamArn,
        ShardId: shardId,
        ...(position.after
          ? { ShardIteratorType: 'AT_SEQUENCE_NUMBER', SequenceNumber: position.after }
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
        // Again from the first failed record, as Lambda's event source does (after a pause, not in a spin).
        shards.set(shardId, { after: firstFailed });
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
        for (const [shardId, position] of [...shards]) if (await pollShard(shardId, position)) busy = true;
      } catch (error) {
        log?.(`[${reader.id}] stream poll failed: ${String(error)}`);
        // An expired iterator (or a restarted emulator) is fetched again from where the shard was, and the
        // stream described again at once (a restarted emulator may have new shards).
        for (const [shardId, position] of shards) shards.set(shardId, { after: position.after });
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

/** Tries of one mail event before it is given up (EventBridge retries a failed target too). */
const mailEventTries = 3;

/**
 * The local twin of a mail-events trigger: each event of its kinds from the local SES twin is handed to the
 * worker, one at a time in arrival order, tried again (after a pause) when the run fails.
 */
export function startMailEventWorker(
  worker: { id: string; trigger: Extract<WorkerTrigger, { kind: 'mail-events' }> },
  run: Promise<WorkerRun>,
  source: Pick<SesEventsTwin, 'subscribe'>,
  log?: (line: string) => void,
): () => Promise<void> {
  let queue: Promise<void> = Promise.resolve();
  const unsubscribe = source.subscribe((kind, event) => {
    if (!worker.trigger.events.includes(kind)) return;
    queue = queue.then(async () => {
      for (let attempt = 1; attempt <= mailEventTries; attempt += 1) {
        try {
          await (
            await run
          )(event, { getRemainingTimeInMillis: () => localRunBudgetMs });
          return;
        } catch (error) {
          log?.(`[${worker.id}] run failed (try ${attempt}): ${String(error)}`);
          if (attempt < mailEventTries) await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
        }
      }
    });
  });
  return async () => {
    unsubscribe();
    await queue;
  };
}

/** A module's run for the stack's environment; one that fails to load is reported by each run, not unhandled. */
function runOf(entry: string, env: LambdaEnv): Promise<WorkerRun> {
  const run = import(pathToFileURL(entry).href).then((mod: WorkerModule) => mod.createWorker(env));
  run.catch(() => undefined);
  return run;
}

/**
 * Every worker of the worker table (shared/src/workers.ts) in this process, made with the stack's own Lambda
 * environment from the same modules CDK bundles, each on the local twin of its trigger: the stream workers
 * through their readers, as in AWS. Returns one stop for all.
 */
export function startWorkers(
  env: LambdaEnv,
  sources: { mailEvents: Pick<SesEventsTwin, 'subscribe'> },
  log?: (line: string) => void,
): () => Promise<void> {
  const stops = workers.flatMap((worker: WorkerDefinition) => {
    const { trigger } = worker;
    switch (trigger.kind) {
      case 'schedule':
        return [startWorker({ id: worker.id, trigger }, runOf(workerEntry(worker), env), log)];
      case 'mail-events':
        return [
          startMailEventWorker({ id: worker.id, trigger }, runOf(workerEntry(worker), env), sources.mailEvents, log),
        ];
      case 'stream':
        return [];
    }
  });
  for (const reader of streamReaders) {
    if (!env.AWS_ENDPOINT_URL_DYNAMODB) throw new Error('A local stream reader needs the DynamoDB Local endpoint');
    stops.push(
      startStreamReader(
        { ...reader, filters: streamReaderFilters(reader.id) },
        runOf(streamReaderEntry(reader), env),
        { endpoint: env.AWS_ENDPOINT_URL_DYNAMODB, tableName: env.TABLE_NAME },
        log,
      ),
    );
  }
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
