import { Duration, type Stack } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
  type IAlarmAction,
} from 'aws-cdk-lib/aws-cloudwatch';
import { type IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, type ILogGroup, type LogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { contactCapReachedLog } from '@reviewroute/shared';
import { type StageConfig } from '../config';

export interface ApiAlarmsProps {
  readonly config: StageConfig;
  /** The stack's alarm topic's action (the worker failure queues' alarms notify it too). */
  readonly alarmAction: IAlarmAction;
  /** The API's 5xx answers (the REST API stage's `5XXError`). */
  readonly serverErrors: IMetric;
  /** The stage's JSON access logs: the 429 count comes from their `status`. */
  readonly accessLogs: LogGroup;
  readonly functions: readonly IFunction[];
  /** The table's stream readers (the worker table's `streamReaders`): how far behind the stream they are. */
  readonly streamReaders: readonly IFunction[];
  readonly tableName: string;
  /** The contact Lambda's log group: its line when the global hourly cap refuses a message raises an alarm. */
  readonly contactLogs?: ILogGroup | undefined;
}

const period = Duration.minutes(5);

/** The sum over all `metrics` (one series per Lambda, say), missing points counted as 0. */
const total = (label: string, metrics: readonly IMetric[]): MathExpression =>
  new MathExpression({
    label,
    expression: 'SUM(METRICS())',
    usingMetrics: Object.fromEntries(metrics.map((m, i) => [`m${i}`, m])),
    period,
  });

/**
 * The API's alarms, all on one SNS topic (the `alarmEmail` subscriber): 5xx answers (a bug, decisions 15,
 * or DynamoDB busy past its retries), many 429s (a flood, or limits that hit real customers), Lambda errors
 * and throttles (the public Lambda's reserved concurrency full), DynamoDB throttling and a stream reader
 * falling behind the table's changes. WAF blocks alarm in the edge stack (us-east-1), where WAF's metrics are.
 */
export function addApiAlarms(stack: Stack, props: ApiAlarmsProps): void {
  const action = props.alarmAction;

  new MetricFilter(stack, 'TooManyRequestsFilter', {
    logGroup: props.accessLogs,
    filterPattern: FilterPattern.stringValue('$.status', '=', '429'),
    metricNamespace: 'ReviewRoute',
    metricName: `Api429-${props.config.stage}`,
    metricValue: '1',
    defaultValue: 0,
  });

  const alarms: { id: string; description: string; metric: IMetric; threshold: number }[] = [
    {
      id: 'Api5xxAlarm',
      description: 'ReviewRoute: the API answered 5xx',
      metric: props.serverErrors,
      threshold: 0,
    },
    {
      id: 'Api429Alarm',
      description: 'ReviewRoute: many 429 answers (a flood, or limits that hit real customers)',
      metric: new Metric({
        namespace: 'ReviewRoute',
        metricName: `Api429-${props.config.stage}`,
        statistic: 'Sum',
        period,
      }),
      threshold: 50,
    },
    {
      id: 'LambdaErrorsAlarm',
      description: 'ReviewRoute: an API Lambda failed (uncaught error or timeout)',
      metric: total(
        'Lambda errors',
        props.functions.map((fn) => fn.metricErrors({ period })),
      ),
      threshold: 0,
    },
    {
      id: 'LambdaThrottlesAlarm',
      description: 'ReviewRoute: an API Lambda was throttled (its reserved or the account concurrency is full)',
      metric: total(
        'Lambda throttles',
        props.functions.map((fn) => fn.metricThrottles({ period })),
      ),
      threshold: 0,
    },
    {
      id: 'DynamoThrottlesAlarm',
      description: 'ReviewRoute: DynamoDB throttled reads or writes (retried, then 503)',
      metric: total(
        'DynamoDB throttle events',
        ['ReadThrottleEvents', 'WriteThrottleEvents'].map(
          (metricName) =>
            new Metric({
              namespace: 'AWS/DynamoDB',
              metricName,
              dimensionsMap: { TableName: props.tableName },
              statistic: 'Sum',
              period,
            }),
        ),
      ),
      threshold: 10,
    },
    {
      id: 'StreamLagAlarm',
      // The tallies should follow a submit within 2 s (decisions 20) and a low rating's alert within a minute
      // (decisions 23): a reader a minute behind breaks both (a failing batch retried, throttled reads).
      description: 'ReviewRoute: a stream reader is over a minute behind the table (dashboard stats and alerts late)',
      metric: new MathExpression({
        label: 'Stream readers: oldest record, ms',
        expression: 'MAX(METRICS())',
        usingMetrics: Object.fromEntries(
          props.streamReaders.map((fn, i) => [`m${i}`, fn.metric('IteratorAge', { statistic: 'Maximum', period })]),
        ),
        period,
      }),
      threshold: 60_000,
    },
  ];
  if (props.contactLogs) {
    // The contact form's global cap was reached: a flood (many clients at once) that the operator should see,
    // since real visitors are refused meanwhile.
    new MetricFilter(stack, 'ContactCapFilter', {
      logGroup: props.contactLogs,
      filterPattern: FilterPattern.stringValue('$.message', '=', contactCapReachedLog),
      metricNamespace: 'ReviewRoute',
      metricName: `ContactCapReached-${props.config.stage}`,
      metricValue: '1',
      defaultValue: 0,
    });
    alarms.push({
      id: 'ContactCapAlarm',
      description: 'ReviewRoute: the contact form reached its global hourly cap (a flood; visitors are refused)',
      metric: new Metric({
        namespace: 'ReviewRoute',
        metricName: `ContactCapReached-${props.config.stage}`,
        statistic: 'Sum',
        period,
      }),
      threshold: 0,
    });
  }
  for (const { id, description, metric, threshold } of alarms) {
    new Alarm(stack, id, {
      alarmDescription: description,
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(action);
  }
}
