import { join } from 'node:path';
import { Duration, type Stack, Validations } from 'aws-cdk-lib';
import { type ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { type NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { type IBucket } from 'aws-cdk-lib/aws-s3';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import { type DeployedLambdaEnv, environmentVariables, tableDefinition } from '@reviewroute/shared';
import { erasureWorkerAccess } from '../access';
import { repoRoot } from '../paths';
import { createReviewRouteFunction } from './lambda-function';

export interface ErasureWorkerProps {
  readonly isProd: boolean;
  readonly lambdaEnv: DeployedLambdaEnv;
  readonly table: ITableV2;
  /** The assets bucket by its deterministic name (the same reference the API roles' acknowledgements name). */
  readonly assetsBucket: IBucket;
  readonly userPoolId: string;
  readonly distributionId: string;
  readonly distributionArn: string;
}

/** The worker's entry: the same module the local stack runs on an interval. */
export const erasureWorkerEntry = join(repoRoot, 'functions/src/domains/account/erasure-worker.ts');

/**
 * The account erasure worker (decisions 14): a Lambda that an EventBridge rule runs every minute to
 * continue every unfinished erasure the delete request could not finish in its own time. Its role holds
 * exactly `erasureWorkerAccess`.
 */
export function addErasureWorker(stack: Stack, props: ErasureWorkerProps): NodejsFunction {
  const { fn, role } = createReviewRouteFunction(stack, 'ErasureWorker', {
    isProd: props.isProd,
    roleDescription: 'ReviewRoute account erasure worker',
    description: 'ReviewRoute account erasure worker',
    entry: erasureWorkerEntry,
    memorySize: 1024,
    // A run works until 20 s before this, then leaves the rest to the next run.
    timeout: Duration.minutes(5),
    environment: { ...environmentVariables(props.lambdaEnv), ASSETS_DISTRIBUTION_ID: props.distributionId },
  });

  const access = erasureWorkerAccess;
  role.addToPrincipalPolicy(
    new PolicyStatement({
      actions: [...(access.table ?? [])],
      resources: [
        props.table.tableArn,
        ...tableDefinition.globalSecondaryIndexes.map((gsi) => `${props.table.tableArn}/index/${gsi.indexName}`),
      ],
    }),
  );
  for (const { prefix, actions } of access.assets ?? []) {
    const objects = props.assetsBucket.arnForObjects(`${prefix}*`);
    role.addToPrincipalPolicy(new PolicyStatement({ actions: [...actions], resources: [objects] }));
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${flattenCfnReference(stack.resolve(objects))}]`,
      reason: `An erased account's objects under ${prefix} have random keys: deleting them needs the prefix; only ${actions.join(', ')}.`,
    });
  }
  role.addToPrincipalPolicy(
    new PolicyStatement({ actions: ['s3:ListBucket'], resources: [props.assetsBucket.bucketArn] }),
  );
  role.addToPrincipalPolicy(
    new PolicyStatement({ actions: ['cloudfront:CreateInvalidation'], resources: [props.distributionArn] }),
  );
  role.addToPrincipalPolicy(
    new PolicyStatement({
      actions: [...(access.userPool ?? [])],
      resources: [stack.formatArn({ service: 'cognito-idp', resource: 'userpool', resourceName: props.userPoolId })],
    }),
  );
  Validations.of(fn).acknowledge({
    id: 'AwsSolutions-L1',
    reason: 'Pinned to nodejs22.x like the API Lambdas: the code is built and tested against Node 22.',
  });

  new Rule(stack, 'ErasureWorkerSchedule', {
    description: 'Continues unfinished account erasures',
    schedule: Schedule.rate(Duration.minutes(1)),
    targets: [new LambdaFunction(fn, { retryAttempts: 0 })],
  });
  return fn;
}
