import { ratingsIn } from './domain/rating';
import type { ApiDomain } from './routes';

/**
 * The worker table: every background job, described once. The CDK api stack makes one Lambda, its role and its
 * trigger per entry, but for the stream workers, which run in the Lambda of their stream reader (`streamReaders`
 * below) (rights: `workerAccess` in infra/src/access.ts, keyed by the same ids; a reader has its workers'); `npm
 * start`'s local stack runs the same modules on the local twin of each trigger. The handler module is found by
 * convention: `functions/src/domains/<domain>/<id>-worker.ts`, exporting `handler` (Lambda's entry) and
 * `createWorker(env)` (see functions/src/worker-entries.ts); a reader's is
 * `functions/src/stream-readers/<id>-reader.ts`.
 */

/**
 * What starts a worker: a schedule, the table's change stream (in its reader's Lambda, or handed by the reader
 * to the worker's own Lambda) or SES's events (queue consumers get their own kind here).
 */
export type WorkerTrigger =
  | {
      readonly kind: 'schedule';
      /** In AWS: an EventBridge rule, every this many minutes. */
      readonly everyMinutes: number;
      /** Locally: this often, one run at a time (tests wait for the worker, so much more often than in AWS). */
      readonly localEveryMs: number;
    }
  | {
      /**
       * The one table's stream (shared/src/table.ts `stream`), read by one of the stream readers below, which
       * hands the worker the records it takes: delivered at least once, in batches, per shard in order; a
       * failed batch is retried, split in halves, and its failed records reported one by one (partial batch
       * failures). The worker must therefore be idempotent, also against records that come again because
       * another worker of its reader failed them.
       */
      readonly kind: 'stream';
      /** The stream reader (the Lambda and its event source) that feeds it. */
      readonly reader: StreamReaderId;
      /** The records it takes; the others never reach it (its code still checks each one it gets). */
      readonly records: StreamRecordFilter;
    }
  | {
      /**
       * The table's stream as for `stream`, but the reader does not run the worker: it hands each record the
       * worker takes to the worker's own Lambda asynchronously (an async invoke, Lambda's own queue), which takes
       * milliseconds, so a long run (a CSV export of many rows, minutes) never holds up the reader's other
       * workers (the low-rating alerts) nor the next records of its shard. A run that fails is tried
       * `retryAttempts` more times, then given up to the worker's failure queue (its on-failure destination):
       * delivered at least once, so the worker must be idempotent. DynamoDB serves only `streamReadersAllowed`
       * readers of a shard, so this is how a slow job gets a path of its own without a third reader.
       */
      readonly kind: 'stream-handoff';
      /** The stream reader that takes its records and hands them over. */
      readonly reader: StreamReaderId;
      readonly records: StreamRecordFilter;
      /** Lambda's retries of a failed asynchronous run (0 to 2). */
      readonly retryAttempts: 0 | 1 | 2;
      /** How long a run may wait in Lambda's queue before it is given up to the failure queue. */
      readonly maxEventAgeSeconds: number;
      /**
       * The reader's Lambda variable holding the worker's function name (the async invoke's target; locally the
       * name the stack's Lambda twin knows it by).
       */
      readonly functionVariable: 'EXPORTS_WORKER_FUNCTION';
    }
  | {
      /**
       * What SES reports about mails sent with the product's configuration set (Lambda env
       * SES_CONFIGURATION_SET): in AWS the set's EventBridge destination and a rule on the default bus for these
       * events; locally the local SES reports them for mails to SES's mailbox simulator addresses. Delivered at
       * least once: the worker must be idempotent.
       */
      readonly kind: 'mail-events';
      readonly events: readonly MailEventKind[];
    }
  | {
      /**
       * What End User Messaging SMS reports about the texts sent with the texts' configuration set
       * (SMS_CONFIGURATION_SET: every delivery event, with the text's Context) and the customers' replies to the
       * sending numbers (their two-way channel): in AWS both go to one SNS topic, with the worker's Lambda
       * subscribed; locally the local SMS service (infra/local/sms.ts) publishes them. Delivered at least once: the
       * worker must be idempotent.
       */
      readonly kind: 'text-events';
    };

