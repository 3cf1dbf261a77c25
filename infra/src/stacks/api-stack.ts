import { Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import {
  HttpMethod,
  HttpNoneAuthorizer,
  HttpRoute,
  HttpRouteKey,
  type IHttpApi,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { type ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyDocument, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Bucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import {
  type ApiDomain,
  type DeployedLambdaEnv,
  activeDomains,
  environmentVariables,
  routes,
  tableDefinition,
} from '@reviewroute/shared';
import { handlerEntry } from '@reviewroute/functions/handler-entries';
import { lambdaBundling } from '@reviewroute/functions/bundling';
import { type Construct } from 'constructs';
import { assetsBucketName, type StageConfig } from '../config';
import { lockFile, repoRoot } from '../paths';

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
}

/** Domains whose handlers never touch data: no table or bucket grants. */
const statelessDomains: ReadonlySet<ApiDomain> = new Set(['system']);

/**
 * Cognito actions per domain, on our user pool only. account: GET /api/account reads the account's
 * creation date (the trial's start, decisions 10) with AdminGetUser.
 */
const userPoolActions: Partial<Record<ApiDomain, string[]>> = {
  account: ['cognito-idp:AdminGetUser'],
};

/** Item-level DynamoDB actions the handlers use (transactions are authorised per item action). */
const tableActions = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];

/** Verify uploaded files (GetObject) and sign presigned POST uploads (PutObject). */
// DeleteObject: a refused upload and a deleted survey remove their objects. ListBucket (on the bucket, below)
// makes a missing object answer 404 instead of 403, which the upload confirmation relies on.
const assetObjectActions = ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'];

const pascal = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * One Lambda per API domain and one HTTP API route per route-table entry, both generated from
 * @reviewroute/shared's `routes`: adding a route there is all it takes to expose it.
 */
export class ApiStack extends Stack {
  readonly functions: ReadonlyMap<ApiDomain, NodejsFunction>;

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
    const assetObjects = assetsBucketRef.arnForObjects('*');

    // Contact-form messages go to the operator, from the product's sender (else from the operator's address).
    const contactTo = props.config.contactEmail;
    const contactFrom = props.config.emailFrom ?? contactTo;

    // The shared Lambda environment; the runtime adds the region and the role's credentials.
    const lambdaEnv: DeployedLambdaEnv = {
      TABLE_NAME: props.table.tableName,
      ASSETS_BUCKET: props.assetsBucket.bucketName,
      USER_POOL_ID: props.userPoolId,
      SITE_ORIGIN: props.siteOrigin,
      // The web stack serves the assets bucket on the site's own origin under /files/*.
      ASSETS_PUBLIC_BASE_URL: `${props.siteOrigin}/files`,
      POWERTOOLS_SERVICE_NAME: 'reviewroute',
      POWERTOOLS_LOG_LEVEL: isProd ? 'INFO' : 'DEBUG',
      ...(contactTo ? { CONTACT_TO_ADDRESS: contactTo, CONTACT_FROM_ADDRESS: contactFrom } : {}),
    };

    const functions = new Map<ApiDomain, NodejsFunction>();
    for (const domain of activeDomains()) {
      const name = pascal(domain);
      const logGroup = new LogGroup(this, `${name}Logs`, {
        retention: isProd ? RetentionDays.SIX_MONTHS : RetentionDays.ONE_MONTH,
        removalPolicy: isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      });
      // An own role instead of AWSLambdaBasicExecutionRole: logs only to this function's log group.
      const role = new Role(this, `${name}Role`, {
        assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
        description: `ReviewRoute ${domain} API Lambda`,
        inlinePolicies: {
          logs: new PolicyDocument({
            statements: [
              new PolicyStatement({
                actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
                resources: [logGroup.logGroupArn],
              }),
            ],
          }),
        },
      });

      const fn = new NodejsFunction(this, `${name}Function`, {
        description: `ReviewRoute API: ${domain} domain`,
        entry: handlerEntry(domain),
        handler: 'handler',
        runtime: Runtime.NODEJS_22_X,
        architecture: Architecture.ARM_64,
        memorySize: 1024,
        timeout: Duration.seconds(10),
        role,
        logGroup,
        projectRoot: repoRoot,
        depsLockFilePath: lockFile,
        environment: { ...environmentVariables(lambdaEnv), NODE_OPTIONS: '--enable-source-maps' },
        bundling: {
          format: OutputFormat.ESM,
          target: lambdaBundling.target,
          minify: lambdaBundling.minify,
          sourceMap: lambdaBundling.sourceMap,
          mainFields: [...lambdaBundling.mainFields],
          banner: lambdaBundling.banner,
          externalModules: [...lambdaBundling.externalModules],
          // Local esbuild from node_modules: no Docker on developer machines or CI.
          forceDockerBundling: false,
        },
      });

      if (!statelessDomains.has(domain)) {
        // Explicit statements instead of grantReadWriteData/grantRead/grantPut: item-level actions only and
        // the named GSIs instead of `index/*`, so the only wildcard left is the object key.
        role.addToPrincipalPolicy(
          new PolicyStatement({
            actions: tableActions,
            resources: [
              props.table.tableArn,
              ...tableDefinition.globalSecondaryIndexes.map((gsi) => `${props.table.tableArn}/index/${gsi.indexName}`),
            ],
          }),
        );
        role.addToPrincipalPolicy(new PolicyStatement({ actions: assetObjectActions, resources: [assetObjects] }));
        role.addToPrincipalPolicy(
          new PolicyStatement({ actions: ['s3:ListBucket'], resources: [assetsBucketRef.bucketArn] }),
        );
        Validations.of(role).acknowledge({
          id: `AwsSolutions-IAM5[Resource::${flattenCfnReference(this.resolve(assetObjects))}]`,
          reason:
            'Objects of the survey-assets bucket are keyed {userId}/{surveyId}/...: the API reads and presigns ' +
            'uploads for any owner, so object-level access needs <bucket>/*. Only GetObject, PutObject and DeleteObject.',
        });
      }
      const poolActions = userPoolActions[domain];
      if (poolActions) {
        role.addToPrincipalPolicy(
          new PolicyStatement({
            actions: poolActions,
            // Same account and region as the auth stack (one env for the whole app).
            resources: [
              this.formatArn({ service: 'cognito-idp', resource: 'userpool', resourceName: props.userPoolId }),
            ],
          }),
        );
      }
      if (domain === 'contact' && contactTo && contactFrom) {
        // SES authorises the sender's identity (address or its domain) and, in the sandbox, the recipient's.
        const identities = new Set([contactFrom, contactTo].flatMap((address) => [address, address.split('@')[1]!]));
        role.addToPrincipalPolicy(
          new PolicyStatement({
            actions: ['ses:SendEmail'],
            resources: [...identities].map((identity) =>
              this.formatArn({ service: 'ses', resource: 'identity', resourceName: identity }),
            ),
          }),
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
      Validations.of(fn).acknowledge({
        id: 'AwsSolutions-L1',
        reason:
          'Pinned to nodejs22.x on purpose: the code is built and tested against Node 22 (the team runs Node 20/22); ' +
          'moving to a newer runtime is a tested upgrade, not an automatic one.',
      });
      functions.set(domain, fn);
    }
    this.functions = functions;

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
    }
  }
}
