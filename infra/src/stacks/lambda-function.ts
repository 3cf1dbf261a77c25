import { execFileSync } from 'node:child_process';
import { join, relative } from 'node:path';
import { AssetHashType, type Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { PolicyDocument, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, type FunctionProps, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { type Construct } from 'constructs';
import { repoRoot } from '../paths';

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
  readonly extra?: Pick<FunctionProps, 'reservedConcurrentExecutions'>;
}

/**
 * A Lambda's code: its entry bundled into `index.mjs` by the functions workspace's bundle script, which
 * builds with the same `buildLambda` as the local bundles and the bench. In a Node process of its own:
 * the build uses esbuild plugins, which only esbuild's asynchronous API runs, and a synthesis cannot await.
 * No Docker: the image is the fallback CDK asks for, never used because local bundling always answers.
 */
export function lambdaCode(entry: string): Code {
  return Code.fromAsset(repoRoot, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: Runtime.NODEJS_22_X.bundlingImage,
      // Names the entry in the options CDK keys its asset cache by (a function such as tryBundle does not
      // count there): without it every Lambda of a synthesis would get the first one's bundle.
      environment: { LAMBDA_ENTRY: relative(repoRoot, entry) },
      local: {
        tryBundle(outputDir) {
          execFileSync(
            process.execPath,
            ['--import', 'tsx', bundleScript, '--entry', entry, '--outfile', join(outputDir, 'index.mjs')],
            { cwd: repoRoot, stdio: 'inherit' },
          );
          return true;
        },
      },
    },
  });
}

const bundleScript = join(repoRoot, 'functions', 'scripts', 'bundle.ts');

/** `mail-events` -> `MailEvents`: a construct id from a table id. */
export const pascal = (s: string): string =>
  s
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/**
 * One of our Node Lambdas: `{id}Logs` (retained in production), `{id}Role` (its own role instead of
 * AWSLambdaBasicExecutionRole: it may write only to its own log group; callers grant the rest) and
 * `{id}Function`, bundled from source by {@link lambdaCode}.
 */
export function createReviewRouteFunction(
  scope: Construct,
  id: string,
  props: ReviewRouteFunctionProps,
): { fn: LambdaFunction; role: Role; logGroup: LogGroup } {
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
  const fn = new LambdaFunction(scope, `${id}Function`, {
    description: props.description,
    code: lambdaCode(props.entry),
    handler: 'index.handler',
    runtime: Runtime.NODEJS_22_X,
    architecture: Architecture.ARM_64,
    memorySize: props.memorySize,
    timeout: props.timeout,
    role,
    logGroup,
    environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
    ...props.extra,
  });
  Validations.of(fn).acknowledge({
    id: 'AwsSolutions-L1',
    reason:
      'Pinned to nodejs22.x on purpose: the code is built and tested against Node 22 (the team runs Node 20/22); ' +
      'moving to a newer runtime is a tested upgrade, not an automatic one.',
  });
  return { fn, role, logGroup };
}
