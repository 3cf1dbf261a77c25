import { Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactCapReachedLog } from '@reviewroute/shared';
import { stageConfig } from '../config';
import { synthTestApp, type TestApp } from '../../testing/test-app';

/** The contact form's mail: the operator's address from the `contactEmail` context value, sent through SES. */
describe('api stack: contact mail', () => {
  let app: TestApp;
  let api: Template;
  beforeAll(() => {
    app = synthTestApp({ context: { contactEmail: 'hello@reviewroute.example', emailFrom: 'no-reply@mail.example' } });
    api = app.template('api');
  });
  afterAll(() => app.cleanup());

  it('tells the contact Lambda where messages go and who sends them', () => {
    api.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'ReviewRoute API: contact domain',
      Environment: {
        Variables: Match.objectLike({
          CONTACT_TO_ADDRESS: 'hello@reviewroute.example',
          CONTACT_FROM_ADDRESS: 'no-reply@mail.example',
        }),
      },
    });
  });

  it('gives every owner mail the monitored help address: support@ the mail domain by default, never the no-reply', () => {
    for (const description of ['ReviewRoute API: account domain', 'ReviewRoute API: payments domain'])
      api.hasResourceProperties('AWS::Lambda::Function', {
        Description: description,
        Environment: { Variables: Match.objectLike({ SUPPORT_ADDRESS: 'support@mail.example' }) },
      });
    app.template('auth').hasResourceProperties('AWS::Lambda::Function', {
      Description: 'ReviewRoute: the password-changed notice',
      Environment: { Variables: Match.objectLike({ SUPPORT_ADDRESS: 'support@mail.example' }) },
    });
  });

  it('lets only the contact, payments and account Lambdas and the alerts (its stream reader), digests, pause-notices and requests workers send, the requests worker only as their own sender', () => {
    const sending = Object.entries(api.findResources('AWS::IAM::Policy')).filter(([, policy]) =>
      JSON.stringify(policy).includes('ses:SendEmail'),
    );
    expect(sending.map(([id]) => id.replace(/DefaultPolicy.*$/, '')).sort()).toEqual([
      'AccountRole',
      'ContactRole',
      'DigestsWorkerRole',
      'OwnerJobsStreamReaderRole',
      'PauseNoticesWorkerRole',
      'PaymentsRole',
      'RequestsWorkerRole',
    ]);
    // The review requests have a sender of their own (api-stack-request-mail.test.ts).
    for (const [, policy] of sending.filter(([id]) => !id.startsWith('RequestsWorkerRole'))) {
      const resources = JSON.stringify(policy);
      for (const identity of [
        'hello@reviewroute.example',
        'reviewroute.example',
        'no-reply@mail.example',
        'mail.example',
      ]) {
        expect(resources).toContain(`:identity/${identity}`);
      }
      expect(resources).not.toContain('identity/*');
    }
  });
});

describe('api stack: contact cap alarm', () => {
  let app: TestApp;
  let api: Template;
  beforeAll(() => {
    app = synthTestApp({ context: { contactEmail: 'hello@reviewroute.example' } });
    api = app.template('api');
  });
  afterAll(() => app.cleanup());

  it("counts the contact Lambda's cap line in its own log group and alarms the operator at the first", () => {
    const filters = api.findResources('AWS::Logs::MetricFilter', {
      Properties: { FilterPattern: `{ $.message = "${contactCapReachedLog}" }` },
    });
    const [filter] = Object.values(filters) as { Properties: { LogGroupName: { Ref: string } } }[];
    expect(filter).toBeDefined();
    expect(filter!.Properties.LogGroupName.Ref).toMatch(/^ContactLogs/);
    api.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmDescription: Match.stringLikeRegexp('contact form reached its global hourly cap'),
      MetricName: Match.stringLikeRegexp('^ContactCapReached-'),
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      AlarmActions: Match.anyValue(),
    });
  });
});

describe('supportEmail setting', () => {
  it('defaults to support@ the mail domain (the sender’s, else the contact address’s), and must be an address', () => {
    expect(stageConfig({}).supportEmail).toBeUndefined();
    expect(stageConfig({ contactEmail: 'hello@reviewroute.nl' }).supportEmail).toBe('support@reviewroute.nl');
    expect(
      stageConfig({ contactEmail: 'hello@reviewroute.nl', emailFrom: 'no-reply@mail.reviewroute.nl' }).supportEmail,
    ).toBe('support@mail.reviewroute.nl');
    expect(
      stageConfig({ contactEmail: 'hello@reviewroute.nl', supportEmail: 'help@reviewroute.nl' }).supportEmail,
    ).toBe('help@reviewroute.nl');
    expect(() => stageConfig({ supportEmail: 'reviewroute.nl' })).toThrow(/Invalid supportEmail/);
  });
});

describe('contactEmail setting', () => {
  it('is optional and must be an address', () => {
    expect(stageConfig({}).contactEmail).toBeUndefined();
    expect(stageConfig({ contactEmail: 'hello@reviewroute.nl' }).contactEmail).toBe('hello@reviewroute.nl');
    expect(() => stageConfig({ contactEmail: 'reviewroute.nl' })).toThrow(/Invalid contactEmail/);
  });
});
