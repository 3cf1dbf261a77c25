import { type Stack, Validations } from 'aws-cdk-lib';
import { type ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, type Role } from 'aws-cdk-lib/aws-iam';
import { type NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { type IBucket } from 'aws-cdk-lib/aws-s3';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import { tableDefinition } from '@reviewroute/shared';
import { type DomainAccess } from '../access';

/** The resources an entry of infra/src/access.ts grants rights on. */
export interface AccessTargets {
  readonly table: ITableV2;
  /** The assets bucket by its deterministic name, so cdk-nag reports the resource the acknowledgements name. */
  readonly assetsBucket: IBucket;
  readonly userPoolId: string;
  readonly distributionId: string;
  readonly distributionArn: string;
}

/**
 * Gives one Lambda's role exactly what its entry in infra/src/access.ts lists (an API domain's or a worker's),
 * on our table and its named indexes, the assets bucket's prefixes, the distribution and our user pool.
 */
export function grantAccess(stack: Stack, fn: NodejsFunction, role: Role, access: DomainAccess, to: AccessTargets) {
  if (access.table?.length) {
    // Item-level actions and the named GSIs instead of `index/*`.
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [...access.table],
        resources: [
          to.table.tableArn,
          ...tableDefinition.globalSecondaryIndexes.map((gsi) => `${to.table.tableArn}/index/${gsi.indexName}`),
        ],
      }),
    );
  }
  for (const { prefix, actions } of access.assets ?? []) {
    const objects = to.assetsBucket.arnForObjects(`${prefix}*`);
    role.addToPrincipalPolicy(new PolicyStatement({ actions: [...actions], resources: [objects] }));
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${flattenCfnReference(stack.resolve(objects))}]`,
      reason:
        `Object keys under ${prefix} are random per upload, so object-level access needs the prefix; only ` +
        `${actions.join(', ')} (the per-Lambda map in infra/src/access.ts).`,
    });
  }
  if (access.listAssets) {
    role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['s3:ListBucket'], resources: [to.assetsBucket.bucketArn] }),
    );
  }
  if (access.invalidateAssets) {
    fn.addEnvironment('ASSETS_DISTRIBUTION_ID', to.distributionId);
    role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['cloudfront:CreateInvalidation'], resources: [to.distributionArn] }),
    );
  }
  if (access.tableStream) {
    if (!to.table.tableStreamArn) throw new Error('The table has no stream (shared/src/table.ts `stream`)');
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [
          'dynamodb:DescribeStream',
          'dynamodb:GetRecords',
          'dynamodb:GetShardIterator',
          'dynamodb:ListStreams',
        ],
        resources: [to.table.tableStreamArn],
      }),
    );
  }
  if (access.userPool?.length) {
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [...access.userPool],
        // Same account and region as the auth stack (one env for the whole app).
        resources: [stack.formatArn({ service: 'cognito-idp', resource: 'userpool', resourceName: to.userPoolId })],
      }),
    );
  }
}

/**
 * ses:SendEmail as the product's sender: SES authorises the sender's identity (address or its domain) and, in
 * the sandbox, the recipient's. Nothing is granted without a sender (the mail layer then sends nothing).
 */
export function grantSendMail(stack: Stack, role: Role, addresses: readonly (string | undefined)[]) {
  const known = addresses.filter((a): a is string => !!a);
  if (known.length === 0) return;
  const identities = new Set(known.flatMap((address) => [address, address.split('@')[1]!]));
  role.addToPrincipalPolicy(
    new PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [...identities].map((identity) =>
        stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity }),
      ),
    }),
  );
}
