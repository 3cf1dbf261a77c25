import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
  type AdminGetUserCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import type { LambdaEnv } from '@reviewroute/shared';
import { awsClientConfig } from '../lib/env';

/** What the API needs to know about a Cognito user beyond the token's claims. */
export interface UserDirectory {
  /** When the account was created; undefined when the pool has no such user. */
  createdAt(username: string): Promise<Date | undefined>;
}

/**
 * AdminGetUser on USER_POOL_ID, undefined when the pool has no such user. The client, made on first use,
 * reaches AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER (cognito-local) when the environment names it. The
 * username is the token's `cognito:username`; both Cognito and cognito-local also accept the `sub` (the user id
 * our items carry) and, with e-mail as username attribute, the e-mail.
 */
export function cognitoUserReader(
  env: LambdaEnv,
): (username: string) => Promise<AdminGetUserCommandOutput | undefined> {
  let client: CognitoIdentityProviderClient | undefined;
  return async (username) => {
    client ??= new CognitoIdentityProviderClient(awsClientConfig(env, 'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER'));
    try {
      return await client.send(new AdminGetUserCommand({ UserPoolId: env.USER_POOL_ID, Username: username }));
    } catch (error) {
      if ((error as { name?: unknown } | null)?.name === 'UserNotFoundException') return undefined;
      throw error;
    }
  };
}

/** The account Lambda's role allows only AdminGetUser on that pool. */
export function createCognitoUserDirectory(env: LambdaEnv): UserDirectory {
  const userOf = cognitoUserReader(env);
  return { createdAt: async (username) => (await userOf(username))?.UserCreateDate };
}

/** One page of the pool's users: their ids (`sub`, the id our items carry) and the token of the next page. */
export interface OwnerPage {
  userIds: string[];
  next: string | null;
}

/**
 * The pool's users page by page (ListUsers, 60 a page): the one list of every owner, which the inbox backfill
 * walks instead of scanning the table. `filter` is Cognito's ListUsers filter (e.g. `sub = "…"`). Needs
 * `cognito-idp:ListUsers` on the pool, which no Lambda role has: the backfill runs with an operator's rights.
 */
export function cognitoOwnerPages(env: LambdaEnv, filter?: string): (token: string | undefined) => Promise<OwnerPage> {
  let client: CognitoIdentityProviderClient | undefined;
  return async (token) => {
    client ??= new CognitoIdentityProviderClient(awsClientConfig(env, 'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER'));
    const page = await client.send(
      new ListUsersCommand({
        UserPoolId: env.USER_POOL_ID,
        Limit: 60,
        ...(token ? { PaginationToken: token } : {}),
        ...(filter ? { Filter: filter } : {}),
      }),
    );
    const userIds = (page.Users ?? []).flatMap((u) => u.Attributes?.find((a) => a.Name === 'sub')?.Value ?? []);
    return { userIds, next: page.PaginationToken ?? null };
  };
}
