import { App, Stack, Validations } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestMailDailyCapDefault, requestTextDailyCapDefault } from '@reviewroute/shared';
import { stageConfig } from './config';
import { iamWildcardFindingIds } from './nag-acknowledgements';
import { readFindings, validationReportFile } from './nag-report';
import { synthTestApp, type TestApp } from '../testing/test-app';

describe('cdk-nag (AwsSolutions) on the whole app', () => {
  let dev: TestApp;
  let prod: TestApp;
  beforeAll(() => {
    // A cdk-nag error makes synth throw, so getting here already means no unacknowledged error.
    dev = synthTestApp();
    prod = synthTestApp({ context: { stage: 'prod', emailFrom: 'no-reply@reviewroute.example' } });
  });
  afterAll(() => {
    dev.cleanup();
    prod.cleanup();
  });

  it('leaves no unacknowledged finding, warnings included', () => {
    expect(dev.findings).toEqual([]);
    expect(prod.findings).toEqual([]);
  });

  it('names the stacks after the stage', () => {
    expect(Object.values(prod.stacks).flatMap((s) => (s instanceof Stack ? [s.stackName] : []))).toEqual([
      'ReviewRoute-prod-Auth',
      'ReviewRoute-prod-Data',
      'ReviewRoute-prod-Gateway',
      'ReviewRoute-prod-Edge',
      'ReviewRoute-prod-Web',
      'ReviewRoute-prod-Storage',
      'ReviewRoute-prod-Api',
    ]);
  });

  it('protects production data: table and user pool are retained and deletion-protected', () => {
    prod.template('data').hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({ Replicas: [Match.objectLike({ DeletionProtectionEnabled: true })] }),
    });
    prod.template('auth').hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        DeletionProtection: 'ACTIVE',
        UserPoolTier: 'PLUS',
        UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
      }),
    });
  });

  it('sends Cognito e-mails through SES when a sender is configured', () => {
    prod.template('auth').hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: {
        EmailSendingAccount: 'DEVELOPER',
        From: 'ReviewRoute <no-reply@reviewroute.example>',
        SourceArn: 'arn:aws:ses:eu-west-1:123456789012:identity/reviewroute.example',
      },
    });
    dev.template('auth').hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' },
    });
  });
});

