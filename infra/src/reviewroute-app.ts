import { type App, type Environment, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { stageConfig, type StageConfig } from './config';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { DataStack } from './stacks/data-stack';
import { EdgeStack } from './stacks/edge-stack';
import { GatewayStack, originVerifySecretName } from './stacks/gateway-stack';
import { StorageStack } from './stacks/storage-stack';
import { WebStack } from './stacks/web-stack';

export interface ReviewRouteStacks {
  readonly config: StageConfig;
  readonly auth: AuthStack;
  readonly data: DataStack;
  readonly gateway: GatewayStack;
  readonly edge: EdgeStack;
  readonly web: WebStack;
  readonly storage: StorageStack;
  readonly api: ApiStack;
}

export interface AddStacksOptions {
  /** Folder with the built web app (web/dist in the real app). */
  readonly siteAssetDir: string;
  readonly env?: Environment;
}

/**
 * Adds every ReviewRoute stack to `app`, reading the stage from context (`-c stage=prod`), and registers
 * cdk-nag's AwsSolutions pack as a synth-time validation plugin.
 *
 * Deploy order (CloudFormation exports decide it; `cdk deploy --all` follows it):
 *   auth, data -> gateway (the REST API, the origin-verify secret and the API's regional web ACL that requires it),
 *   edge (WAF, us-east-1) -> web (API domain, secret, web ACL, pool ids for config.json) -> storage (OAC grant +
 *   CORS origin need the distribution) -> api (Lambdas need all of it, SITE_ORIGIN too; the methods, the Cognito
 *   authorizer, the stage with its per-method throttles and the web ACL's association). A rotation of the
 *   origin-verify secret thus reaches the API's web ACL before CloudFront sends the new value.
 * The survey-assets bucket has a deterministic name so web can use it without a reference back to storage.
 */
export function addReviewRouteStacks(app: App, options: AddStacksOptions): ReviewRouteStacks {
  const context = (key: string): string | undefined => {
    const value: unknown = app.node.tryGetContext(key);
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const config = stageConfig({
    stage: context('stage'),
    domainName: context('domainName'),
    certificateArn: context('certificateArn'),
    emailFrom: context('emailFrom'),
    contactEmail: context('contactEmail'),
    supportEmail: context('supportEmail'),
    requestMailFrom: context('requestMailFrom'),
    requestMailDailyCap: context('requestMailDailyCap'),
    requestTextDailyCap: context('requestTextDailyCap'),
    smsCountries: context('smsCountries'),
    smsSenderNumber: context('smsSenderNumber'),
    placesApiKeyParameter: context('placesApiKeyParameter'),
    alarmEmail: context('alarmEmail'),
    apiDomainName: context('apiDomainName'),
    apiCertificateArn: context('apiCertificateArn'),
    disableExecuteApiEndpoint: context('disableExecuteApiEndpoint'),
    publicConcurrency: context('publicConcurrency'),
    originVerifyRotation: context('originVerifyRotation'),
    invoiceSellerName: context('invoiceSellerName'),
    invoiceSellerAddress: context('invoiceSellerAddress'),
    invoiceSellerKvk: context('invoiceSellerKvk'),
    invoiceSellerVat: context('invoiceSellerVat'),
  });
  const prefix = `ReviewRoute-${config.stage}`;
  const common = { env: options.env, config, tags: { project: 'reviewroute', stage: config.stage } };

  const auth = new AuthStack(app, `${prefix}-Auth`, { ...common, description: 'ReviewRoute: Cognito user pool' });
  const data = new DataStack(app, `${prefix}-Data`, { ...common, description: 'ReviewRoute: DynamoDB table' });
  const gateway = new GatewayStack(app, `${prefix}-Gateway`, {
    ...common,
    description: 'ReviewRoute: REST API, its web ACL',
  });
  // CloudFront takes its web ACL from us-east-1 only; CDK carries the ARN across regions (SSM in us-east-1).
  const edge = new EdgeStack(app, `${prefix}-Edge`, {
    ...common,
    env: { ...options.env, region: 'us-east-1' },
    crossRegionReferences: true,
    description: 'ReviewRoute: WAF web ACL for CloudFront (us-east-1)',
  });
  const web = new WebStack(app, `${prefix}-Web`, {
    ...common,
    crossRegionReferences: true,
    description: 'ReviewRoute: CloudFront, site bucket, web app',
    siteAssetDir: options.siteAssetDir,
    apiDomainName: gateway.apiDomainName,
    ...(gateway.apiOriginPath ? { apiOriginPath: gateway.apiOriginPath } : {}),
    originVerifySecretName: originVerifySecretName(config.stage),
    webAclArn: edge.webAcl.attrArn,
    userPoolId: auth.userPool.userPoolId,
    userPoolClientId: auth.userPoolClient.userPoolClientId,
  });
  const storage = new StorageStack(app, `${prefix}-Storage`, {
    ...common,
    description: 'ReviewRoute: survey-assets bucket',
    siteOrigin: web.siteOrigin,
    distributionArn: web.distribution.distributionArn,
  });
  const api = new ApiStack(app, `${prefix}-Api`, {
    ...common,
    description: 'ReviewRoute: API Lambdas and routes',
    restApiId: gateway.restApi.ref,
    restApiRootResourceId: gateway.restApi.attrRootResourceId,
    restApiName: gateway.restApiName,
    apiWebAclArn: gateway.webAcl.attrArn,
    userPoolId: auth.userPool.userPoolId,
    userPoolClientId: auth.userPoolClient.userPoolClientId,
    userPoolServerClientId: auth.serverClient.userPoolClientId,
    table: data.table,
    assetsBucket: storage.assetsBucket,
    siteOrigin: web.siteOrigin,
    originVerifySecret: gateway.originVerifySecret,
    distributionId: web.distribution.distributionId,
    distributionArn: web.distribution.distributionArn,
    surveyPagesStoreArn: web.surveyPagesStore.keyValueStoreArn,
    customDomain: gateway.customDomain,
    tableName: data.table.tableName,
  });
  // The web stack reads the secret by name, not by reference: deploy it after the secret exists.
  web.addStackDependency(gateway);

  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { config, auth, data, gateway, edge, web, storage, api };
}
