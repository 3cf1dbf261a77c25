import { type Stack, Validations } from 'aws-cdk-lib';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { type StageConfig } from '../config';

/**
 * The stack's alarm topic, with the `alarmEmail` subscriber when configured. One per region: an alarm can
 * only notify a topic of its own region, and WAF's metrics for CloudFront exist in us-east-1 only.
 */
export function alarmTopic(stack: Stack, config: StageConfig): Topic {
  const topic = new Topic(stack, 'AlarmTopic', {
    displayName: `ReviewRoute ${config.stage} alarms`,
    enforceSSL: true,
  });
  if (config.alarmEmail) topic.addSubscription(new EmailSubscription(config.alarmEmail));
  Validations.of(topic).acknowledge({
    id: 'AwsSolutions-SNS2',
    reason:
      'Alarm notifications carry alarm names and metric values only, no personal data. CloudWatch cannot publish ' +
      'to a topic encrypted with the AWS-managed SNS key; a customer-managed KMS key per region would cost more ' +
      'than it protects here.',
  });
  return topic;
}
