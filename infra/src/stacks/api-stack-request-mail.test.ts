import { Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestMailCountLog, requestMailDailyCapDefault, requestTextCountLog } from '@reviewroute/shared';
import { stageConfig } from '../config';
import { synthTestApp, type TestApp } from '../../testing/test-app';

type Policy = { Properties: { PolicyDocument: { Statement: { Action: unknown; Condition?: unknown }[] } } };

/** The review requests' own sender (decisions 26): identity, configuration set, From condition, platform cap. */
describe('api stack: review-request mail apart from account mail', () => {
  let app: TestApp;
  let api: Template;
  beforeAll(() => {
    app = synthTestApp({
      context: {
        contactEmail: 'hello@reviewroute.example',
        emailFrom: 'no-reply@mail.example',
        requestMailDailyCap: '5000',
      },
    });
    api = app.template('api');
  });
  afterAll(() => app.cleanup());

  const sendingPolicies = () =>
    Object.entries(api.findResources('AWS::IAM::Policy') as Record<string, Policy>).filter(([, policy]) =>
      JSON.stringify(policy).includes('ses:SendEmail'),
    );

  it('holds every sending role to one From address with ses:FromAddress', () => {
    const sending = sendingPolicies();
    expect(sending.length).toBeGreaterThan(0);
    for (const [, policy] of sending)
      for (const statement of policy.Properties.PolicyDocument.Statement.filter((s) =>
        JSON.stringify(s.Action).includes('ses:SendEmail'),
      ))
        expect(statement.Condition).toEqual({
          StringEquals: {
            'ses:FromAddress': expect.stringMatching(/^(no-reply@mail|requests@requests\.mail)\.example$/),
          },
        });
    app.template('auth').hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'ses:SendEmail',
            Condition: { StringEquals: { 'ses:FromAddress': 'no-reply@mail.example' } },
          }),
        ]),
      },
    });
  });

  it('lets only the requests worker send as the requests’ sender, on their own identity and configuration set', () => {
    const requestSenders = sendingPolicies().filter(([, policy]) =>
      JSON.stringify(policy).includes('requests@requests.mail.example'),
    );
    expect(requestSenders.map(([id]) => id.replace(/DefaultPolicy.*$/, ''))).toEqual(['RequestsWorkerRole']);
    const [[, policy]] = requestSenders as [[string, Policy]];
    const text = JSON.stringify(policy);
    expect(text).toContain(':identity/requests.mail.example');
    expect(text).not.toContain(':identity/mail.example');
    expect(text).not.toContain(':identity/no-reply@mail.example');
    expect(text).toContain('RequestMailConfigurationSet');
    expect(text).not.toContain('"MailConfigurationSet');
  });

  it('makes a second configuration set, the sending subdomain an identity with it as default, and both report to the mail-events rule', () => {
    api.resourceCountIs('AWS::SES::ConfigurationSet', 2);
    api.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'requests.mail.example',
      ConfigurationSetAttributes: {
        ConfigurationSetName: { Ref: Match.stringLikeRegexp('^RequestMailConfigurationSet') },
      },
    });
    const destinations = api.findResources('AWS::SES::ConfigurationSetEventDestination');
    const sets = Object.values(destinations).map((d) =>
      JSON.stringify((d as { Properties: { ConfigurationSetName: unknown } }).Properties.ConfigurationSetName),
    );
    expect(sets.some((s) => s.includes('RequestMailConfigurationSet'))).toBe(true);
    expect(sets.some((s) => s.includes('"MailConfigurationSet'))).toBe(true);
    api.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          REQUEST_MAIL_FROM_ADDRESS: 'requests@requests.mail.example',
          REQUEST_MAIL_CONFIGURATION_SET: { Ref: Match.stringLikeRegexp('^RequestMailConfigurationSet') },
          REQUEST_MAIL_DAILY_CAP: '5000',
          CONTACT_FROM_ADDRESS: 'no-reply@mail.example',
        }),
      },
    });
  });

  it('alarms at 80 % of the platform’s daily cap, from the count the requests worker logs', () => {
    const filters = api.findResources('AWS::Logs::MetricFilter', {
      Properties: { FilterPattern: `{ $.message = "${requestMailCountLog}" }` },
    });
    const [filter] = Object.values(filters) as {
      Properties: { LogGroupName: { Ref: string }; MetricTransformations: { MetricValue: string }[] };
    }[];
    expect(filter!.Properties.LogGroupName.Ref).toMatch(/^RequestsWorkerLogs/);
    expect(filter!.Properties.MetricTransformations[0]!.MetricValue).toBe('$.platformCount');
    api.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: Match.stringLikeRegexp('^RequestMailsToday-'),
      Statistic: 'Maximum',
      Threshold: 4000,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: Match.anyValue(),
    });
    // Texts have a day of their own, logged apart, so neither alarm counts the other channel.
    expect(
      Object.keys(
        api.findResources('AWS::Logs::MetricFilter', {
          Properties: { FilterPattern: `{ $.message = "${requestTextCountLog}" }` },
        }),
      ),
    ).toHaveLength(1);
    api.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: Match.stringLikeRegexp('^RequestTextsToday-'),
      Threshold: 4000,
    });
  });
});

describe('requestMailFrom and requestMailDailyCap settings', () => {
  it('default to requests@requests. the mail domain and the default cap, and are checked', () => {
    expect(stageConfig({}).requestMailFrom).toBeUndefined();
    expect(stageConfig({ contactEmail: 'hello@reviewroute.nl' }).requestMailFrom).toBe(
      'requests@requests.reviewroute.nl',
    );
    expect(stageConfig({ requestMailFrom: 'vragen@vraag.reviewroute.nl' }).requestMailFrom).toBe(
      'vragen@vraag.reviewroute.nl',
    );
    expect(() => stageConfig({ requestMailFrom: 'reviewroute.nl' })).toThrow(/Invalid requestMailFrom/);
    expect(() =>
      stageConfig({ emailFrom: 'no-reply@reviewroute.nl', requestMailFrom: 'no-reply@reviewroute.nl' }),
    ).toThrow(/must not be the account mails' sender/);
    expect(stageConfig({}).requestMailDailyCap).toBe(requestMailDailyCapDefault);
    expect(stageConfig({ requestMailDailyCap: '2500' }).requestMailDailyCap).toBe(2500);
    expect(() => stageConfig({ requestMailDailyCap: '0' })).toThrow(/Invalid requestMailDailyCap/);
    expect(() => stageConfig({ requestMailDailyCap: 'lots' })).toThrow(/Invalid requestMailDailyCap/);
  });
});
