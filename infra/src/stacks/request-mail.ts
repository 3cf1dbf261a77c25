import { CfnOutput, Duration, type Stack } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, type IAlarmAction, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { type Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { ConfigurationSet, EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import { type DeployedLambdaEnv, requestMailCountLog, requestTextCountLog } from '@reviewroute/shared';
import { type StageConfig } from '../config';

/** What review requests are sent with (decisions 26), apart from account, security and payment mail. */
export interface RequestMailSending {
  readonly configurationSet: ConfigurationSet;
  /** The Lambda environment's part of it (the requests worker reads it). */
  readonly env: Pick<
    DeployedLambdaEnv,
    'REQUEST_MAIL_FROM_ADDRESS' | 'REQUEST_MAIL_CONFIGURATION_SET' | 'REQUEST_MAIL_DAILY_CAP'
  >;
}

/**
 * Review requests' own sending identity and configuration set (decisions 26): their sender's domain (context
 * `requestMailFrom`, default `requests@requests.` the mail domain) is an SES identity of its own, with Easy DKIM
 * (the operator publishes the three CNAMEs output here) and this configuration set as its default, so the
 * requests' bounces, complaints and reputation metrics never mix with those of the sign-up codes and owner mails,
 * and a review of one does not stop the other.
 */
export function addRequestMailSending(stack: Stack, config: StageConfig): RequestMailSending {
  const configurationSet = new ConfigurationSet(stack, 'RequestMailConfigurationSet', { reputationMetrics: true });
  const from = config.requestMailFrom;
  if (from) {
    const domain = from.split('@')[1]!;
    const identity = new EmailIdentity(stack, 'RequestMailIdentity', {
      identity: Identity.domain(domain),
      configurationSet,
    });
    identity.dkimRecords.forEach((record, i) => {
      new CfnOutput(stack, `RequestMailDkimRecord${i + 1}`, {
        description: `Publish in DNS so SES signs the review requests of ${domain} (Easy DKIM)`,
        value: `${record.name} CNAME ${record.value}`,
      });
    });
  }
  return {
    configurationSet,
    env: {
      REQUEST_MAIL_CONFIGURATION_SET: configurationSet.configurationSetName,
      REQUEST_MAIL_DAILY_CAP: String(config.requestMailDailyCap),
      ...(from ? { REQUEST_MAIL_FROM_ADDRESS: from } : {}),
    },
  };
}

/** The metric of the day's platform count of review-request mails (the requests worker's `platformCount`). */
export const requestMailCountMetricName = (stage: string) => `RequestMailsToday-${stage}`;

/**
 * The platform's daily cap per channel raises an alarm at 80 % (decisions 26): a metric filter turns the requests
 * worker's count lines (`requestMailCountLog` for mails, `requestTextCountLog` for texts, each with the day's
 * `platformCount`) into a metric, whose highest value in 5 minutes reaching 80 % of the channel's cap alarms.
 */
export function addRequestMailCapAlarm(
  stack: Stack,
  props: { config: StageConfig; requestsWorker: LambdaFunction; alarmAction: IAlarmAction },
): void {
  const channels = [
    { id: 'Mail', what: 'mails', log: requestMailCountLog, cap: props.config.requestMailDailyCap },
    { id: 'Text', what: 'texts', log: requestTextCountLog, cap: props.config.requestTextDailyCap },
  ];
  for (const { id, what, log, cap } of channels) {
    const metricName =
      id === 'Mail' ? requestMailCountMetricName(props.config.stage) : `RequestTextsToday-${props.config.stage}`;
    new MetricFilter(stack, `Request${id}CountFilter`, {
      logGroup: props.requestsWorker.logGroup,
      filterPattern: FilterPattern.stringValue('$.message', '=', log),
      metricNamespace: 'ReviewRoute',
      metricName,
      metricValue: '$.platformCount',
    });
    new Alarm(stack, `Request${id}CapAlarm`, {
      alarmDescription:
        `ReviewRoute: review-request ${what} reached 80 % of the platform's daily cap (${cap}); ` +
        'past the cap every owner waits for the next day',
      metric: new Metric({ namespace: 'ReviewRoute', metricName, statistic: 'Maximum', period: Duration.minutes(5) }),
      threshold: Math.ceil(cap * 0.8),
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(props.alarmAction);
  }
}
