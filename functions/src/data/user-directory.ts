import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
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
