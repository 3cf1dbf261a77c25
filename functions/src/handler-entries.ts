import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import type { ApiDomain, LambdaEnv } from '@reviewroute/shared';

/**
 * Where each domain's Lambda handler lives. CDK bundles this file as the Lambda's entry and the
 * local stack imports the very same module, so production and local run one code path.
 */
export const handlerEntry = (domain: ApiDomain): string =>
  fileURLToPath(new URL(`./domains/${domain}/handler.ts`, import.meta.url));

export type DomainHandler = (
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  context: Context,
) => Promise<APIGatewayProxyResultV2>;

/**
 * What every handler module exports: `handler`, Lambda's entry, which reads process.env; and
 * `createHandler`, the same handler for a given environment, which the local stack calls with its own.
 */
export interface DomainHandlerModule {
  handler: DomainHandler;
  createHandler(env: LambdaEnv): DomainHandler;
}
