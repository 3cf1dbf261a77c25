import { CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { type Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnStage,
  type DomainName,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  type IHttpApi,
  type IHttpRouteAuthorizer,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { type ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { ConfigurationSet } from 'aws-cdk-lib/aws-ses';
import { type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import {
  type ApiDomain,
  type DeployedLambdaEnv,
  activeDomains,
  environmentVariables,
  routeKey,
  routes,
} from '@reviewroute/shared';
import { handlerEntry } from '@reviewroute/functions/handler-entries';
import { type Construct } from 'constructs';
import { domainAccess } from '../access';
import { unrotatedSecret } from './unrotated-secret';
import {
  assetsBucketName,
  concurrencyCappedDomains,
  invoiceSellerEnv,
  routeThrottleOf,
  type StageConfig,
} from '../config';
import { createReviewRouteFunction, pascal } from './lambda-function';
import { addApiAlarms } from './api-alarms';
import { alarmTopic } from './alarm-topic';
import { grantAccess, grantSendMail, type AccessTargets } from './lambda-access';
import { addWorkers } from './workers';

export interface ApiStackProps extends StackProps {
  readonly config: StageConfig;
  readonly httpApi: IHttpApi;
  /** The pool's token issuer, `https://cognito-idp.{region}.amazonaws.com/{poolId}`. */
  readonly issuer: string;
  readonly userPoolId: string;
  /** The JWT authorizer's audience (the handlers never need it). */
  readonly userPoolClientId: string;
  readonly table: ITableV2;
  readonly assetsBucket: IBucket;
  /** `https://{site domain}` (landing URLs, payment redirects). */
  readonly siteOrigin: string;
  /** The secret CloudFront sends as the origin-verify header; every Lambda may read it. */
  readonly originVerifySecret: ISecret;
  /** The web distribution: the surveys Lambda invalidates `/files/*` paths of replaced or removed files. */
  readonly distributionId: string;
  readonly distributionArn: string;
  /** The API's own domain (gateway stack): the `$default` stage is mapped onto it. */
  readonly customDomain?: DomainName;
  /** The table's metrics feed the DynamoDB throttle alarm. */
  readonly tableName: string;
}

/** The Mollie API key's secret: a stable name the README's deploy steps put the key into. */
export const mollieApiKeySecretName = (stage: string): string => `reviewroute/${stage}/mollie-api-key`;

/** What the secret holds until the operator puts the key in it: no Mollie key, so payments say "not available". */
export const mollieApiKeyPlaceholder = 'not-configured: put the Mollie API key (live_... or test_...) here';

/**
 * One Lambda per API domain and one HTTP API route per route-table entry, both generated from
 * @reviewroute/shared's `routes`: adding a route there is all it takes to expose it.
 */
export class ApiStack extends Stack {
  readonly functions: ReadonlyMap<ApiDomain, LambdaFunction>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { isProd } = props.config;

    // Cognito ID tokens carry `aud` = the app client id (access tokens carry `client_id`, no `aud`):
    // the web app sends the ID token. CDK creates the authorizer resource next to the HttpApi (gateway
    // stack), which therefore depends on the auth stack.
    const ownerAuthorizer = new HttpJwtAuthorizer('CognitoJwt', props.issuer, {
      jwtAudience: [props.userPoolClientId],
    });
    const publicAuthorizer = new HttpNoneAuthorizer();

    // Built from the deterministic bucket name (not the storage stack's export) so that cdk-nag reports the
    // same resource string that the acknowledgement below names.
    const assetsBucketRef = Bucket.fromBucketName(this, 'AssetsBucketRef', assetsBucketName(this, props.config.stage));

    // Contact-form messages go to the operator, from the product's sender (else from the operator's address).
    const contactTo = props.config.contactEmail;
    const contactFrom = props.config.emailFrom ?? contactTo;

    // Every mail the API and the workers send goes with this configuration set, so SES reports its bounces and
    // complaints (to the mail-events worker, through the event destination addWorkers adds).
    // Its reputation metrics (bounce and complaint rates) go to CloudWatch, as SES's own review reads them.
    const mailConfigurationSet = new ConfigurationSet(this, 'MailConfigurationSet', { reputationMetrics: true });

    // The shared Lambda environment; the runtime adds the region and the role's credentials.
    const lambdaEnv: DeployedLambdaEnv = {
      SES_CONFIGURATION_SET: mailConfigurationSet.configurationSetName,
      TABLE_NAME: props.table.tableName,
      ASSETS_BUCKET: props.assetsBucket.bucketName,
      USER_POOL_ID: props.userPoolId,
      // The account Lambda proves a password as the web client (ADMIN_USER_PASSWORD_AUTH, allowed on that client).
      USER_POOL_CLIENT_ID: props.userPoolClientId,
      SITE_ORIGIN: props.siteOrigin,
      // The web stack serves the assets bucket's public prefix on the site's own origin at the same path.
      ASSETS_PUBLIC_BASE_URL: props.siteOrigin,
      ORIGIN_VERIFY_SECRET_ARN: props.originVerifySecret.secretArn,
      POWERTOOLS_SERVICE_NAME: 'reviewroute',
      POWERTOOLS_LOG_LEVEL: isProd ? 'INFO' : 'DEBUG',
      ...(contactTo ? { CONTACT_TO_ADDRESS: contactTo, CONTACT_FROM_ADDRESS: contactFrom } : {}),
      // Where owners get help: every owner mail's footer and Reply-To (supportEmail, default support@ the mail domain).
      ...(props.config.supportEmail ? { SUPPORT_ADDRESS: props.config.supportEmail } : {}),
      // The seller on new invoices (the invoiceSeller* context values).
      ...invoiceSellerEnv(props.config.invoiceSeller),
    };

    // The Mollie API key (decisions 11) stays out of the template and the bundle: CloudFormation creates the
    // secret with a placeholder once (a later deploy leaves a value put since untouched), the operator puts the
    // key in it (README "Deploy"), and the payments Lambda reads it once per container.
    const mollieApiKey = unrotatedSecret(
      this,
      'MollieApiKey',
      {
        secretName: mollieApiKeySecretName(props.config.stage),
        description: 'ReviewRoute: the Mollie API key (live_... or test_...) of the payments Lambda',
        secretStringValue: SecretValue.unsafePlainText(mollieApiKeyPlaceholder),
        removalPolicy: isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      },
      'A Mollie API key is issued and revoked in the Mollie dashboard, not generated here: the operator rotates it ' +
        'by putting the new key in the secret (README); a Lambda container picks it up when it is next started.',
    );
    new CfnOutput(this, 'MollieApiKeySecret', { value: mollieApiKey.secretName });

    // The key the switch-off links in the owner's alert mails are signed with (decisions 23): generated here, never
    // seen by anyone; the surveys Lambda checks a link, the alerts and digests workers sign them.
    const mailLinkKey = unrotatedSecret(
      this,
      'MailLinkKey',
      {
        description: 'ReviewRoute: the key the links in owner mails are signed with (HMAC-SHA256)',
        generateSecretString: { passwordLength: 64, excludePunctuation: true },
        removalPolicy: isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      },
      'Rotating the mail-link key would break the switch-off links in every alert mail already sent; it signs only ' +
        "the switch of one survey's alerts. Replace it by hand if it ever leaks (old links then answer 404).",
    );

    const accessTargets: AccessTargets = {
      mailLinkKey,
      table: props.table,
      assetsBucket: assetsBucketRef,
      userPoolId: props.userPoolId,
      distributionId: props.distributionId,
      distributionArn: props.distributionArn,
    };
    const functions = new Map<ApiDomain, LambdaFunction>();
    for (const domain of activeDomains()) {
      const name = pascal(domain);
      const { fn, role } = createReviewRouteFunction(this, name, {
        isProd,
        roleDescription: `ReviewRoute ${domain} API Lambda`,
        description: `ReviewRoute API: ${domain} domain`,
        entry: handlerEntry(domain),
        memorySize: 1024,
        timeout: Duration.seconds(10),
        environment: environmentVariables(lambdaEnv),
        // The public Lambda's ceiling: a flood of anonymous requests cannot take the owners' concurrency.
        extra:
          concurrencyCappedDomains.has(domain) && props.config.publicConcurrency > 0
            ? { reservedConcurrentExecutions: props.config.publicConcurrency }
            : {},
      });

      // Every Lambda checks the origin-verify header before any handler work.
      role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ['secretsmanager:GetSecretValue'],
          resources: [props.originVerifySecret.secretArn],
        }),
      );
      const access = domainAccess[domain];
      grantAccess(this, fn, role, access, accessTargets);
      if (access.sendMail) grantSendMail(this, role, [contactFrom, contactTo], lambdaEnv.SES_CONFIGURATION_SET);
      if (access.mollieKey) {
        fn.addEnvironment('MOLLIE_API_KEY_SECRET_ARN', mollieApiKey.secretArn);
        role.addToPrincipalPolicy(
          new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [mollieApiKey.secretArn] }),
        );
      }
      const placesKey = props.config.placesApiKeyParameter;
      if (domain === 'places' && placesKey) {
        // The key stays out of the template: the Lambda reads the SecureString (aws/ssm key) at its first search.
        fn.addEnvironment('GOOGLE_PLACES_API_KEY_PARAMETER', placesKey);
        role.addToPrincipalPolicy(
          new PolicyStatement({
            actions: ['ssm:GetParameter'],
            resources: [
              this.formatArn({ service: 'ssm', resource: 'parameter', resourceName: placesKey.replace(/^\//, '') }),
            ],
          }),
        );
      }
      functions.set(domain, fn);
    }
    this.functions = functions;

    // The background jobs of the worker table, with the same environment and the rights access.ts gives them.
    const alarmAction = new SnsAction(alarmTopic(this, props.config));
    const { streamReaders } = addWorkers(this, {
      isProd,
      lambdaEnv,
      mailConfigurationSet,
      alarmAction,
      ...accessTargets,
    });

    const integrations = new Map<ApiDomain, HttpLambdaIntegration>();
    const integrationOf = (domain: ApiDomain): HttpLambdaIntegration => {
      let integration = integrations.get(domain);
      if (!integration) {
        const fn = functions.get(domain);
        if (!fn) throw new Error(`No Lambda for domain ${domain}: activeDomains() and the route table disagree.`);
        integration = new HttpLambdaIntegration(`${pascal(domain)}Integration`, fn);
        integrations.set(domain, integration);
      }
      return integration;
    };

    const httpRoutes: HttpRoute[] = [];
    for (const route of routes) {
      const authorizer: IHttpRouteAuthorizer = route.auth === 'owner' ? ownerAuthorizer : publicAuthorizer;
      const httpRoute = new HttpRoute(this, `Route${pascal(route.id)}`, {
        httpApi: props.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: integrationOf(route.domain),
        authorizer,
      });
      if (route.auth === 'public') {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `Public by design in the shared route table (${route.method} ${route.path}); the handler validates input and never returns owner data.`,
        });
      }
      httpRoutes.push(httpRoute);
    }

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: isProd ? RetentionDays.ONE_YEAR : RetentionDays.ONE_MONTH,
      removalPolicy: isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    // The stage lives here, not with the API, because its per-route throttles name routes that must exist.
    const routeThrottle = routeThrottleOf(props.config);
    const stage = new HttpStage(this, 'DefaultStage', {
      httpApi: props.httpApi,
      stageName: '$default',
      autoDeploy: true,
      // A route missing from the settings below (none should) gets the stricter public limits.
      throttle: routeThrottle.public,
      ...(props.customDomain ? { domainMapping: { domainName: props.customDomain } } : {}),
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        // No source IP: we do not store visitors' IP addresses (decisions.md 14).
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLatency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });
    // Per-route throttling by the route table's `throttle` class (config.ts `routeThrottleOf`: the arithmetic).
    (stage.node.defaultChild as CfnStage).routeSettings = Object.fromEntries(
      routes.map((route) => [
        routeKey(route),
        // A JSON property: CloudFormation's own (Pascal-case) names.
        {
          ThrottlingRateLimit: routeThrottle[route.throttle].rateLimit,
          ThrottlingBurstLimit: routeThrottle[route.throttle].burstLimit,
        },
      ]),
    );
    for (const httpRoute of httpRoutes) stage.node.addDependency(httpRoute);

    addApiAlarms(this, {
      config: props.config,
      alarmAction,
      httpApi: props.httpApi,
      accessLogs,
      functions: [...functions.values()],
      streamReaders,
      tableName: props.tableName,
      contactLogs: functions.get('contact')?.logGroup,
    });
  }
}
