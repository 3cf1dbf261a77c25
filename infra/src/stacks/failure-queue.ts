import { Duration, type Stack, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, type IAlarmAction, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';

/** The failure queue of a trigger (`OwnerJobsStreamReader`, `ExportsWorker`, …) in a stack (`ReviewRoute-prod-Api`). */
export const failureQueueName = (stackName: string, name: string) => `${stackName}-${name}-failures`;

/**
 * Where a trigger puts what it gave up on, so nothing is dropped silently: an encrypted, TLS-only SQS queue
 * (`{name}FailureQueue`) holding it for SQS's longest retention, and an alarm (`{name}FailureAlarm`) as soon as
 * anything is in it.
 */
export function addFailureQueue(stack: Stack, name: string, description: string, alarmAction: IAlarmAction): Queue {
  const queue = new Queue(stack, `${name}FailureQueue`, {
    // Named, so the replay finds it from the stage and the trigger's name alone (`failureQueueName`).
    queueName: failureQueueName(stack.stackName, name),
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    // Two weeks to look at and replay what failed after the alarm.
    retentionPeriod: Duration.days(14),
  });
  Validations.of(queue).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason:
      'This queue is itself a dead-letter queue (a Lambda event source on-failure destination or an EventBridge ' +
      "target's DLQ), which cdk-nag only recognises when another queue or a Lambda function points at it.",
  });
  new Alarm(stack, `${name}FailureAlarm`, {
    alarmDescription: `ReviewRoute: the ${description} gave up on something (in its failure queue)`,
    metric: queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
    threshold: 0,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  }).addAlarmAction(alarmAction);
  return queue;
}
