import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { LambdaEnv } from '@reviewroute/shared';
import { awsClientConfig } from '../lib/env';

/** What the API needs to know about a Cognito user beyond the token's claims. */
export interface UserDirectory {
  /** When the account was created; undefined when the pool has no such user. */
  createdAt(username: string): Promise<Date | undefined>;
}

/**
 * AdminGetUser on USER_POOL_ID (the account Lambda's role allows only that action on that pool); the
 * client, made on first use, reaches AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER (cognito-local) when the
 * environment names it. The username is the token's `cognito:username`; both Cognito and cognito-local
 * also accept the `sub` (and, with e-mail as username attribute, the e-mail).
 */
export function createCognitoUserDirectory(env: LambdaEnv): UserDirectory {
  let client: CognitoIdentityProviderClient | undefined;
  return {
    async createdAt(username) {
      client ??= new CognitoIdentityProviderClient(awsClientConfig(env, 'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER'));
      try {
        const user = await client.send(new AdminGetUserCommand({ UserPoolId: env.USER_POOL_ID, Username: username }));
        return user.UserCreateDate;
      } catch (error) {
        if ((error as { name?: unknown } | null)?.name === 'UserNotFoundException') return undefined;
        throw error;
      }
    },
  };
}
