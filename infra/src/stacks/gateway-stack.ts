import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { type Construct } from 'constructs';
import { apiThrottle, type StageConfig } from '../config';

export interface GatewayStackProps extends StackProps {
  readonly config: StageConfig;
}

/**
 * The HTTP API itself: API, `$default` stage, throttling and access logs. Routes and Lambdas live in the
 * api stack, which deploys after the web stack: the Lambdas need the site origin (CloudFront) and
 * CloudFront needs this API's domain. Keeping the API resource here breaks that cycle.
 */
export class GatewayStack extends Stack {
  readonly httpApi: HttpApi;
  /** `{apiId}.execute-api.{region}.amazonaws.com`: the CloudFront origin for `/api/*`. */
  readonly apiDomainName: string;

  constructor(scope: Construct, id: string, props: GatewayStackProps) {
    super(scope, id, props);
    const { isProd } = props.config;

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'ReviewRoute API (behind CloudFront under /api/*)',
      // The stage is defined below so it can carry throttling and access logs.
      createDefaultStage: false,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: isProd ? RetentionDays.ONE_YEAR : RetentionDays.ONE_MONTH,
      removalPolicy: isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: apiThrottle,
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

    this.apiDomainName = `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
  }
}
