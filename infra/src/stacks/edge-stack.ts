import { ArnFormat, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { defaultErrorMessages } from '@reviewroute/shared';
import { type Construct } from 'constructs';
import { edgePublicPostLimit, edgeSurveySubmitLimit, type StageConfig } from '../config';
import { alarmTopic } from './alarm-topic';

export interface EdgeStackProps extends StackProps {
  readonly config: StageConfig;
}

const managedRuleGroups = [
  // Addresses AWS has seen in bots, scanners and attacks: refused before any other rule runs.
  'AWSManagedRulesAmazonIpReputationList',
  // OWASP-style common exploits (size limits, XSS and LFI patterns, bad user agents).
  'AWSManagedRulesCommonRuleSet',
  // Request patterns of known vulnerabilities (Log4j, Java deserialization, localhost host headers).
  'AWSManagedRulesKnownBadInputsRuleSet',
] as const;

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

/**
 * CloudFront's web ACL. CloudFront only accepts a web ACL from us-east-1, so this stack lives there
 * (whatever the app's region) and hands its ARN to the web stack through a cross-region reference. Its
 * blocked-request alarm is here too: a CloudWatch alarm watches metrics of its own region only.
 */
/**
 * The scope of a public rate rule: POSTs whose lower-cased path matches every given (constraint, string), so the
 * public page's cached GETs never count.
 */
const postsTo = (
  ...pathMatches: [positionalConstraint: 'STARTS_WITH' | 'ENDS_WITH', searchString: string][]
): CfnWebACL.StatementProperty => ({
  andStatement: {
    statements: [
      {
        byteMatchStatement: {
          fieldToMatch: { method: {} },
          positionalConstraint: 'EXACTLY',
          searchString: 'POST',
          textTransformations: [{ priority: 0, type: 'NONE' }],
        },
      },
      ...pathMatches.map(([positionalConstraint, searchString]) => ({
        byteMatchStatement: {
          fieldToMatch: { uriPath: {} },
          positionalConstraint,
          searchString,
          textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
        },
      })),
    ],
  },
});

export class EdgeStack extends Stack {
  readonly webAcl: CfnWebACL;
  /** The web ACL's name, the `WebACL` dimension of its metrics. */
  readonly webAclName: string;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.webAclName = `reviewroute-${config.stage}`;
    const rateLimitedBody = 'rate-limited';

    const rules: CfnWebACL.RuleProperty[] = [
      {
        name: 'PublicPostRate',
        priority: 1,
        // Per client IP: submits, review clicks and contact messages together; the API's own per-client and
        // per-survey limits sit behind this (decisions 18). Answered like the API's own 429.
        statement: {
          rateBasedStatement: {
            limit: edgePublicPostLimit.limit,
            evaluationWindowSec: edgePublicPostLimit.windowSeconds,
            aggregateKeyType: 'IP',
            scopeDownStatement: postsTo(['STARTS_WITH', edgePublicPostLimit.path]),
          },
        },
        action: {
          block: {
            customResponse: {
              responseCode: 429,
              customResponseBodyKey: rateLimitedBody,
              responseHeaders: [{ name: 'retry-after', value: String(edgePublicPostLimit.windowSeconds) }],
            },
          },
        },
        visibilityConfig: visibility('PublicPostRate'),
      },
      {
        name: 'SurveySubmitRate',
        priority: 2,
        // Per survey, whoever sends: the key is the submit's URI path (`/api/public/surveys/{code}/responses`),
        // so one survey's flood from many addresses stops here and never slows another survey. It also bounds
        // a client rotating addresses inside its IPv6 /64: WAF's rate keys take an address whole (IP, or the
        // first address in a header) or coarser (ASN), and no text transformation cuts one to a prefix, so the
        // edge cannot count per /64. A stricter per-IP rule for IPv6 would not help (each rotated address is a
        // fresh key) and a rule over all IPv6 sources, or per ASN, would be a throttle shared by every customer
        // of a mobile network. The per-/64 limit is the API's own (the viewer address CloudFront passes, behind
        // the origin secret), and this rule caps what such a client can send to one survey before the Lambda.
        statement: {
          rateBasedStatement: {
            limit: edgeSurveySubmitLimit.limit,
            evaluationWindowSec: edgeSurveySubmitLimit.windowSeconds,
            aggregateKeyType: 'CUSTOM_KEYS',
            customKeys: [
              {
                // One key per survey however its path is spelled (percent-encoding, case, doubled slashes,
                // `./`), so no spelling of the same survey buys a fresh count.
                uriPath: {
                  textTransformations: [
                    { priority: 0, type: 'URL_DECODE' },
                    { priority: 1, type: 'NORMALIZE_PATH' },
                    { priority: 2, type: 'LOWERCASE' },
                  ],
                },
              },
            ],
            scopeDownStatement: postsTo(
              ['STARTS_WITH', edgeSurveySubmitLimit.pathPrefix],
              ['ENDS_WITH', edgeSurveySubmitLimit.pathSuffix],
            ),
          },
        },
        action: {
          block: {
            customResponse: {
              responseCode: 429,
              customResponseBodyKey: rateLimitedBody,
              responseHeaders: [{ name: 'retry-after', value: String(edgeSurveySubmitLimit.retryAfterSeconds) }],
            },
          },
        },
        visibilityConfig: visibility('SurveySubmitRate'),
      },
      ...managedRuleGroups.map((name, i): CfnWebACL.RuleProperty => ({
        name,
        priority: i === 0 ? 0 : 2 + i,
        statement: {
          managedRuleGroupStatement: {
            vendorName: 'AWS',
            name,
            // Its 8 KB body limit would refuse a long survey; the API caps bodies itself (16 KB, 413 with
            // our error contract), so that rule only counts.
            ...(name === 'AWSManagedRulesCommonRuleSet'
              ? { ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }] }
              : {}),
          },
        },
        overrideAction: { none: {} },
        visibilityConfig: visibility(name),
      })),
    ];

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: this.webAclName,
      description: `ReviewRoute ${config.stage}: CloudFront`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      rules,
      customResponseBodies: {
        [rateLimitedBody]: {
          contentType: 'APPLICATION_JSON',
          // The API's error contract (decisions 15), so the page shows its own rate-limit message.
          content: JSON.stringify({ error: { code: 'RATE_LIMITED', message: defaultErrorMessages.RATE_LIMITED } }),
        },
      },
      visibilityConfig: visibility(this.webAclName),
    });

    // A WAF log line always holds the client IP, which decisions 14 otherwise never stores. So only blocked
    // requests (abuse) are logged, without credentials or cookies, and kept a week; allowed visitors never are.
    const logGroupName = `aws-waf-logs-reviewroute-${config.stage}`;
    const logs = new LogGroup(this, 'WafLogs', {
      logGroupName,
      retention: RetentionDays.ONE_WEEK,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const logging = new CfnLoggingConfiguration(this, 'WafLogging', {
      resourceArn: this.webAcl.attrArn,
      // WAF wants the log group's ARN without the `:*` that CloudFormation's Arn attribute ends with.
      logDestinationConfigs: [
        this.formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      redactedFields: [{ singleHeader: { Name: 'authorization' } }, { singleHeader: { Name: 'cookie' } }],
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          { Behavior: 'KEEP', Requirement: 'MEETS_ANY', Conditions: [{ ActionCondition: { Action: 'BLOCK' } }] },
        ],
      },
    });
    logging.node.addDependency(logs);

    const blocked = new Metric({
      namespace: 'AWS/WAFV2',
      metricName: 'BlockedRequests',
      dimensionsMap: { WebACL: this.webAclName, Rule: 'ALL' },
      statistic: 'Sum',
      period: Duration.minutes(5),
    });
    new Alarm(this, 'WafBlocksAlarm', {
      alarmDescription: 'ReviewRoute: WAF blocks many requests (a flood, a scan, or a rule that hits real users)',
      metric: blocked,
      threshold: 200,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(new SnsAction(alarmTopic(this, config)));
  }
}
