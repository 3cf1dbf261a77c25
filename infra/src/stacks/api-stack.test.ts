import { Match, type Template } from 'aws-cdk-lib/assertions';
import { activeDomains, routeKey, routes } from '@reviewroute/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiThrottle } from '../config';
import { synthTestApp, type TestApp } from '../testing/test-app';

describe('api + gateway stacks', () => {
  let app: TestApp;
  let api: Template;
  let gateway: Template;
  beforeAll(() => {
    // Real esbuild bundling: proves every domain's handler module bundles.
    app = synthTestApp({ bundle: true });
    api = app.template('api');
    gateway = app.template('gateway');
  });
  afterAll(() => app.cleanup());

  it('has one nodejs22.x arm64 Lambda per active API domain, with the agreed environment', () => {
    const functions = api.findResources('AWS::Lambda::Function');
    expect(Object.keys(functions)).toHaveLength(activeDomains().length);
    for (const domain of activeDomains()) {
      api.hasResourceProperties('AWS::Lambda::Function', {
        Description: `ReviewRoute API: ${domain} domain`,
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        Environment: {
          Variables: Match.objectLike({
            TABLE_NAME: Match.anyValue(),
            ASSETS_BUCKET: Match.anyValue(),
            USER_POOL_ID: Match.anyValue(),
            // Only the JWT authorizer needs the client id; no handler reads it.
            USER_POOL_CLIENT_ID: Match.absent(),
            SITE_ORIGIN: { 'Fn::Join': ['', ['https://', Match.anyValue()]] },
            ASSETS_PUBLIC_BASE_URL: { 'Fn::Join': ['', ['https://', Match.anyValue(), '/files']] },
            POWERTOOLS_SERVICE_NAME: 'reviewroute',
            POWERTOOLS_LOG_LEVEL: Match.anyValue(),
          }),
        },
      });
    }
  });

  it('gives data domains item-level table access (named GSIs) and object get/put/delete only', () => {
    api.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: Match.arrayWith(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query']),
            Resource: Match.arrayWith([{ 'Fn::Join': ['', [Match.anyValue(), '/index/gsi1']] }]),
          }),
          Match.objectLike({
            Action: Match.arrayWith(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']),
            Resource: 'arn:aws:s3:::reviewroute-dev-assets-123456789012-eu-west-1/*',
          }),
          Match.objectLike({
            Action: 's3:ListBucket',
            Resource: 'arn:aws:s3:::reviewroute-dev-assets-123456789012-eu-west-1',
          }),
        ]),
      },
    });
    const statements = JSON.stringify(api.findResources('AWS::IAM::Policy'));
    expect(statements).not.toContain('dynamodb:*');
    expect(statements).not.toContain('/index/*');
  });

  it('lets only the account Lambda read users (AdminGetUser) of our pool, nothing else of Cognito', () => {
    const policies = api.findResources('AWS::IAM::Policy');
    const cognitoStatements = Object.entries(policies).flatMap(([id, policy]) =>
      (policy.Properties.PolicyDocument.Statement as { Action: unknown; Resource: unknown }[])
        .filter((st) => JSON.stringify(st.Action).includes('cognito-idp'))
        .map((st) => ({ id, ...st })),
    );
    expect(cognitoStatements).toHaveLength(1);
    expect(cognitoStatements[0]!.id).toMatch(/^AccountRole/);
    expect(cognitoStatements[0]).toMatchObject({
      Action: 'cognito-idp:AdminGetUser',
      Resource: {
        'Fn::Join': [
          '',
          [
            'arn:aws:cognito-idp:eu-west-1:123456789012:userpool/',
            { 'Fn::ImportValue': expect.stringMatching(/^ReviewRoute-dev-Auth:ExportsOutputRefUserPool[0-9A-F]/) },
          ],
        ],
      },
    });
  });

  it('has one route per route-table entry; the JWT authorizer guards owner routes only', () => {
    api.resourceCountIs('AWS::ApiGatewayV2::Route', routes.length);
    for (const route of routes) {
      api.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: routeKey(route),
        ...(route.auth === 'owner'
          ? { AuthorizationType: 'JWT', AuthorizerId: Match.anyValue() }
          : { AuthorizationType: 'NONE', AuthorizerId: Match.absent() }),
      });
    }
  });

  it('trusts tokens of our user pool issued to our app client', () => {
    const authorizers = [
      ...Object.values(api.findResources('AWS::ApiGatewayV2::Authorizer')),
      ...Object.values(gateway.findResources('AWS::ApiGatewayV2::Authorizer')),
    ];
    expect(authorizers).toHaveLength(1);
    expect(authorizers[0]).toMatchObject({
      Properties: {
        AuthorizerType: 'JWT',
        IdentitySource: ['$request.header.Authorization'],
        JwtConfiguration: {
          Issuer: {
            'Fn::Join': [
              '',
              [
                'https://cognito-idp.eu-west-1.',
                { Ref: 'AWS::URLSuffix' },
                '/',
                { 'Fn::ImportValue': expect.stringMatching(/^ReviewRoute-dev-Auth:ExportsOutputRefUserPool[0-9A-F]/) },
              ],
            ],
          },
          Audience: [
            { 'Fn::ImportValue': expect.stringMatching(/^ReviewRoute-dev-Auth:ExportsOutputRefUserPoolWebClient/) },
          ],
        },
      },
    });
  });

  it('throttles the default stage and writes access logs (without IP addresses)', () => {
    gateway.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingBurstLimit: apiThrottle.burstLimit,
        ThrottlingRateLimit: apiThrottle.rateLimit,
      },
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^AccessLogs'), 'Arn'] },
        Format: Match.stringLikeRegexp('\\$context\\.requestId'),
      },
    });
    expect(JSON.stringify(gateway.findResources('AWS::ApiGatewayV2::Stage'))).not.toContain('sourceIp');
  });
});
