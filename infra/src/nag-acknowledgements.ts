import { Stack, Validations } from 'aws-cdk-lib';
import { type CfnPolicy } from 'aws-cdk-lib/aws-iam';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import { type IConstruct } from 'constructs';

interface PolicyStatementJson {
  Effect?: string;
  Action?: string | string[];
  Resource?: unknown;
}

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * The finding ids cdk-nag's AwsSolutions-IAM5 reports for a policy document, computed the way the rule does
 * (`AwsSolutions-IAM5[Action::s3:GetObject*]`, `AwsSolutions-IAM5[Resource::<Bucket.Arn>/*]`): CDK matches
 * acknowledgements by exact id, so each wildcard has to be acknowledged by its own id.
 */
export function iamWildcardFindingIds(policyDocument: { Statement?: PolicyStatementJson[] }): string[] {
  const ids = new Set<string>();
  for (const statement of policyDocument.Statement ?? []) {
    if (statement.Effect !== 'Allow') continue;
    for (const action of asArray(statement.Action)) {
      if (action.includes('*')) ids.add(`AwsSolutions-IAM5[Action::${action}]`);
    }
    for (const resource of asArray(statement.Resource)) {
      const flat = flattenCfnReference(resource);
      if (flat.includes('*')) ids.add(`AwsSolutions-IAM5[Resource::${flat}]`);
    }
  }
  return [...ids];
}

/**
 * Acknowledges every IAM5 wildcard finding of `policy` with one reason. Call it after the last grant
 * (at the end of the stack constructor). Only for policies whose statements are reviewed as a whole and
 * reference resources of the same stack (cross-stack tokens resolve differently before synthesis).
 */
export function acknowledgeIamWildcards(scope: IConstruct, policy: CfnPolicy, reason: string): string[] {
  const document = Stack.of(policy).resolve(policy.policyDocument) as { Statement?: PolicyStatementJson[] };
  const ids = iamWildcardFindingIds(document);
  for (const id of ids) Validations.of(scope).acknowledge({ id, reason });
  return ids;
}