/**
 * Which of the table stream's records a worker is given, by the item as it is after the change (its new image):
 * one of its reader's event source filters (Lambda is not even invoked for a batch that none of them lets
 * through; locally the stream poller's), and the reader's own choice of records for each of its workers
 * (`matchesFilterPattern`). A removed item has no new image, so its record is never given. Lambda filters a
 * DynamoDB stream on the record's `dynamodb` key only, so whether the item was created or changed is the
 * worker's own check.
 */
export interface StreamRecordFilter {
  /** The item's electrodb entity (its `__edb_e__` attribute: the model name in its owning module in functions/src/data). */
  readonly entity: string;
  /** Number attributes of the item and the values let through. */
  readonly numbers?: Readonly<Record<string, readonly number[]>>;
}

/**
 * The Lambda event filter pattern of a record filter: each field a list of the values let through, or the
 * pattern of the object it holds (a DynamoDB number is its decimal string).
 */
export function streamFilterPattern(filter: StreamRecordFilter): Record<string, unknown> {
  const image: Record<string, unknown> = { __edb_e__: { S: [filter.entity] } };
  for (const [name, values] of Object.entries(filter.numbers ?? {})) image[name] = { N: values.map(String) };
  return { dynamodb: { NewImage: image } };
}

/**
 * Whether a value matches a Lambda event filter pattern as `streamFilterPattern` writes them: each field of the
 * pattern a list of the values let through, or the pattern of the object the field holds.
 */
export function matchesFilterPattern(pattern: Record<string, unknown>, value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(pattern).every(([key, rule]) => {
    const field = (value as Record<string, unknown>)[key];
    return Array.isArray(rule) ? rule.includes(field) : matchesFilterPattern(rule as Record<string, unknown>, field);
  });
}

/**
 * A reader of the table's stream: one Lambda with one event source mapping on the stream, which hands each of
 * its workers (the worker table's entries with `reader` set to it) the records that worker takes, all of them
 * at once, and reports what any of them failed. DynamoDB allows two simultaneous readers of a stream shard
 * (more are throttled, and the stream then lags), so the workers share readers instead of having one each.
 */
export interface StreamReaderDefinition {
  readonly id: string;
  /** What it does (the Lambda's description and the log's name for it). */
  readonly description: string;
  /** Records per invocation at most. */
  readonly batchSize: number;
  /** In AWS: how long Lambda may gather a batch before it invokes (0: at once). */
  readonly maxBatchingWindowSeconds: number;
  /**
   * Tries of a failing batch (split down to the failing record) before that record is given up to the reader's
   * failure queue (locally: its failure destination under the stack's data dir, infra/local/failures.ts).
   */
  readonly retryAttempts: number;
  /** A failing record older than this is given up at once (the stream keeps records 24 hours: room to replay). */
  readonly maxRecordAgeSeconds: number;
  /** Locally: how often an idle shard is polled (DynamoDB Local's GetRecords). */
  readonly localPollMs: number;
}

/** Simultaneous readers of one stream shard that DynamoDB serves without throttling. */
export const streamReadersAllowed = 2;

export const streamReaders = [
  {
    // The tallies of what customers do: the stats (the dashboard lags a submit by well under 2 s, decisions 20)
    // and the review-request funnels. Table writes only, so neither mail nor exports can hold them up: a batch as
    // soon as it is there.
    id: 'tallies',
    description: 'ReviewRoute stream reader: tallies (survey stats, request funnels)',
    batchSize: 100,
    maxBatchingWindowSeconds: 0,
    retryAttempts: 10,
    maxRecordAgeSeconds: 6 * 60 * 60,
    localPollMs: 100,
  },
  {
    // What the owner is sent or given: low-rating alerts (within a minute, decisions 23), and the hand-off of
    // CSV exports to their own Lambda (each starts within about a second, and no export, however long, holds
    // an alert up: the reader only invokes the exports worker asynchronously).
    id: 'owner-jobs',
    description: 'ReviewRoute stream reader: owner jobs (low-rating alerts, hand-off of CSV exports)',
    batchSize: 25,
    maxBatchingWindowSeconds: 0,
    retryAttempts: 10,
    maxRecordAgeSeconds: 6 * 60 * 60,
    localPollMs: 200,
  },
] as const satisfies readonly StreamReaderDefinition[];

export type StreamReaderId = (typeof streamReaders)[number]['id'];

/**
 * The SES events a mail-events worker takes: hard bounces, complaints (mails marked as spam) and deliveries (the
 * recipient's mail server took the mail).
 */
