import { Duration, type Stack, Validations } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  AuthorizationType,
  BasePathMapping,
  CognitoUserPoolsAuthorizer,
  Deployment,
  GatewayResponse,
  type IDomainName,
  Integration,
  IntegrationType,
  LogGroupLogDestination,
  type Method,
  ResponseType,
  RestApi,
  Stage,
} from 'aws-cdk-lib/aws-apigateway';
import { type IMetric, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { UserPool } from 'aws-cdk-lib/aws-cognito';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { type Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { type LogGroup } from 'aws-cdk-lib/aws-logs';
import { CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { type ApiDomain, defaultErrorMessages, routeKey, routes } from '@reviewroute/shared';
import { routeThrottleOf, type StageConfig } from '../config';
import { restApiStageName } from './gateway-stack';

export interface RestApiRoutesProps {
  readonly config: StageConfig;
  /** The REST API of the gateway stack (`CfnRestApi`): its id and root resource. */
  readonly restApiId: string;
  readonly restApiRootResourceId: string;
  /** The REST API's name: its metrics' `ApiName` dimension. */
  readonly restApiName: string;
  /** The gateway stack's regional web ACL, associated with the stage. */
  readonly webAclArn: string;
  readonly userPoolId: string;
  readonly functions: ReadonlyMap<ApiDomain, LambdaFunction>;
  readonly accessLogs: LogGroup;
  /** The API's own domain (gateway stack): the stage is mapped at its root. */
  readonly customDomain?: IDomainName;
}

/**
 * One REST API method per route-table entry on its domain's Lambda (proxy integration, payload 1.0, which the
 * Lambda entry converts to 2.0: `functions/src/lib/rest-proxy-event.ts`), the Cognito user pool authorizer on owner
 * routes, the stage with a throttle per method by the route's `throttle` class and access logs without IPs, and the
 * gateway stack's web ACL on that stage, so WAF sees every request before the throttle, the authorizer or a Lambda.
 */
export function addRestApiRoutes(stack: Stack, props: RestApiRoutesProps): { stage: Stage; serverErrors: IMetric } {
  const api = RestApi.fromRestApiAttributes(stack, 'RestApi', {
    restApiId: props.restApiId,
    rootResourceId: props.restApiRootResourceId,
  });

  // The web app sends the ID token (`aud` = the pool's one app client, the web client); API Gateway verifies its
  // signature, issuer and expiry and hands its claims to the Lambda.
  const ownerAuthorizer = new CognitoUserPoolsAuthorizer(stack, 'CognitoAuthorizer', {
    cognitoUserPools: [UserPool.fromUserPoolId(stack, 'UserPool', props.userPoolId)],
    identitySource: 'method.request.header.Authorization',
    // Each request's token checked as it comes, as the HTTP API's JWT authorizer did (no cached policy per token).
    resultsCacheTtl: Duration.seconds(0),
  });

  // One invoke permission per Lambda for the whole stage (LambdaIntegration would add one per method, and a
  // domain's many methods would outgrow the function's resource policy).
  const integrations = new Map<ApiDomain, Integration>();
  const integrationOf = (domain: ApiDomain): Integration => {
    let integration = integrations.get(domain);
    if (!integration) {
      const fn = props.functions.get(domain);
      if (!fn) throw new Error(`No Lambda for domain ${domain}: activeDomains() and the route table disagree.`);
      fn.addPermission(`RestApiInvoke`, {
        principal: new ServicePrincipal('apigateway.amazonaws.com'),
        sourceArn: api.arnForExecuteApi('*', '/*', restApiStageName),
      });
      integration = new Integration({
        type: IntegrationType.AWS_PROXY,
        integrationHttpMethod: 'POST',
        uri: `arn:${stack.partition}:apigateway:${stack.region}:lambda:path/2015-03-31/functions/${fn.functionArn}/invocations`,
      });
      integrations.set(domain, integration);
    }
    return integration;
  };

  const methods: Method[] = [];
  for (const route of routes) {
    const method = api.root.resourceForPath(route.path).addMethod(route.method, integrationOf(route.domain), {
      ...(route.auth === 'owner'
        ? { authorizer: ownerAuthorizer, authorizationType: AuthorizationType.COGNITO }
        : { authorizationType: AuthorizationType.NONE }),
    });
    if (route.auth === 'public') {
      const reason = `Public by design in the shared route table (${route.method} ${route.path}); the handler validates input and never returns owner data.`;
      Validations.of(method).acknowledge({ id: 'AwsSolutions-APIG4', reason }, { id: 'AwsSolutions-COG4', reason });
    }
    methods.push(method);
  }

  // API Gateway's own answers in the API's shape: an unknown path is a 404 (as the local gateway answers), and the
  // stage's throttle says when to come back, in the error contract the page retries after.
  const responses = [
    new GatewayResponse(stack, 'NotFoundResponse', {
      restApi: api,
      type: ResponseType.MISSING_AUTHENTICATION_TOKEN,
      statusCode: '404',
      templates: { 'application/json': JSON.stringify({ message: 'Not Found' }) },
    }),
    new GatewayResponse(stack, 'ThrottledResponse', {
      restApi: api,
      type: ResponseType.THROTTLED,
      statusCode: '429',
      responseHeaders: { 'retry-after': "'1'" },
      templates: {
        'application/json': JSON.stringify({
          error: { code: 'RATE_LIMITED', message: defaultErrorMessages.RATE_LIMITED },
        }),
      },
    }),
  ];

  // A REST API serves what its last deployment took: a new one whenever the routes, their Lambdas or the
  // gateway's own answers change.
  const deployment = new Deployment(stack, 'Deployment', {
    api,
    description: 'ReviewRoute API: the route table',
  });
  deployment.addToLogicalId({
    routes: routes.map((route) => [routeKey(route), route.auth, route.domain]),
    functions: [...props.functions.values()].map((fn) => fn.functionArn),
    responses: responses.map((response) => response.node.path),
  });
  for (const construct of [...methods, ...responses]) deployment.node.addDependency(construct);

  const routeThrottle = routeThrottleOf(props.config);
  const stage = new Stage(stack, 'Stage', {
    deployment,
    stageName: restApiStageName,
    // A method missing from the settings below (none should) gets the stricter public limits.
    throttlingRateLimit: routeThrottle.public.rateLimit,
    throttlingBurstLimit: routeThrottle.public.burstLimit,
    // Per-method throttling by the route table's `throttle` class (config.ts `routeThrottleOf`: the arithmetic).
    methodOptions: Object.fromEntries(
      routes.map((route) => [
        `${route.path}/${route.method}`,
        {
          throttlingRateLimit: routeThrottle[route.throttle].rateLimit,
          throttlingBurstLimit: routeThrottle[route.throttle].burstLimit,
        },
      ]),
    ),
    accessLogDestination: new LogGroupLogDestination(props.accessLogs),
    // No source IP: we do not store visitors' IP addresses (decisions.md 14).
    accessLogFormat: AccessLogFormat.custom(
      JSON.stringify({
        requestId: '$context.requestId',
        requestTime: '$context.requestTime',
        routeKey: '$context.httpMethod $context.resourcePath',
        status: '$context.status',
        responseLatency: '$context.responseLatency',
        integrationLatency: '$context.integrationLatency',
        integrationError: '$context.integration.error',
        authorizerError: '$context.authorizer.error',
        waf: '$context.wafResponseCode',
        userAgent: '$context.identity.userAgent',
      }),
    ),
  });
  Validations.of(stage).acknowledge({
    id: 'AwsSolutions-APIG6',
    reason:
      'Every request is in the access logs (status, latency, integration and authorizer errors, without IPs), and ' +
      'every Lambda logs its own errors; execution logs would add a second, unfiltered copy of requests.',
  });

  // WAF before everything else of the stage: the origin-verify rule and the per-token rate (gateway stack).
  new CfnWebACLAssociation(stack, 'ApiWebAclAssociation', {
    resourceArn: stage.stageArn,
    webAclArn: props.webAclArn,
  });

  if (props.customDomain)
    new BasePathMapping(stack, 'ApiMapping', { domainName: props.customDomain, restApi: api, stage });

  const serverErrors = new Metric({
    namespace: 'AWS/ApiGateway',
    metricName: '5XXError',
    dimensionsMap: { ApiName: props.restApiName, Stage: restApiStageName },
    statistic: 'Sum',
    period: Duration.minutes(5),
  });
  return { stage, serverErrors };
}
