import { CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import { type Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { type IDomainName } from 'aws-cdk-lib/aws-apigateway';
import { type ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { ConfigurationSet } from 'aws-cdk-lib/aws-ses';
import { type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { type ApiDomain, type DeployedLambdaEnv, activeDomains, environmentVariables } from '@reviewroute/shared';
import { handlerEntry } from '@reviewroute/functions/handler-entries';
import { type Construct } from 'constructs';
import { domainAccess } from '../access';
import { unrotatedSecret } from './unrotated-secret';
import { assetsBucketName, concurrencyCappedDomains, invoiceSellerEnv, type StageConfig } from '../config';
import { createReviewRouteFunction, pascal } from './lambda-function';
import { addApiAlarms } from './api-alarms';
import { alarmTopic } from './alarm-topic';
import { grantAccess, grantSendMail, productSender, type AccessTargets } from './lambda-access';
import { addRequestMailCapAlarm, addRequestMailSending } from './request-mail';
import { addWorkers } from './workers';
import { addTextSending } from './text-sending';
import { addRestApiRoutes } from './rest-api';

export interface ApiStackProps extends StackProps {
  readonly config: StageConfig;
  /** The gateway stack's REST API: its id, root resource and name (its metrics' `ApiName`). */
  readonly restApiId: string;
  readonly restApiRootResourceId: string;
  readonly restApiName: string;
  /** The gateway stack's regional web ACL (only CloudFront's requests pass), associated with the stage here. */
  readonly apiWebAclArn: string;
  readonly userPoolId: string;
  /** The web client: the account Lambda proves passwords as it. */
  readonly userPoolClientId: string;
  /** The server client: the account Lambda's sessions of an owner after a proof (its tokens keep the admin scope). */
  readonly userPoolServerClientId: string;
  readonly table: ITableV2;
  readonly assetsBucket: IBucket;
  /** `https://{site domain}` (landing URLs, payment redirects). */
  readonly siteOrigin: string;
  /** The secret CloudFront sends as the origin-verify header; every Lambda may read it. */
  readonly originVerifySecret: ISecret;
  /** The web distribution: the surveys Lambda invalidates `/files/*` paths of replaced or removed files. */
  readonly distributionId: string;
  readonly distributionArn: string;
  /** The web stack's key value store of the surveys whose pages are written. */
  readonly surveyPagesStoreArn?: string;
  /** The API's own domain (gateway stack): the stage is mapped onto it. */
  readonly customDomain?: IDomainName;
  /** The table's metrics feed the DynamoDB throttle alarm. */
  readonly tableName: string;
}

/** The Mollie API key's secret: a stable name the README's deploy steps put the key into. */
export const mollieApiKeySecretName = (stage: string): string => `reviewroute/${stage}/mollie-api-key`;

/** What the secret holds until the operator puts the key in it: no Mollie key, so payments say "not available". */
export const mollieApiKeyPlaceholder = 'not-configured: put the Mollie API key (live_... or test_...) here';

/**
 * One Lambda per API domain and one REST API method per route-table entry, both generated from
 * @reviewroute/shared's `routes`: adding a route there is all it takes to expose it.
 */
export class ApiStack extends Stack {
  readonly functions: ReadonlyMap<ApiDomain, LambdaFunction>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { isProd } = props.config;

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
    // Review requests never share it (decisions 26): their own sender's identity and configuration set.
    const requestMail = addRequestMailSending(this, props.config);
    // Nor do texts: their own configuration set, opt-out list and events topic (decisions 25, 26).
    const textSending = addTextSending(this);

    // The shared Lambda environment; the runtime adds the region and the role's credentials.
    const lambdaEnv: DeployedLambdaEnv = {
      SES_CONFIGURATION_SET: mailConfigurationSet.configurationSetName,
      ...requestMail.env,
      ...textSending.env,
      TABLE_NAME: props.table.tableName,
      ASSETS_BUCKET: props.assetsBucket.bucketName,
      USER_POOL_ID: props.userPoolId,
      // The account Lambda proves a password as the web client (ADMIN_USER_PASSWORD_AUTH, allowed on that client).
      USER_POOL_CLIENT_ID: props.userPoolClientId,
      USER_POOL_SERVER_CLIENT_ID: props.userPoolServerClientId,
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
      // Texts (decisions 25): the platform's day, the countries texts may go to, the number where no sender ID shows.
      REQUEST_TEXT_DAILY_CAP: String(props.config.requestTextDailyCap),
      ...(props.config.smsCountries ? { SMS_COUNTRIES: props.config.smsCountries } : {}),
      ...(props.config.smsSenderNumber ? { SMS_SENDER_NUMBER: props.config.smsSenderNumber } : {}),
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
      ...(props.surveyPagesStoreArn ? { surveyPagesStoreArn: props.surveyPagesStoreArn } : {}),
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
      if (access.sendMail) grantSendMail(this, role, productSender(lambdaEnv));
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
    const { streamReaders, workerFunctions } = addWorkers(this, {
      isProd,
      lambdaEnv,
      mailConfigurationSet,
      requestMailConfigurationSet: requestMail.configurationSet,
      textSending,
      alarmAction,
      ...accessTargets,
    });
    addRequestMailCapAlarm(this, {
      config: props.config,
      requestsWorker: workerFunctions.get('requests')!,
      alarmAction,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: isProd ? RetentionDays.ONE_YEAR : RetentionDays.ONE_MONTH,
      removalPolicy: isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    // The routes, their authorizer, the stage and its throttles, and the web ACL on the stage (rest-api.ts).
    const { serverErrors } = addRestApiRoutes(this, {
      config: props.config,
      restApiId: props.restApiId,
      restApiRootResourceId: props.restApiRootResourceId,
      restApiName: props.restApiName,
      webAclArn: props.apiWebAclArn,
      userPoolId: props.userPoolId,
      functions,
      accessLogs,
      ...(props.customDomain ? { customDomain: props.customDomain } : {}),
    });

    addApiAlarms(this, {
      config: props.config,
      alarmAction,
      serverErrors,
      accessLogs,
      functions: [...functions.values()],
      streamReaders,
      tableName: props.tableName,
      contactLogs: functions.get('contact')?.logGroup,
    });
  }
}