export const mailEventKinds = ['bounce', 'complaint', 'delivery'] as const;
export type MailEventKind = (typeof mailEventKinds)[number];

export interface WorkerDefinition {
  readonly id: string;
  /** The domain folder its module lives in. */
  readonly domain: ApiDomain;
  /** What it does (the Lambda's description and the log's name for it). */
  readonly description: string;
  readonly trigger: WorkerTrigger;
  /**
   * The Lambda's time limit (a stream worker's reader takes its slowest worker's); a run stops starting new work
   * some seconds before it.
   */
  readonly timeoutSeconds: number;
}

export const workers = [
  {
    // Continues every account erasure the delete request could not finish in its own time (decisions 14).
    id: 'erasure',
    domain: 'account',
    description: 'ReviewRoute account erasure worker',
    trigger: { kind: 'schedule', everyMinutes: 1, localEveryMs: 1000 },
    timeoutSeconds: 5 * 60,
  },
  {
    // The survey tallies (decisions 20): counts new responses and review clicks from the table's stream,
    // each once, so the submit writes one item and the dashboard lags it by well under 2 s.
    id: 'stats',
    domain: 'surveys',
    description: 'ReviewRoute survey stats stream worker',
    trigger: {
      kind: 'stream',
      reader: 'tallies',
      // New responses, and changed ones (a review click).
      records: { entity: 'response' },
    },
    timeoutSeconds: 60,
  },
  {
    // The reviews widget's item per survey (decisions 27): each consented comment created and each owner's hide,
    // applied once, so the widget's read stays one small item whatever the number of responses.
    id: 'website-reviews',
    domain: 'surveys',
    description: 'ReviewRoute website reviews stream worker',
    trigger: {
      kind: 'stream',
      reader: 'tallies',
      // New responses (a consented comment) and changed ones (a hide).
      records: { entity: 'response' },
    },
    timeoutSeconds: 60,
  },
  {
    // The owner's low-rating alerts (decisions 23): each new response rated 1 or 2 mailed to its survey's
    // owner within a minute, once (a mark per response, claimed before the send).
    id: 'alerts',
    domain: 'surveys',
    description: 'ReviewRoute low-rating alert stream worker',
    trigger: {
      kind: 'stream',
      reader: 'owner-jobs',
      // Responses of 1 or 2 stars (only their creation alerts).
      records: { entity: 'response', numbers: { rating: ratingsIn('low') } },
    },
    timeoutSeconds: 60,
  },
  {
    // E-mail review requests: sends the due batches, a page of customers at a time within SES's rate, each
    // customer claimed before the send (queued -> sending -> sent), so a retried or crashed run mails nobody
    // twice; resumes where the last run stopped. A run works until its time is nearly up (20 s before it), so
    // 75 s makes a run of about a minute, ending as the next starts rather than several pacing SES at once.
    id: 'requests',
    domain: 'requests',
    description: 'ReviewRoute review-request sending worker',
    trigger: { kind: 'schedule', everyMinutes: 1, localEveryMs: 500 },
    timeoutSeconds: 75,
  },
  {
    // The low-rating digests (decisions 23): the alerts worker keeps a survey's low ratings beyond the first 5
    // within an hour; this sends each such hour's digest, once, when the hour is over (at most a minute late).
    id: 'digests',
    domain: 'surveys',
    description: 'ReviewRoute low-rating digest worker',
    trigger: { kind: 'schedule', everyMinutes: 1, localEveryMs: 5000 },
    timeoutSeconds: 60,
  },
  {
    // The reputation guard's owner mails (decisions 26): tells each owner whose review requests paused themselves
    // why and what to do, once, from the product's sender (the requests worker sends only as the requests' own).
    id: 'pause-notices',
    domain: 'requests',
    description: 'ReviewRoute review-request pause notice worker',
    trigger: { kind: 'schedule', everyMinutes: 1, localEveryMs: 1000 },
    timeoutSeconds: 60,
  },
  {
    // Bounces and complaints of review requests: the address goes on the owner's suppression list, so it is
    // never mailed again and the owner sees why (SES's reputation rules: a sender that keeps bouncing is paused).
    // Deliveries: the request's row is marked delivered (the funnel's step of e-mail).
    id: 'mail-events',
    domain: 'requests',
    description: 'ReviewRoute mail bounce and complaint worker',
    trigger: { kind: 'mail-events', events: ['bounce', 'complaint', 'delivery'] },
    timeoutSeconds: 30,
  },
  {
    // Delivery reports and replies of review-request texts: delivered marks the customer's row, a failed delivery
    // fails it and counts in the owner's texts' health, a STOP reply puts the number on the owner's suppression list.
    id: 'text-events',
    domain: 'requests',
    description: 'ReviewRoute text delivery and reply worker',
    trigger: { kind: 'text-events' },
    timeoutSeconds: 30,
  },
  {
    // The CSV export of a survey's responses: each new export job (an INSERT of its item on the table's
    // stream, so it starts within about a second, where a schedule would keep the owner waiting up to a
    // minute) is written page by page to the assets bucket, in a Lambda of its own that the owner-jobs reader
    // hands the job to: an export of minutes never holds the low-rating alerts up. Jobs are claimed, so a
    // redelivered record writes nothing twice.
    id: 'exports',
    domain: 'exports',
    description: 'ReviewRoute CSV export worker',
    trigger: {
      kind: 'stream-handoff',
      reader: 'owner-jobs',
      // Export jobs (only their creation starts one).
      records: { entity: 'exportJob' },
      retryAttempts: 2,
      maxEventAgeSeconds: 60 * 60,
      functionVariable: 'EXPORTS_WORKER_FUNCTION',
    },
    timeoutSeconds: 15 * 60,
  },
  {
    // The review-request funnels: each customer's steps (sent, opened, rated, clicked) counted once in their
    // survey's funnel from the table's stream, so the owner's funnel is one item whatever the batch's size.
    id: 'funnel',
    domain: 'requests',
    description: 'ReviewRoute review-request funnel stream worker',
    trigger: {
      kind: 'stream',
      reader: 'tallies',
      // Each customer's record as it is created (queued) and moves on (sent, opened, rated, clicked).
      records: { entity: 'requestRecipient' },
    },
    timeoutSeconds: 60,
  },
] as const satisfies readonly WorkerDefinition[];

