import { type Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { PolicyDocument, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { type Construct } from 'constructs';
import { lambdaBundling } from '@reviewroute/functions/bundling';
import { lockFile, repoRoot } from '../paths';

export interface ReviewRouteFunctionProps {
  readonly isProd: boolean;
  /** The role's description (what the function is, for the IAM console). */
  readonly roleDescription: string;
  readonly description: string;
  readonly entry: string;
  readonly memorySize: number;
  readonly timeout: Duration;
  /** The function's own variables; source maps are always on. */
  readonly environment?: Record<string, string>;
  /** Anything else the function needs (e.g. reserved concurrency). */
  readonly extra?: Pick<NodejsFunctionProps, 'reservedConcurrentExecutions'>;
}

/** `erasure` -> `Erasure`: construct ids from table ids. */
/** `mail-events` -> `MailEvents`: a construct id from a table id. */
export const pascal = (s: string): string =>
  s
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/**
 * One of our Node Lambdas: `{id}Logs` (retained in production), `{id}Role` (its own role instead of
 * AWSLambdaBasicExecutionRole: it may write only to its own log group; callers grant the rest) and
 * `{id}Function`, bundled from source with the functions workspace's esbuild settings.
 */
export function createReviewRouteFunction(
  scope: Construct,
  id: string,
  props: ReviewRouteFunctionProps,
): { fn: NodejsFunction; role: Role; logGroup: LogGroup } {
  const logGroup = new LogGroup(scope, `${id}Logs`, {
    retention: props.isProd ? RetentionDays.SIX_MONTHS : RetentionDays.ONE_MONTH,
    removalPolicy: props.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });
  const role = new Role(scope, `${id}Role`, {
    assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    description: props.roleDescription,
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
  const fn = new NodejsFunction(scope, `${id}Function`, {
    description: props.description,
    entry: props.entry,
    handler: 'handler',
    runtime: Runtime.NODEJS_22_X,
    architecture: Architecture.ARM_64,
    memorySize: props.memorySize,
    timeout: props.timeout,
    role,
    logGroup,
    projectRoot: repoRoot,
    depsLockFilePath: lockFile,
    environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
    ...props.extra,
    bundling: {
      format: OutputFormat.ESM,
      target: lambdaBundling.target,
      minify: lambdaBundling.minify,
      sourceMap: lambdaBundling.sourceMap,
      sourcesContent: lambdaBundling.sourcesContent,
      mainFields: [...lambdaBundling.mainFields],
      banner: lambdaBundling.banner,
      externalModules: [...lambdaBundling.externalModules],
      esbuildArgs: { '--alias': Object.entries(lambdaBundling.alias).map(([from, to]) => `${from}=${to}`) },
      // Local esbuild from node_modules: no Docker on developer machines or CI.
      forceDockerBundling: false,
    },
  });
  Validations.of(fn).acknowledge({
    id: 'AwsSolutions-L1',
    reason:
      'Pinned to nodejs22.x on purpose: the code is built and tested against Node 22 (the team runs Node 20/22); ' +
      'moving to a newer runtime is a tested upgrade, not an automatic one.',
  });
  return { fn, role, logGroup };
}
