import { CfnOutput, RemovalPolicy, SecretValue, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { CfnAccount, CfnRestApi, DomainName, EndpointType, SecurityPolicy } from 'aws-cdk-lib/aws-apigateway';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { type Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { defaultErrorMessages, originVerifyHeader } from '@reviewroute/shared';
import { type Construct } from 'constructs';
import { ownerTokenWafLimit, type StageConfig } from '../config';
import { unrotatedSecret } from './unrotated-secret';

export interface GatewayStackProps extends StackProps {
  readonly config: StageConfig;
}

/** The origin-verify secret's name: deterministic, so the web stack reads it without a reference. */
export const originVerifySecretName = (stage: string): string => `reviewroute/${stage}/origin-verify`;

/** The REST API's one stage: the api stack deploys it; without an own API domain CloudFront's origin path names it. */
export const restApiStageName = 'live';

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

/** The API's error contract (decisions 15) as a WAF custom response body. */
const errorBody = (code: 'FORBIDDEN' | 'RATE_LIMITED'): CfnWebACL.CustomResponseBodyProperty => ({
  contentType: 'APPLICATION_JSON',
  content: JSON.stringify({ error: { code, message: defaultErrorMessages[code] } }),
});

/**
 * The REST API itself (regional), its optional own domain, the origin-verify secret and the regional web ACL that
 * guards the API's stage. Resources, methods, the stage (its per-method throttles name the routes) and the Lambdas
 * live in the api stack, which deploys after the web stack: the Lambdas need the site origin (CloudFront) and
 * CloudFront needs this API's domain. Keeping the API resource here breaks that cycle.
 *
 * Only CloudFront reaches the API: the web ACL (evaluated before API Gateway's throttling, authorizer and
 * integration) blocks every request that lacks the origin-verify header's value, so a caller of the execute-api
 * endpoint (or the API's own domain) never counts in a route's throttle nor runs a Lambda. It lives here, not with
 * the stage, so that a rotation updates it before the web stack switches CloudFront to the new value.
 */
export class GatewayStack extends Stack {
  readonly restApi: CfnRestApi;
  /** The REST API's name: the `ApiName` dimension of its metrics. */
  readonly restApiName: string;
  /** The host CloudFront sends `/api/*` to: the API's own domain, else `{restApiId}.execute-api.{region}.amazonaws.com`. */
  readonly apiDomainName: string;
  /** CloudFront's origin path: the stage on the execute-api endpoint; none on the API's own domain (mapped at its root). */
  readonly apiOriginPath?: string;
  /** The API's own domain when configured; the api stack maps the stage onto it. */
  readonly customDomain?: DomainName;
  /**
   * The value CloudFront adds to every API request (`originVerifyHeader`): the web ACL and the Lambdas refuse
   * requests without it, so the viewer address the Lambdas trust was set by CloudFront, not by a caller of the API
   * endpoint itself.
   */
  readonly originVerifySecret: Secret;
  /** The regional web ACL the api stack associates with the stage. */
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: GatewayStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.restApiName = `reviewroute-${config.stage}`;
    this.restApi = new CfnRestApi(this, 'RestApi', {
      name: this.restApiName,
      description: 'ReviewRoute API (behind CloudFront under /api/*)',
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      // With an own API domain nothing needs the execute-api endpoint: CloudFront uses the domain.
      disableExecuteApiEndpoint: config.disableExecuteApiEndpoint,
    });
    Validations.of(this.restApi).acknowledge({
      id: 'AwsSolutions-APIG2',
      reason:
        'Every route parses its path parameters, query and body with the zod schemas the web app validates with ' +
        '(shared/src/route-contracts.ts) before any work, and answers 400 with the error contract; API Gateway ' +
        'models would be a second copy of those rules to keep in step.',
    });

    // A REST API stage writes its access logs through the account's API Gateway role (one per account and region).
    const cloudWatchRole = new Role(this, 'ApiGatewayLogsRole', {
      description: 'API Gateway (REST) writes the stages access logs to CloudWatch Logs',
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
      managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs')],
    });
    Validations.of(cloudWatchRole).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      reason:
        "AWS's own policy for API Gateway's account-wide logging role: it only creates and writes log groups and " +
        'streams, which is what the access logs need.',
    });
    const account = new CfnAccount(this, 'ApiGatewayAccount', { cloudWatchRoleArn: cloudWatchRole.roleArn });
    // Account-wide: removing the stack must not take the logging role from other APIs of the account.
    account.applyRemovalPolicy(RemovalPolicy.RETAIN);

    if (config.apiDomainName && config.apiCertificateArn) {
      this.customDomain = new DomainName(this, 'ApiDomain', {
        domainName: config.apiDomainName,
        certificate: Certificate.fromCertificateArn(this, 'ApiCertificate', config.apiCertificateArn),
        endpointType: EndpointType.REGIONAL,
        securityPolicy: SecurityPolicy.TLS_1_2,
      });
      // DNS is the operator's: a CNAME from the API domain to this target (see the README).
      new CfnOutput(this, 'ApiDomainTarget', { value: this.customDomain.domainNameAliasDomainName });
    }
    this.apiDomainName = config.apiDomainName ?? `${this.restApi.ref}.execute-api.${this.region}.${this.urlSuffix}`;
    if (!this.customDomain) this.apiOriginPath = `/${restApiStageName}`;

    this.originVerifySecret = unrotatedSecret(
      this,
      'OriginVerifySecret',
      {
        secretName: originVerifySecretName(config.stage),
        description: 'ReviewRoute: the header value CloudFront sends to the API; the API refuses requests without it',
        // Header-safe characters only.
        generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
        removalPolicy: RemovalPolicy.DESTROY,
      },
      'Rotated by the operator (README: put a new value, deploy with -c originVerifyRotation=...): CloudFront reads ' +
        'the value only when its configuration changes, so a scheduled rotation alone would refuse all API traffic. ' +
        'The API accepts the current and the previous value, so a rotation never refuses a request.',
    );

    // The values the web ACL lets through: the secret's current value, resolved by CloudFormation from the same
    // secret CloudFront's origin header is (one source of truth), and after a rotation (originVerifyRotation) its
    // previous one too, which CloudFront still sends until the web stack's update has reached every edge.
    const acceptedValues = [
      this.originVerifySecret.secretValue,
      ...(config.originVerifyRotation
        ? [SecretValue.secretsManager(this.originVerifySecret.secretArn, { versionStage: 'AWSPREVIOUS' })]
        : []),
    ].map((value): CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { singleHeader: { Name: originVerifyHeader } },
        positionalConstraint: 'EXACTLY',
        searchString: value.unsafeUnwrap(),
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    }));
    const fromOurCloudFront: CfnWebACL.StatementProperty =
      acceptedValues.length === 1 ? acceptedValues[0]! : { orStatement: { statements: acceptedValues } };

    const webAclName = `reviewroute-${config.stage}-api`;
    this.webAcl = new CfnWebACL(this, 'ApiWebAcl', {
      name: webAclName,
      // The rotation value changes the web ACL, so CloudFormation resolves the rotated secret again (README).
      description:
        `ReviewRoute ${config.stage}: only CloudFront reaches the API` +
        (config.originVerifyRotation ? `, origin-verify rotation ${config.originVerifyRotation}` : ''),
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      rules: [
        {
          name: 'OnlyFromCloudFront',
          priority: 0,
          statement: { notStatement: { statement: fromOurCloudFront } },
          action: { block: { customResponse: { responseCode: 403, customResponseBodyKey: 'forbidden' } } },
          visibilityConfig: visibility('OnlyFromCloudFront'),
        },
        {
          // Per bearer token, before the routes' shared throttle: one owner's script cannot fill a route's bucket
          // for everyone (the Lambdas' per-owner window, `ownerRequestLimit`, is the exact limit behind this one).
          name: 'OwnerTokenRate',
          priority: 1,
          statement: {
            rateBasedStatement: {
              limit: ownerTokenWafLimit.limit,
              evaluationWindowSec: ownerTokenWafLimit.windowSeconds,
              aggregateKeyType: 'CUSTOM_KEYS',
              // A request without the header is not counted (public routes send none).
              customKeys: [{ header: { name: 'authorization', textTransformations: [{ priority: 0, type: 'NONE' }] } }],
            },
          },
          action: {
            block: {
              customResponse: {
                responseCode: 429,
                customResponseBodyKey: 'rate-limited',
                responseHeaders: [{ name: 'retry-after', value: String(ownerTokenWafLimit.windowSeconds) }],
              },
            },
          },
          visibilityConfig: visibility('OwnerTokenRate'),
        },
      ],
      customResponseBodies: { forbidden: errorBody('FORBIDDEN'), 'rate-limited': errorBody('RATE_LIMITED') },
      visibilityConfig: visibility(webAclName),
    });

    if (!config.disableExecuteApiEndpoint)
      new CfnOutput(this, 'ApiEndpoint', {
        value: `https://${this.restApi.ref}.execute-api.${this.region}.${this.urlSuffix}/${restApiStageName}`,
      });
  }
}