describe('cdk-nag gate', () => {
  const synthBucket = (acknowledge: boolean): { dir: string; run: () => void } => {
    const dir = mkdtempSync(join(tmpdir(), 'reviewroute-nag-'));
    return {
      dir,
      run: () => {
        const app = new App({ outdir: dir });
        const stack = new Stack(app, 'Naked');
        const bucket = new Bucket(stack, 'Bucket');
        if (acknowledge) {
          for (const id of ['AwsSolutions-S1', 'AwsSolutions-S10']) {
            Validations.of(bucket).acknowledge({ id, reason: 'test' });
          }
        }
        Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
        app.synth();
      },
    };
  };

  it('fails the synth on an unacknowledged finding and passes once it is acknowledged', () => {
    const failing = synthBucket(false);
    const passing = synthBucket(true);
    try {
      expect(failing.run).toThrow(/AwsSolutions-S1/);
      passing.run();
      expect(readFindings(passing.dir)).toEqual([]);
    } finally {
      rmSync(failing.dir, { recursive: true, force: true });
      rmSync(passing.dir, { recursive: true, force: true });
    }
  });

  it('counts warnings as findings too (CDK itself fails only on errors)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'reviewroute-nag-'));
    try {
      writeFileSync(
        validationReportFile(dir),
        JSON.stringify({
          version: '55.0.0',
          title: 'Validation Report',
          pluginReports: [
            {
              pluginName: 'AwsSolutions',
              conclusion: 'success',
              violations: [
                {
                  ruleName: 'AwsSolutions-CFR2',
                  description: 'The CloudFront distribution may require integration with AWS WAF.',
                  severity: 'warning',
                  violatingConstructs: [{ constructPath: 'S/Distribution/Resource' }],
                },
              ],
            },
          ],
        }),
      );
      expect(readFindings(dir)).toEqual([
        {
          plugin: 'AwsSolutions',
          ruleName: 'AwsSolutions-CFR2',
          severity: 'warning',
          description: 'The CloudFront distribution may require integration with AWS WAF.',
          constructPaths: ['S/Distribution/Resource'],
        },
      ]);
      expect(readFindings(dir, 'OtherPlugin')).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('computes IAM5 finding ids the way the rule reports them', () => {
    expect(
      iamWildcardFindingIds({
        Statement: [
          {
            Effect: 'Allow',
            Action: ['s3:GetObject*', 's3:PutObject'],
            Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': ['B', 'Arn'] }, '/*']] },
          },
          { Effect: 'Deny', Action: 's3:*', Resource: '*' },
          { Effect: 'Allow', Action: 'cloudfront:CreateInvalidation', Resource: '*' },
        ],
      }),
    ).toEqual([
      'AwsSolutions-IAM5[Action::s3:GetObject*]',
      'AwsSolutions-IAM5[Resource::<B.Arn>/*]',
      'AwsSolutions-IAM5[Resource::*]',
    ]);
  });
});

describe('stage config', () => {
  it('defaults to dev and only prod is production', () => {
    expect(stageConfig({})).toEqual({
      stage: 'dev',
      isProd: false,
      disableExecuteApiEndpoint: false,
      publicConcurrency: 20,
      invoiceSeller: {},
      requestMailDailyCap: requestMailDailyCapDefault,
      requestTextDailyCap: requestTextDailyCapDefault,
    });
    expect(stageConfig({ stage: 'prod' }).isProd).toBe(true);
  });

  it('rejects names that cannot be part of stack and bucket names', () => {
    expect(() => stageConfig({ stage: 'Prod_1' })).toThrow(/Invalid stage/);
  });

  it('checks the SES sender address', () => {
    expect(stageConfig({ emailFrom: 'no-reply@reviewroute.nl' }).emailFrom).toBe('no-reply@reviewroute.nl');
    expect(() => stageConfig({ emailFrom: 'reviewroute.nl' })).toThrow(/Invalid emailFrom/);
  });

  it('needs a certificate with a custom domain', () => {
    expect(() => stageConfig({ domainName: 'app.example.com' })).toThrow(/certificateArn/);
    expect(() => stageConfig({ apiDomainName: 'api.example.com' })).toThrow(/apiCertificateArn/);
  });

  it('switches the execute-api endpoint off where the stage has its own API domain, unless told otherwise', () => {
    const api = { apiDomainName: 'api.example.com', apiCertificateArn: 'arn:aws:acm:eu-west-1:1:certificate/x' };
    expect(stageConfig(api).disableExecuteApiEndpoint).toBe(true);
    expect(stageConfig({ ...api, disableExecuteApiEndpoint: 'false' }).disableExecuteApiEndpoint).toBe(false);
    expect(() => stageConfig({ disableExecuteApiEndpoint: 'true' })).toThrow(/needs apiDomainName/);
  });

  it('checks the alarm address and the public concurrency', () => {
    expect(stageConfig({ alarmEmail: 'ops@example.com' }).alarmEmail).toBe('ops@example.com');
    expect(() => stageConfig({ alarmEmail: 'ops' })).toThrow(/Invalid alarmEmail/);
    expect(stageConfig({ publicConcurrency: '0' }).publicConcurrency).toBe(0);
    expect(() => stageConfig({ publicConcurrency: '-1' })).toThrow(/Invalid publicConcurrency/);
  });
});

describe('a stage with its own API domain', () => {
  let app: TestApp;
  beforeAll(() => {
    app = synthTestApp({
      context: {
        apiDomainName: 'api.reviewroute.example',
        apiCertificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc',
        originVerifyRotation: '2',
      },
    });
  });
  afterAll(() => app.cleanup());

  it('disables the execute-api endpoint, maps the stage onto the domain and sends CloudFront there', () => {
    app.template('gateway').hasResourceProperties('AWS::ApiGateway::RestApi', { DisableExecuteApiEndpoint: true });
    app.template('gateway').hasResourceProperties('AWS::ApiGateway::DomainName', {
      DomainName: 'api.reviewroute.example',
      EndpointConfiguration: { Types: ['REGIONAL'] },
      SecurityPolicy: 'TLS_1_2',
    });
    app.template('api').hasResourceProperties('AWS::ApiGateway::BasePathMapping', { Stage: Match.anyValue() });
    app.template('web').hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Origins: Match.arrayWith([
          Match.objectLike({
            DomainName: 'api.reviewroute.example',
            // The domain maps the stage at its root: no stage in the path.
            OriginPath: Match.absent(),
            // The rotation value changes the origin, so CloudFormation resolves the rotated secret again.
            OriginCustomHeaders: [
              Match.objectLike({ HeaderName: 'x-origin-verify' }),
              { HeaderName: 'x-origin-verify-rotation', HeaderValue: '2' },
            ],
          }),
        ]),
      }),
    });
    expect(app.findings).toEqual([]);
  });

  it('lets the previous origin-verify value through the API web ACL too while a rotation reaches every edge', () => {
    const [acl] = Object.values(app.template('gateway').findResources('AWS::WAFv2::WebACL'));
    const rule = (acl!.Properties.Rules as { Name: string; Statement: unknown }[]).find(
      (r) => r.Name === 'OnlyFromCloudFront',
    )!;
    const text = JSON.stringify(rule.Statement);
    expect(text).toContain('OrStatement');
    expect(text).toContain(':SecretString::AWSPREVIOUS:}}');
    expect(text).toContain(':SecretString:::}}');
    // The rotation value is part of the web ACL, so CloudFormation resolves the rotated secret again.
    expect(acl!.Properties.Description).toContain('rotation 2');
  });
});
