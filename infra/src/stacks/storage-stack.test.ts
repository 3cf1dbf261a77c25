import { Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetsBucketDefinition } from '@reviewroute/shared';
import { synthTestApp, type TestApp } from '../../testing/test-app';

describe('storage stack', () => {
  let app: TestApp;
  let template: Template;
  beforeAll(() => {
    app = synthTestApp();
    template = app.template('storage');
  });
  afterAll(() => app.cleanup());

  const siteOrigin = {
    'Fn::Join': ['', ['https://', { 'Fn::ImportValue': Match.stringLikeRegexp('ReviewRoute-dev-Web:.*DomainName') }]],
  };

  it('keeps the survey-assets bucket private, encrypted and retained', () => {
    template.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        BucketName: 'reviewroute-dev-assets-123456789012-eu-west-1',
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
        LoggingConfiguration: Match.objectLike({ LogFilePrefix: 's3/assets/' }),
      }),
    });
  });

  it('allows browser uploads (presigned POST) from the site origin only', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: 'reviewroute-dev-assets-123456789012-eu-west-1',
      CorsConfiguration: {
        CorsRules: [Match.objectLike({ AllowedMethods: ['POST', 'GET', 'HEAD'], AllowedOrigins: [siteOrigin] })],
      },
    });
  });

  it('denies plain HTTP and lets only the web distribution read objects (OAC)', () => {
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: Match.stringLikeRegexp('^AssetsBucket') },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Principal: { AWS: '*' },
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
          Match.objectLike({
            Effect: 'Allow',
            Action: 's3:GetObject',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            // The public prefix only: unconfirmed uploads under incoming/ have no URL.
            Resource: {
              'Fn::Join': ['', [{ 'Fn::GetAtt': [Match.stringLikeRegexp('^AssetsBucket'), 'Arn'] }, '/files/*']],
            },
            Condition: {
              StringEquals: {
                'AWS:SourceArn': {
                  'Fn::Join': [
                    '',
                    [
                      'arn:aws:cloudfront::123456789012:distribution/',
                      { 'Fn::ImportValue': Match.stringLikeRegexp('ReviewRoute-dev-Web:.*Distribution') },
                    ],
                  ],
                },
              },
            },
          }),
        ]),
      },
    });
  });

  it('expires unconfirmed uploads under incoming/ after a day, and keeps access logs 7 days', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: 'reviewroute-dev-assets-123456789012-eu-west-1',
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ Prefix: assetsBucketDefinition.incomingPrefix, ExpirationInDays: 1, Status: 'Enabled' }),
        ]),
      },
    });
    template.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: { Rules: [Match.objectLike({ ExpirationInDays: 7, Status: 'Enabled' })] },
    });
  });

  it("keeps the assets bucket's access logs (uploaders' IP addresses) at most 7 days (decisions 14)", () => {
    const buckets = template.findResources('AWS::S3::Bucket');
    const assets = Object.values(buckets).find(
      (b) =>
        (b as { Properties: { BucketName?: string } }).Properties.BucketName ===
        'reviewroute-dev-assets-123456789012-eu-west-1',
    ) as { Properties: { LoggingConfiguration: { DestinationBucketName: { Ref: string } } } };
    const logsId = assets.Properties.LoggingConfiguration.DestinationBucketName.Ref;
    const rules = (
      buckets[logsId] as {
        Properties: {
          LifecycleConfiguration: { Rules: { ExpirationInDays?: number; Prefix?: string; Status: string }[] };
        };
      }
    ).Properties.LifecycleConfiguration.Rules;
    // One rule for every object of the bucket, enabled, at most a week.
    expect(
      rules.some((r) => r.Prefix === undefined && r.Status === 'Enabled' && (r.ExpirationInDays ?? Infinity) <= 7),
    ).toBe(true);
  });
});
