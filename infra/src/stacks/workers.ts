import { Duration, type Stack } from 'aws-cdk-lib';
import { EventBus, Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaTarget } from 'aws-cdk-lib/aws-events-targets';
import { FilterCriteria, type Function as LambdaFunction, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { type ConfigurationSet, EmailSendingEvent, EventDestination } from 'aws-cdk-lib/aws-ses';
import {
  type DeployedLambdaEnv,
  type MailEventKind,
  type WorkerDefinition,
  type WorkerId,
  environmentVariables,
  streamFilterPattern,
  workers,
} from '@reviewroute/shared';
import { workerEntry } from '@reviewroute/functions/worker-entries';
import { workerAccess } from '../access';
import { grantAccess, grantSendMail, type AccessTargets } from './lambda-access';
import { createReviewRouteFunction, pascal } from './lambda-function';

export interface WorkersProps extends AccessTargets {
  readonly isProd: boolean;
  readonly lambdaEnv: DeployedLambdaEnv;
  /** The configuration set every mail is sent with (SES_CONFIGURATION_SET): a mail-events trigger's source. */
  readonly mailConfigurationSet: ConfigurationSet;
}

/** Each mail event as SES's configuration set names it, and as its EventBridge event's detail-type says it. */
const sesMailEvents: Record<MailEventKind, { sending: EmailSendingEvent; detailType: string }> = {
  bounce: { sending: EmailSendingEvent.BOUNCE, detailType: 'Email Bounced' },
  complaint: { sending: EmailSendingEvent.COMPLAINT, detailType: 'Email Complaint Received' },
};

/** The AWS form of a worker's trigger. */
function addTrigger(stack: Stack, name: string, worker: WorkerDefinition, fn: LambdaFunction, props: WorkersProps) {
  const { trigger } = worker;
  switch (trigger.kind) {
    case 'stream': {
      const streamArn = props.table.tableStreamArn;
      if (!streamArn) throw new Error('The table has no stream (shared/src/table.ts `stream`)');
      // ITableV2 is not the ITable DynamoEventSource takes: the same mapping, spelled out.
      fn.addEventSourceMapping(`${name}Stream`, {
        eventSourceArn: streamArn,
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: trigger.batchSize,
        maxBatchingWindow: Duration.seconds(trigger.maxBatchingWindowSeconds),
        // A failing batch is split until the failing record is alone; the worker reports the records it
        // could not count (partial batch failures), so the others are not retried with them.
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        retryAttempts: trigger.retryAttempts,
        // Only the records it takes: a crowd's responses do not invoke the export or funnel workers at all.
        filters: [FilterCriteria.filter(streamFilterPattern(trigger.records))],
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
      new Rule(stack, `${name}Rule`, {
        description: `Hands SES's mail events to the ${worker.description}`,
        eventPattern: { source: ['aws.ses'], detailType: trigger.events.map((kind) => sesMailEvents[kind].detailType) },
        // EventBridge retries a failed run (a busy table) for up to a day by default; a few tries are plenty.
        targets: [new LambdaTarget(fn, { retryAttempts: 8 })],
      });
      return;
    }
    case 'schedule':
      new Rule(stack, `${name}Schedule`, {
        description: `Runs the ${worker.description}`,
        schedule: Schedule.rate(Duration.minutes(trigger.everyMinutes)),
        // The next run retries: a failed run is not repeated on top of it.
        targets: [new LambdaTarget(fn, { retryAttempts: 0 })],
      });
      return;
  }
}

/**
 * One Lambda per entry of the worker table (shared/src/workers.ts): `{Id}Worker{Logs,Role,Function}`, its role
 * holding exactly `workerAccess[id]`, and its trigger.
 */
export function addWorkers(stack: Stack, props: WorkersProps): ReadonlyMap<WorkerId, LambdaFunction> {
  const functions = new Map<WorkerId, LambdaFunction>();
  for (const worker of workers) {
    const name = `${pascal(worker.id)}Worker`;
    const { fn, role } = createReviewRouteFunction(stack, name, {
      isProd: props.isProd,
      roleDescription: worker.description,
      description: worker.description,
      entry: workerEntry(worker),
      memorySize: 1024,
      timeout: Duration.seconds(worker.timeoutSeconds),
      environment: environmentVariables(props.lambdaEnv),
    });
    const access = workerAccess[worker.id];
    grantAccess(stack, fn, role, access, props);
    if (access.sendMail)
      grantSendMail(
        stack,
        role,
        [props.lambdaEnv.CONTACT_FROM_ADDRESS, props.lambdaEnv.CONTACT_TO_ADDRESS],
        props.lambdaEnv.SES_CONFIGURATION_SET,
      );
    addTrigger(stack, name, worker, fn, props);
    functions.set(worker.id, fn);
  }
  return functions;
}
