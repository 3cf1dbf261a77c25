import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { DomainName, HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { type Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { type Construct } from 'constructs';
import { type StageConfig } from '../config';
import { unrotatedSecret } from './unrotated-secret';

export interface GatewayStackProps extends StackProps {
  readonly config: StageConfig;
}

/** The origin-verify secret's name: deterministic, so the web stack reads it without a reference. */
export const originVerifySecretName = (stage: string): string => `reviewroute/${stage}/origin-verify`;

/**
 * The HTTP API itself, its optional own domain and the origin-verify secret. Routes, the `$default` stage
 * (its per-route throttles name the routes) and the Lambdas live in the api stack, which deploys after the
 * web stack: the Lambdas need the site origin (CloudFront) and CloudFront needs this API's domain. Keeping
 * the API resource here breaks that cycle.
 */
export class GatewayStack extends Stack {
  readonly httpApi: HttpApi;
  /** The host CloudFront sends `/api/*` to: the API's own domain, else `{apiId}.execute-api.{region}.amazonaws.com`. */
  readonly apiDomainName: string;
  /** The API's own domain when configured; the api stack maps the `$default` stage onto it. */
  readonly customDomain?: DomainName;
  /**
   * The value CloudFront adds to every API request (`originVerifyHeader`): the API refuses requests without
   * it, so the viewer address it trusts was set by CloudFront, not by a caller of the API endpoint itself.
   */
  readonly originVerifySecret: Secret;

  constructor(scope: Construct, id: string, props: GatewayStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'ReviewRoute API (behind CloudFront under /api/*)',
      // The stage is defined in the api stack so it can carry per-route throttling and access logs.
      createDefaultStage: false,
      // With an own API domain nothing needs the execute-api endpoint: CloudFront uses the domain.
      disableExecuteApiEndpoint: config.disableExecuteApiEndpoint,
    });

    if (config.apiDomainName && config.apiCertificateArn) {
      this.customDomain = new DomainName(this, 'ApiDomain', {
        domainName: config.apiDomainName,
        certificate: Certificate.fromCertificateArn(this, 'ApiCertificate', config.apiCertificateArn),
      });
      // DNS is the operator's: a CNAME from the API domain to this target (see the README).
      new CfnOutput(this, 'ApiDomainTarget', { value: this.customDomain.regionalDomainName });
    }
    this.apiDomainName = config.apiDomainName ?? `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;

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

    if (!config.disableExecuteApiEndpoint) new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
  }
}
