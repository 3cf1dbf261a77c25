import { CfnOutput, Duration, type Stack, Validations } from 'aws-cdk-lib';
import { type IAlarmAction } from 'aws-cdk-lib/aws-cloudwatch';
import { PolicyStatement, type Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { type Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { CfnConfigurationSet, CfnOptOutList } from 'aws-cdk-lib/aws-smsvoice';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import { type DeployedLambdaEnv } from '@reviewroute/shared';
import { addFailureQueue } from './failure-queue';

/**
 * What review-request texts are sent with (decisions 25, 26), in AWS End User Messaging SMS: their own
 * configuration set, whose event destination sends every text event (delivered, failed, with the text's Context)
 * to one SNS topic, encrypted with a key of its own (the events name phone numbers); the text-events worker is
 * subscribed to it. The same topic is the two-way channel of the sending numbers (`TextEventsTopicArn`, set as
 * their TwoWayChannelArn with the opt-out list below when a number is registered), so STOP replies reach the same
 * worker. The opt-out list keeps the service itself from texting a number that replied STOP again.
 */
export interface TextSending {
  readonly configurationSet: CfnConfigurationSet;
  readonly optOutList: CfnOptOutList;
  readonly eventsTopic: Topic;
  /** The Lambda environment's part of it (the requests worker reads it). */
  readonly env: Pick<DeployedLambdaEnv, 'SMS_CONFIGURATION_SET'>;
}

export function addTextSending(stack: Stack): TextSending {
  const service = new ServicePrincipal('sms-voice.amazonaws.com');
  const key = new Key(stack, 'TextEventsKey', {
    description: 'ReviewRoute: encrypts the text events topic (delivery reports and replies name phone numbers)',
    enableKeyRotation: true,
  });
  // End User Messaging publishes to the encrypted topic: it needs the key's data keys, for this account only.
  key.addToResourcePolicy(
    new PolicyStatement({
      principals: [service],
      actions: ['kms:GenerateDataKey*', 'kms:Decrypt'],
      resources: ['*'],
      conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
    }),
  );
  const eventsTopic = new Topic(stack, 'TextEventsTopic', {
    displayName: 'ReviewRoute text delivery events and replies',
    masterKey: key,
    enforceSSL: true,
  });
  eventsTopic.addToResourcePolicy(
    new PolicyStatement({
      principals: [service],
      actions: ['sns:Publish'],
      resources: [eventsTopic.topicArn],
      conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
    }),
  );
  const optOutList = new CfnOptOutList(stack, 'TextOptOutList', {});
  const configurationSet = new CfnConfigurationSet(stack, 'TextConfigurationSet', {
    eventDestinations: [
      {
        eventDestinationName: 'text-events',
        enabled: true,
        // Every text event: the first (queued) names the request a later reply is traced to; the final ones count.
        matchingEventTypes: ['TEXT_ALL'],
        snsDestination: { topicArn: eventsTopic.topicArn },
      },
    ],
  });
  configurationSet.node.addDependency(eventsTopic);
  new CfnOutput(stack, 'TextEventsTopicArn', {
    description:
      'Set as the two-way channel (TwoWayChannelArn) of every number texts are sent from, so STOP replies arrive',
    value: eventsTopic.topicArn,
  });
  new CfnOutput(stack, 'TextOptOutListName', {
    description: 'Set as the opt-out list of every number and sender ID texts are sent from',
    value: optOutList.ref,
  });
  return { configurationSet, optOutList, eventsTopic, env: { SMS_CONFIGURATION_SET: configurationSet.ref } };
}

/**
 * sms-voice:SendTextMessage with the texts' configuration set and opt-out list, from this account's and region's
 * origination identities only (the sender of a text is chosen per country: a registered number, a pool or a
 * sender ID; decisions 25), so the role can send nothing but review-request texts that report to the worker.
 */
export function grantSendText(stack: Stack, role: Role, texts: TextSending) {
  const arn = (resource: string, resourceName: string) =>
    stack.formatArn({ service: 'sms-voice', resource, resourceName });
  const identities = ['phone-number', 'pool', 'sender-id'].map((resource) => arn(resource, '*'));
  role.addToPrincipalPolicy(
    new PolicyStatement({
      actions: ['sms-voice:SendTextMessage'],
      resources: [texts.configurationSet.attrArn, arn('opt-out-list', texts.optOutList.ref), ...identities],
    }),
  );
  for (const identity of identities)
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${flattenCfnReference(stack.resolve(identity))}]`,
      reason:
        "The sender of a text is chosen per country (decisions 25) among this account's registered numbers, pools " +
        'and sender IDs; the configuration set and opt-out list in the same statement are the only ones allowed.',
    });
}

/**
 * The text-events worker's trigger: its Lambda subscribed to the topic. SNS invokes it asynchronously; Lambda
 * retries a failed run twice, then gives the event (with the error) to the worker's failure queue, from which
 * the replay invokes it again.
 */
export function subscribeTextEvents(
  stack: Stack,
  name: string,
  description: string,
  fn: LambdaFunction,
  props: { textSending: TextSending; alarmAction: IAlarmAction },
) {
  const failures = addFailureQueue(stack, name, description, props.alarmAction);
  fn.configureAsyncInvoke({
    retryAttempts: 2,
    maxEventAge: Duration.hours(6),
    onFailure: new SqsDestination(failures),
  });
  props.textSending.eventsTopic.addSubscription(new LambdaSubscription(fn, { deadLetterQueue: failures }));
}
