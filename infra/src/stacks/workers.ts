import { Duration, type Stack } from 'aws-cdk-lib';
import { type IAlarmAction } from 'aws-cdk-lib/aws-cloudwatch';
import { EventBus, Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LambdaFunction as LambdaTarget } from 'aws-cdk-lib/aws-events-targets';
import { FilterCriteria, type Function as LambdaFunction, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { type ConfigurationSet, EmailSendingEvent, EventDestination } from 'aws-cdk-lib/aws-ses';
import {
  type DeployedLambdaEnv,
  type MailEventKind,
  type WorkerDefinition,
  environmentVariables,
  streamReaderFilters,
  streamReaderHandoffs,
  streamReaderName,
  streamReaders,
  streamReaderTimeoutSeconds,
  streamReaderWorkers,
  workerName,
  workers,
} from '@reviewroute/shared';
import { streamReaderEntry, workerEntry } from '@reviewroute/functions/worker-entries';
import { type DomainAccess, accessOfAll, workerAccess } from '../access';
import { addFailureQueue } from './failure-queue';
import { grantAccess, grantSendMail, productSender, requestSender, type AccessTargets } from './lambda-access';
import { createReviewRouteFunction } from './lambda-function';
import { grantSendText, subscribeTextEvents, type TextSending } from './text-sending';

export interface WorkersProps extends AccessTargets {
  readonly isProd: boolean;
  readonly lambdaEnv: DeployedLambdaEnv;
  /** The configuration set every mail is sent with (SES_CONFIGURATION_SET): a mail-events trigger's source. */
  readonly mailConfigurationSet: ConfigurationSet;
  /** The review requests' own configuration set (REQUEST_MAIL_CONFIGURATION_SET): its events go to the same rule. */
  readonly requestMailConfigurationSet?: ConfigurationSet;
  /** The texts' configuration set and events topic (SMS_CONFIGURATION_SET): a text-events trigger's source. */
  readonly textSending: TextSending;
  /** Where the failure queues' alarms notify (the stack's alarm topic). */
  readonly alarmAction: IAlarmAction;
}

/** Each mail event as SES's configuration set names it, and as its EventBridge event's detail-type says it. */
const sesMailEvents: Record<MailEventKind, { sending: EmailSendingEvent; detailType: string }> = {
  bounce: { sending: EmailSendingEvent.BOUNCE, detailType: 'Email Bounced' },
  complaint: { sending: EmailSendingEvent.COMPLAINT, detailType: 'Email Complaint Received' },
  delivery: { sending: EmailSendingEvent.DELIVERY, detailType: 'Email Delivered' },
};

/** The AWS form of a stream reader's trigger: one event source mapping on the table's stream, its workers' filters. */
function addStreamSource(
  name: string,
  reader: (typeof streamReaders)[number],
  fn: LambdaFunction,
  props: WorkersProps,
) {
  const streamArn = props.table.tableStreamArn;
  if (!streamArn) throw new Error('The table has no stream (shared/src/table.ts `stream`)');
  // ITableV2 is not the ITable DynamoEventSource takes: the same mapping, spelled out.
  const failures = addFailureQueue(fn.stack, name, reader.description, props.alarmAction);
  fn.addEventSourceMapping(`${name}Stream`, {
    eventSourceArn: streamArn,
    startingPosition: StartingPosition.TRIM_HORIZON,
    batchSize: reader.batchSize,
    maxBatchingWindow: Duration.seconds(reader.maxBatchingWindowSeconds),
    // A failing batch is split until the failing record is alone; the reader reports the records its workers
    // could not handle (partial batch failures), so the others are not retried with them.
    bisectBatchOnError: true,
    reportBatchItemFailures: true,
    retryAttempts: reader.retryAttempts,
    // A record still failing after its retries, or six hours old, is given up: its shard and sequence range goes
    // to the failure queue (not the record itself), to be replayed from the stream, which keeps a record 24 hours.
    // Giving up long before that leaves at least 18 hours to replay; waiting longer would not help (a reader six
    // hours behind has long raised the lag alarm) and would only shrink that window.
    maxRecordAge: Duration.seconds(reader.maxRecordAgeSeconds),
    onFailure: new SqsDlq(failures),
    // Only the records one of its workers takes (Lambda lets a record through when any filter matches it): a
    // crowd's 3 to 5 stars do not invoke the owner-jobs reader at all.
    filters: streamReaderFilters(reader.id).map((pattern) => FilterCriteria.filter(pattern)),
  });
}

/** The AWS form of a scheduled, mail-events or text-events worker's trigger. */
function addTrigger(stack: Stack, name: string, worker: WorkerDefinition, fn: LambdaFunction, props: WorkersProps) {
  const { trigger } = worker;
  switch (trigger.kind) {
    case 'stream':
      throw new Error(`The ${worker.id} worker runs in its stream reader's Lambda`);
    case 'stream-handoff': {
      // Its reader invokes it asynchronously: Lambda's own queue retries a failed run, then gives the event up
      // (with the error) to the failure queue, from which the replay invokes it again.
      const failures = addFailureQueue(stack, name, worker.description, props.alarmAction);
      fn.configureAsyncInvoke({
        retryAttempts: trigger.retryAttempts,
        maxEventAge: Duration.seconds(trigger.maxEventAgeSeconds),
        onFailure: new SqsDestination(failures),
      });
      return;
    }
    case 'mail-events': {
      // SES puts the configuration set's events on the account's default bus; the rule hands these to the worker.
      const bus = EventBus.fromEventBusName(stack, `${name}Bus`, 'default');
      props.mailConfigurationSet.addEventDestination(`${name}Destination`, {
        destination: EventDestination.eventBus(bus),
        events: trigger.events.map((kind) => sesMailEvents[kind].sending),
      });
      // Review requests go with their own configuration set (decisions 26); its bounces and complaints matter most.
      props.requestMailConfigurationSet?.addEventDestination(`${name}RequestsDestination`, {
        destination: EventDestination.eventBus(bus),
        events: trigger.events.map((kind) => sesMailEvents[kind].sending),
      });
      const failures = addFailureQueue(stack, name, worker.description, props.alarmAction);
      new Rule(stack, `${name}Rule`, {
        description: `Hands SES's mail events to the ${worker.description}`,
        eventPattern: { source: ['aws.ses'], detailType: trigger.events.map((kind) => sesMailEvents[kind].detailType) },
        // EventBridge retries a failed run (a busy table) for up to a day by default; a few tries within two hours
        // are plenty, then the event waits in the failure queue to be replayed.
        targets: [
          new LambdaTarget(fn, { retryAttempts: 8, maxEventAge: Duration.hours(2), deadLetterQueue: failures }),
        ],
      });
      return;
    }
    case 'text-events':
      // The configuration set's event destination and the numbers' two-way channel: one topic, this Lambda subscribed.
      subscribeTextEvents(stack, name, worker.description, fn, props);
      return;
    case 'schedule': {
      const failures = addFailureQueue(stack, name, worker.description, props.alarmAction);
      const every = Duration.minutes(trigger.everyMinutes);
      new Rule(stack, `${name}Schedule`, {
        description: `Runs the ${worker.description}`,
        schedule: Schedule.rate(every),
        // The next run retries: a failed run is not repeated on top of it, nor delivered once the next is due.
        // A run EventBridge could not invoke at all (throttled, no rights) lands in the failure queue and alarms.
        targets: [new LambdaTarget(fn, { retryAttempts: 0, maxEventAge: every, deadLetterQueue: failures })],
      });
      return;
    }
  }
}

/** One background Lambda: `{name}{Logs,Role,Function}`, its role holding exactly `access`. */
function addWorkerFunction(
  stack: Stack,
  name: string,
  lambda: { description: string; entry: string; timeoutSeconds: number; access: DomainAccess },
  props: WorkersProps,
): LambdaFunction {
  const { fn, role } = createReviewRouteFunction(stack, name, {
    isProd: props.isProd,
    roleDescription: lambda.description,
    description: lambda.description,
    entry: lambda.entry,
    memorySize: 1024,
    timeout: Duration.seconds(lambda.timeoutSeconds),
    environment: environmentVariables(props.lambdaEnv),
  });
  grantAccess(stack, fn, role, lambda.access, props);
  if (lambda.access.sendMail) grantSendMail(stack, role, productSender(props.lambdaEnv));
  if (lambda.access.sendRequestMail) grantSendMail(stack, role, requestSender(props.lambdaEnv));
  if (lambda.access.sendText) grantSendText(stack, role, props.textSending);
  return fn;
}

/**
 * The worker table (shared/src/workers.ts) in AWS: one Lambda per scheduled or mail-events worker
 * (`{Id}Worker{Logs,Role,Function}`, its role holding exactly `workerAccess[id]`, and its trigger), and one per
 * stream reader (`{Id}StreamReader…`, its role holding what its workers' entries hold, and its event source).
 * Returns the readers' Lambdas (their lag is alarmed) and each scheduled or mail-events worker's, by worker id.
 */
export function addWorkers(
  stack: Stack,
  props: WorkersProps,
): { streamReaders: LambdaFunction[]; workerFunctions: ReadonlyMap<string, LambdaFunction> } {
  const readers: LambdaFunction[] = [];
  /** The Lambdas of the workers a reader hands records to, by worker id. */
  const handedTo = new Map<string, LambdaFunction>();
  for (const worker of workers) {
    if (worker.trigger.kind === 'stream') continue;
    const name = workerName(worker.id);
    const fn = addWorkerFunction(
      stack,
      name,
      { ...worker, entry: workerEntry(worker), access: workerAccess[worker.id] },
      props,
    );
    addTrigger(stack, name, worker, fn, props);
    handedTo.set(worker.id, fn);
  }
  for (const reader of streamReaders) {
    const name = streamReaderName(reader.id);
    const fed = streamReaderWorkers(reader.id);
    const fn = addWorkerFunction(
      stack,
      name,
      {
        description: reader.description,
        entry: streamReaderEntry(reader),
        timeoutSeconds: streamReaderTimeoutSeconds(reader.id),
        access: accessOfAll(fed.map((worker) => workerAccess[worker.id])),
      },
      props,
    );
    addStreamSource(name, reader, fn, props);
    // The reader may start (only) the Lambdas it hands records to, named in its environment.
    for (const worker of streamReaderHandoffs(reader.id)) {
      const target = handedTo.get(worker.id)!;
      fn.addEnvironment(worker.trigger.functionVariable, target.functionName);
      // The unqualified function only (grantInvoke would add every version and alias: `:*`).
      fn.addToRolePolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [target.functionArn] }));
    }
    readers.push(fn);
  }
  return { streamReaders: readers, workerFunctions: handedTo };
}