export type WorkerId = (typeof workers)[number]['id'];

/** The stream workers one reader runs in its own Lambda, in the worker table's order. */
export const streamReaderWorkers = (reader: StreamReaderId) =>
  workers.filter(
    (worker): worker is Extract<(typeof workers)[number], { trigger: { kind: 'stream' } }> =>
      worker.trigger.kind === 'stream' && worker.trigger.reader === reader,
  );

/** The workers one reader hands their records to (each in its own Lambda), in the worker table's order. */
export const streamReaderHandoffs = (reader: StreamReaderId) =>
  workers.filter(
    (worker): worker is Extract<(typeof workers)[number], { trigger: { kind: 'stream-handoff' } }> =>
      worker.trigger.kind === 'stream-handoff' && worker.trigger.reader === reader,
  );

/**
 * A reader's event source filters, one per distinct pattern of the workers it runs or hands records to (Lambda,
 * and locally the stream poller, hands a record on when any of them matches it). Two workers that take the same
 * records share one filter: CloudFormation refuses a filter list with two equal items.
 */
export const streamReaderFilters = (reader: StreamReaderId) => {
  const patterns = [...streamReaderWorkers(reader), ...streamReaderHandoffs(reader)].map((worker) =>
    streamFilterPattern(worker.trigger.records),
  );
  return patterns.filter(
    (pattern, i) => patterns.findIndex((p) => JSON.stringify(p) === JSON.stringify(pattern)) === i,
  );
};

/** How long a reader's hand-off of a batch may take at most (asynchronous invokes answer within milliseconds). */
const handoffTimeoutSeconds = 30;

/** A reader's time limit: its slowest worker's (they run side by side on each batch). */
export const streamReaderTimeoutSeconds = (reader: StreamReaderId) =>
  Math.max(handoffTimeoutSeconds, ...streamReaderWorkers(reader).map((worker) => worker.timeoutSeconds));

const pascalOf = (id: string) =>
  id
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/**
 * The name of a worker's own Lambda and trigger (`mail-events` -> `MailEventsWorker`): CDK's construct ids
 * (`{name}Function`, `{name}FailureQueue`, …) and, locally, the Lambda twin's function and the failure queue
 * the replay reads.
 */
export const workerName = (id: string) => `${pascalOf(id)}Worker`;

/** The same for a stream reader (`owner-jobs` -> `OwnerJobsStreamReader`). */
export const streamReaderName = (id: string) => `${pascalOf(id)}StreamReader`;
