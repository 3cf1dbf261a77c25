import { Match, type Template } from 'aws-cdk-lib/assertions';
import { routes } from '@reviewroute/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { edgePublicPostLimit, edgeSurveySubmitLimit } from '../config';
import { synthTestApp, type TestApp } from '../../testing/test-app';

/** The two statements of a rule's scope that match POSTs to paths under `prefix`. */
const postsUnder = (prefix: string) => [
  { ByteMatchStatement: Match.objectLike({ FieldToMatch: { Method: {} }, SearchString: 'POST' }) },
  {
    ByteMatchStatement: Match.objectLike({
      FieldToMatch: { UriPath: {} },
      PositionalConstraint: 'STARTS_WITH',
      SearchString: prefix,
    }),
  },
];

describe('edge stack (WAF for CloudFront)', () => {
  let app: TestApp;
  let template: Template;
  beforeAll(() => {
    app = synthTestApp({ context: { alarmEmail: 'ops@reviewroute.example' } });
    template = app.template('edge');
  });
  afterAll(() => app.cleanup());

  it('lives in us-east-1, as CloudFront requires of its web ACL', () => {
    expect(app.stacks.edge.region).toBe('us-east-1');
    template.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
  });

  it('limits public POSTs per client IP and answers with the API error contract (429, Retry-After)', () => {
    template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Rules: Match.arrayWith([
        Match.objectLike({
          Name: 'PublicPostRate',
          Statement: {
            RateBasedStatement: Match.objectLike({
              Limit: edgePublicPostLimit.limit,
              AggregateKeyType: 'IP',
              ScopeDownStatement: {
                AndStatement: {
                  Statements: [...postsUnder('/api/public/')],
                },
              },
            }),
          },
          Action: {
            Block: {
              CustomResponse: Match.objectLike({
                ResponseCode: 429,
                ResponseHeaders: [{ Name: 'retry-after', Value: String(edgePublicPostLimit.windowSeconds) }],
              }),
            },
          },
        }),
      ]),
      CustomResponseBodies: { 'rate-limited': Match.objectLike({ Content: Match.stringLikeRegexp('RATE_LIMITED') }) },
    });
  });

  it('limits submits per survey path at the edge, whatever the addresses, sized for a crowd of 1,000 in two minutes', () => {
    template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Rules: Match.arrayWith([
        Match.objectLike({
          Name: 'SurveySubmitRate',
          Statement: {
            RateBasedStatement: {
              Limit: edgeSurveySubmitLimit.limit,
              EvaluationWindowSec: 120,
              AggregateKeyType: 'CUSTOM_KEYS',
              CustomKeys: [
                {
                  UriPath: {
                    TextTransformations: [
                      { Priority: 0, Type: 'URL_DECODE' },
                      { Priority: 1, Type: 'NORMALIZE_PATH' },
                      { Priority: 2, Type: 'LOWERCASE' },
                    ],
                  },
                },
              ],
              ScopeDownStatement: {
                AndStatement: {
                  Statements: [
                    ...postsUnder('/api/public/surveys/'),
                    {
                      ByteMatchStatement: Match.objectLike({
                        FieldToMatch: { UriPath: {} },
                        PositionalConstraint: 'ENDS_WITH',
                        SearchString: '/responses',
                      }),
                    },
                  ],
                },
              },
            },
          },
          Action: {
            Block: {
              CustomResponse: {
                ResponseCode: 429,
                CustomResponseBodyKey: 'rate-limited',
                ResponseHeaders: [{ Name: 'retry-after', Value: String(edgeSurveySubmitLimit.retryAfterSeconds) }],
              },
            },
          },
        }),
      ]),
    });
    // 1,000 customers, each submit sent at most twice (the page retries once after a 429), pass.
    expect(edgeSurveySubmitLimit.limit).toBeGreaterThanOrEqual(2000);
    // The scope-down matches the route table's submit path.
    const submitPath = routes.find((route) => route.id === 'submit-response')!.path;
    expect(submitPath.startsWith(edgeSurveySubmitLimit.pathPrefix)).toBe(true);
    expect(submitPath.endsWith(edgeSurveySubmitLimit.pathSuffix)).toBe(true);
  });

  it('gives every rule its own priority', () => {
    const [acl] = Object.values(template.findResources('AWS::WAFv2::WebACL'));
    const priorities = (acl!.Properties.Rules as { Priority: number }[]).map((rule) => rule.Priority);
    expect(new Set(priorities).size).toBe(priorities.length);
  });

  it('runs the AWS managed rule groups: common, known bad inputs, IP reputation', () => {
    for (const name of [
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
      'AWSManagedRulesAmazonIpReputationList',
    ]) {
      template.hasResourceProperties('AWS::WAFv2::WebACL', {
        Rules: Match.arrayWith([
          Match.objectLike({
            Name: name,
            Statement: { ManagedRuleGroupStatement: { VendorName: 'AWS', Name: name } },
            OverrideAction: { None: {} },
          }),
        ]),
      });
    }
  });

  it('leaves the body size to the API (16 KB, 413 with its error contract): the common rule set only counts it', () => {
    template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Rules: Match.arrayWith([
        Match.objectLike({
          Name: 'AWSManagedRulesCommonRuleSet',
          Statement: {
            ManagedRuleGroupStatement: Match.objectLike({
              RuleActionOverrides: [{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }],
            }),
          },
        }),
      ]),
    });
  });

  it('logs blocked requests only, without credentials, to a log group kept a week', () => {
    template.hasResourceProperties('AWS::Logs::LogGroup', {
      LogGroupName: 'aws-waf-logs-reviewroute-dev',
      RetentionInDays: 7,
    });
    template.hasResourceProperties('AWS::WAFv2::LoggingConfiguration', {
      ResourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^WebAcl'), 'Arn'] },
      // Without the `:*` suffix of the log group's Arn attribute, which WAF refuses.
      LogDestinationConfigs: ['arn:aws:logs:us-east-1:123456789012:log-group:aws-waf-logs-reviewroute-dev'],
      RedactedFields: [{ SingleHeader: { Name: 'authorization' } }, { SingleHeader: { Name: 'cookie' } }],
      LoggingFilter: Match.objectLike({ DefaultBehavior: 'DROP' }),
    });
  });

  it('alarms on WAF blocks to the alarm topic with the configured e-mail subscriber', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/WAFV2',
      MetricName: 'BlockedRequests',
      AlarmActions: [{ Ref: Match.stringLikeRegexp('^AlarmTopic') }],
    });
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@reviewroute.example',
    });
  });

  it('is the web ACL of the distribution', () => {
    const web = app.template('web');
    const [distribution] = Object.values(web.findResources('AWS::CloudFront::Distribution'));
    expect(JSON.stringify(distribution!.Properties.DistributionConfig.WebACLId)).toMatch(/WebAcl/);
  });
});
