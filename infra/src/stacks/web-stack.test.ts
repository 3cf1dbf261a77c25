import { Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originVerifyHeader } from '@reviewroute/shared';
import { surveyPathPattern, widgetFramePath, widgetScriptPath } from '@reviewroute/shared/domain';
import { synthTestApp, type TestApp } from '../../testing/test-app';

describe('web stack', () => {
  let app: TestApp;
  let template: Template;
  beforeAll(() => {
    app = synthTestApp();
    template = app.template('web');
  });
  afterAll(() => app.cleanup());

  const distributionConfig = (): Record<string, unknown> => {
    const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution'));
    return (distribution as { Properties: { DistributionConfig: Record<string, unknown> } }).Properties
      .DistributionConfig;
  };

  it('serves the SPA from a private bucket through OAC, with SPA routing by a viewer-request function', () => {
    template.resourceCountIs('AWS::CloudFront::Distribution', 1);
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: Match.objectLike({ BlockPublicPolicy: true, RestrictPublicBuckets: true }),
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 's3/site/' }),
    });
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
    });
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        Origins: Match.arrayWith([
          Match.objectLike({
            DomainName: { 'Fn::GetAtt': [Match.stringLikeRegexp('^SiteBucket'), 'RegionalDomainName'] },
            OriginAccessControlId: Match.anyValue(),
          }),
        ]),
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          FunctionAssociations: [
            {
              EventType: 'viewer-request',
              FunctionARN: { 'Fn::GetAtt': [Match.stringLikeRegexp('^SpaRouting'), 'FunctionARN'] },
            },
          ],
        }),
      }),
    });
    // No distribution-wide error rewrites: they would turn API 403/404s into index.html.
    expect(distributionConfig().CustomErrorResponses).toBeUndefined();
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: Match.stringLikeRegexp('^SiteBucket') },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Action: 's3:GetObject', Principal: { Service: 'cloudfront.amazonaws.com' } }),
        ]),
      },
    });
  });

  it('sends /api/* (and the short links, /r/*) to the REST API stage uncached, with every viewer header but Host and all methods', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Origins: Match.arrayWith([
          Match.objectLike({
            DomainName: {
              'Fn::Join': [
                '',
                [
                  { 'Fn::ImportValue': Match.stringLikeRegexp('Gateway:.*RestApi') },
                  '.execute-api.eu-west-1.',
                  { Ref: 'AWS::URLSuffix' },
                ],
              ],
            },
            // The execute-api endpoint names the stage in the path.
            OriginPath: '/live',
            CustomOriginConfig: Match.objectLike({ OriginProtocolPolicy: 'https-only' }),
          }),
        ]),
        CacheBehaviors: Match.arrayWith([
          // A text's short links: the API's redirect, GET only, never cached.
          Match.objectLike({
            PathPattern: '/r/*',
            AllowedMethods: ['GET', 'HEAD'],
            CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
            FunctionAssociations: Match.absent(),
          }),
          Match.objectLike({
            PathPattern: '/api/*',
            AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
            CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
            OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
            ViewerProtocolPolicy: 'https-only',
            FunctionAssociations: Match.absent(),
          }),
          // The bucket's public prefix at the same path: no rewrite, so no other prefix has a URL.
          Match.objectLike({
            PathPattern: '/files/*',
            AllowedMethods: ['GET', 'HEAD'],
            FunctionAssociations: Match.absent(),
          }),
        ]),
      }),
    });
  });

  it('sends the origin-verify header (a Secrets Manager dynamic reference) to the API origin only', () => {
    const origins = distributionConfig().Origins as {
      DomainName: unknown;
      OriginCustomHeaders?: { HeaderName: string; HeaderValue: string }[];
    }[];
    const withHeader = origins.filter((o) => o.OriginCustomHeaders?.length);
    expect(withHeader).toHaveLength(1);
    expect(JSON.stringify(withHeader[0]!.DomainName)).toContain('execute-api');
    expect(withHeader[0]!.OriginCustomHeaders).toEqual([
      {
        HeaderName: originVerifyHeader,
        HeaderValue: '{{resolve:secretsmanager:reviewroute/dev/origin-verify:SecretString:::}}',
      },
    ]);
  });

  it('sits behind the us-east-1 web ACL and keeps no CloudFront standard logs (they hold viewer IPs)', () => {
    const config = distributionConfig();
    expect(config.Logging).toBeUndefined();
    expect(JSON.stringify(config.WebACLId)).toMatch(/WebAcl/);
    // The site bucket's access logs are kept 30 days.
    template.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: { Rules: [Match.objectLike({ ExpirationInDays: 7, Status: 'Enabled' })] },
    });
  });

  it('caches the public survey read ahead of /api/*, as long as the API says (max 5 min), path-only key', () => {
    const behaviors = distributionConfig().CacheBehaviors as Record<string, unknown>[];
    const paths = behaviors.map((b) => b.PathPattern);
    expect(paths.indexOf('/api/public/surveys/*')).toBeGreaterThanOrEqual(0);
    expect(paths.indexOf('/api/public/surveys/*')).toBeLessThan(paths.indexOf('/api/*'));
    const publicSurveys = behaviors.find((b) => b.PathPattern === '/api/public/surveys/*')!;
    const api = behaviors.find((b) => b.PathPattern === '/api/*')!;
    expect(publicSurveys).toMatchObject({
      TargetOriginId: api.TargetOriginId,
      // The submit POSTs live under the same path: every method reaches the API, only GET/HEAD are cached.
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      CachedMethods: ['GET', 'HEAD'],
      ViewerProtocolPolicy: 'https-only',
      CachePolicyId: { Ref: expect.stringMatching(/^PublicSurveyCache/) },
      OriginRequestPolicyId: { Ref: expect.stringMatching(/^PublicApiRequest/) },
      ResponseHeadersPolicyId: { Ref: expect.stringMatching(/^SecurityHeaders/) },
    });
    template.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        MinTTL: 0,
        DefaultTTL: 0,
        MaxTTL: 300,
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
          HeadersConfig: { HeaderBehavior: 'none' },
          CookiesConfig: { CookieBehavior: 'none' },
          QueryStringsConfig: { QueryStringBehavior: 'none' },
          EnableAcceptEncodingGzip: true,
        }),
      }),
    });
    // The origin gets what the public API needs (user agent, viewer address for the rate limit), never Host.
    template.hasResourceProperties('AWS::CloudFront::OriginRequestPolicy', {
      OriginRequestPolicyConfig: Match.objectLike({
        HeadersConfig: {
          HeaderBehavior: 'whitelist',
          Headers: Match.arrayWith(['Content-Type', 'User-Agent', 'CloudFront-Viewer-Address']),
        },
        CookiesConfig: { CookieBehavior: 'none' },
      }),
    });
    const [requestPolicy] = Object.values(template.findResources('AWS::CloudFront::OriginRequestPolicy'));
    expect(JSON.stringify(requestPolicy).toLowerCase()).not.toContain('"host"');
  });

  it('adds HSTS (2 years, preload), nosniff, frame DENY, a referrer policy and a CSP to every behaviour', () => {
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: {
          StrictTransportSecurity: {
            AccessControlMaxAgeSec: 63072000,
            IncludeSubdomains: true,
            Preload: true,
            Override: true,
          },
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
          ContentSecurityPolicy: {
            Override: true,
            ContentSecurityPolicy: Match.stringLikeRegexp(
              "default-src 'self'; script-src 'self'; .*connect-src 'self' https://cognito-idp\\.eu-west-1\\.amazonaws\\.com https://reviewroute-dev-assets-123456789012-eu-west-1\\.s3\\.eu-west-1\\.amazonaws\\.com.*frame-ancestors 'none'",
            ),
          },
        },
      }),
    });
    const config = distributionConfig() as {
      DefaultCacheBehavior: { PathPattern?: string; ResponseHeadersPolicyId: unknown };
      CacheBehaviors: { PathPattern?: string; ResponseHeadersPolicyId: unknown }[];
    };
    const widgetPaths: (string | undefined)[] = [widgetFramePath, widgetScriptPath];
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      // The reviews widget's script and frame page alone may be framed, by the owners' sites, and kept 5 minutes.
      const widget = widgetPaths.includes(behavior.PathPattern);
      const policy = widget ? 'Widget' : 'Security';
      expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: expect.stringMatching(new RegExp(`^${policy}Headers`)) });
    }
  });

  it('lets any site frame the reviews widget’s page, with the site’s CSP otherwise, and browsers keep it 5 minutes', () => {
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        CustomHeadersConfig: {
          Items: [{ Header: 'Cache-Control', Value: 'public, max-age=300', Override: true }],
        },
        SecurityHeadersConfig: Match.objectLike({
          FrameOptions: Match.absent(),
          ContentSecurityPolicy: {
            Override: true,
            ContentSecurityPolicy: Match.stringLikeRegexp(
              "default-src 'self'; script-src 'self'; .*frame-ancestors \\*;",
            ),
          },
        }),
      }),
    });
  });

  it('routes survey links at the edge with the shared survey path pattern', () => {
    const codes = Object.values(template.findResources('AWS::CloudFront::Function')).map(
      (f) => (f as { Properties: { FunctionCode: string } }).Properties.FunctionCode,
    );
    expect(codes.filter((code) => code.includes(String(surveyPathPattern)))).toHaveLength(1);
  });

  it('serves the surveys’ written pages from the assets bucket (OAC) when the routing function finds their code in its store', () => {
    template.resourceCountIs('AWS::CloudFront::KeyValueStore', 1);
    const [store] = Object.keys(template.findResources('AWS::CloudFront::KeyValueStore'));
    // The SPA routing function (the default behaviour's) reads the store and selects the assets origin by its id.
    const routing = Object.entries(template.findResources('AWS::CloudFront::Function')).find(([id]) =>
      id.startsWith('SpaRouting'),
    )?.[1] as { Properties: { FunctionCode: string; FunctionConfig: Record<string, unknown> } } | undefined;
    expect(routing!.Properties.FunctionConfig).toMatchObject({
      Runtime: 'cloudfront-js-2.0',
      KeyValueStoreAssociations: [{ KeyValueStoreARN: { 'Fn::GetAtt': [store, 'Arn'] } }],
    });
    const code = routing!.Properties.FunctionCode;
    expect(code).toContain('cf.kvs()');
    const [, originId] = /cf\.selectRequestOriginById\("([^"]+)"\)/.exec(code) ?? [];
    // That id is the origin of /files/* (the assets bucket through OAC), which holds `files/survey-pages/…`.
    const config = distributionConfig() as {
      Origins: { Id: string; DomainName: unknown; OriginAccessControlId?: unknown }[];
      CacheBehaviors: { PathPattern: string; TargetOriginId: string }[];
    };
    const assets = config.Origins.find((origin) => origin.Id === originId);
    expect(assets?.DomainName).toBe('reviewroute-dev-assets-123456789012-eu-west-1.s3.eu-west-1.amazonaws.com');
    expect(assets?.OriginAccessControlId).toBeDefined();
    expect(config.CacheBehaviors.find((b) => b.PathPattern === '/files/*')?.TargetOriginId).toBe(originId);
  });

  it('deploys the web build plus config.json for SRP sign-in', () => {
    template.resourceCountIs('Custom::CDKBucketDeployment', 2);
    const deployments = Object.values(template.findResources('Custom::CDKBucketDeployment')).map(
      (d) => (d as { Properties: Record<string, unknown> }).Properties,
    );
    const site = deployments.find((d) => d.Prune === true);
    expect(site).toMatchObject({ Exclude: ['assets/*'], DistributionPaths: ['/*'] });
    expect(site?.SourceMarkers).toEqual([
      {},
      {
        '<<marker:0xbaba:0>>': { 'Fn::ImportValue': expect.stringMatching(/^ReviewRoute-dev-Auth:.*UserPool/) },
        '<<marker:0xbaba:1>>': { 'Fn::ImportValue': expect.stringMatching(/^ReviewRoute-dev-Auth:.*WebClient/) },
      },
    ]);
    const assets = deployments.find((d) => d.Prune === false);
    expect(assets).toMatchObject({
      Include: ['assets/*'],
      SystemMetadata: { 'cache-control': expect.stringContaining('immutable') },
    });
  });
});
