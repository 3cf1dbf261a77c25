import { Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthTestApp, type TestApp } from '../../testing/test-app';

type Statement = { Action: unknown; Resource: unknown; Principal?: unknown };
type Policy = { Properties: { PolicyDocument: { Statement: Statement[] } } };

/** Review-request texts (decisions 25, 26): their configuration set, its events to the worker, the sending role. */
describe('api stack: texts through End User Messaging SMS', () => {
  let app: TestApp;
  let api: Template;
  beforeAll(() => {
    app = synthTestApp();
    api = app.template('api');
  });
  afterAll(() => app.cleanup());

  const topicId = () =>
    Object.keys(api.findResources('AWS::SNS::Topic')).find((id) => id.startsWith('TextEventsTopic'))!;

  it('makes a configuration set whose event destination sends every text event to an encrypted, TLS-only topic', () => {
    api.resourceCountIs('AWS::SMSVOICE::ConfigurationSet', 1);
    api.resourceCountIs('AWS::SMSVOICE::OptOutList', 1);
    api.hasResourceProperties('AWS::SMSVOICE::ConfigurationSet', {
      EventDestinations: [
        {
          EventDestinationName: 'text-events',
          Enabled: true,
          MatchingEventTypes: ['TEXT_ALL'],
          SnsDestination: { TopicArn: { Ref: topicId() } },
        },
      ],
    });
    api.hasResourceProperties('AWS::SNS::Topic', {
      KmsMasterKeyId: { 'Fn::GetAtt': [Match.stringLikeRegexp('^TextEventsKey'), 'Arn'] },
    });
    // Only the service publishes, for this account; and only over TLS.
    api.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [{ Ref: topicId() }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({
            Action: 'sns:Publish',
            Effect: 'Allow',
            Principal: { Service: 'sms-voice.amazonaws.com' },
            Condition: { StringEquals: { 'aws:SourceAccount': Match.anyValue() } },
          }),
        ]),
      },
    });
  });

  it('subscribes the text-events worker, whose failed runs go to its alarmed failure queue', () => {
    api.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'lambda',
      TopicArn: { Ref: topicId() },
      Endpoint: { 'Fn::GetAtt': [Match.stringLikeRegexp('^TextEventsWorkerFunction'), 'Arn'] },
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^TextEventsWorkerFailureQueue'), 'Arn'] },
      },
    });
    api.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: Match.stringLikeRegexp('^TextEventsWorkerFunction') },
      DestinationConfig: {
        OnFailure: { Destination: { 'Fn::GetAtt': [Match.stringLikeRegexp('^TextEventsWorkerFailureQueue'), 'Arn'] } },
      },
    });
  });

  it('lets only the requests worker send texts, with the texts’ configuration set and opt-out list', () => {
    const senders = Object.entries(api.findResources('AWS::IAM::Policy') as Record<string, Policy>).filter(([, p]) =>
      JSON.stringify(p).includes('sms-voice:'),
    );
    expect(senders.map(([id]) => id.replace(/DefaultPolicy.*$/, ''))).toEqual(['RequestsWorkerRole']);
    const [statement] = senders[0]![1].Properties.PolicyDocument.Statement.filter((s) =>
      JSON.stringify(s.Action).includes('sms-voice:'),
    );
    expect(statement!.Action).toBe('sms-voice:SendTextMessage');
    const resources = JSON.stringify(statement!.Resource);
    expect(resources).toContain('{"Fn::GetAtt":["TextConfigurationSet","Arn"]}');
    expect(resources).toContain(':opt-out-list/');
    expect(resources).not.toContain('configuration-set/*');
  });

  it('hands the configuration set’s name to the Lambdas as SMS_CONFIGURATION_SET', () => {
    api.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          SMS_CONFIGURATION_SET: { Ref: Match.stringLikeRegexp('^TextConfigurationSet') },
        }),
      },
    });
  });
});
