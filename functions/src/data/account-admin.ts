import {
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { LambdaEnv } from '@reviewroute/shared';
import { awsClientConfig } from '../lib/env';

/** The identity provider's admin side, for account deletion. */
export interface AccountAdmin {
  /** Refuses every later sign-in and revokes the refresh tokens. Idempotent; a missing user is no error. */
  lockOut(username: string): Promise<void>;
  /** Idempotent; a missing user is no error. */
  deleteUser(username: string): Promise<void>;
}

const isUserNotFound = (error: unknown) => (error as { name?: unknown } | null)?.name === 'UserNotFoundException';

/**
 * Cognito's admin calls on USER_POOL_ID (the roles allow exactly these on that pool). AdminDisableUser
 * refuses every later sign-in and refresh; AdminUserGlobalSignOut revokes the refresh tokens issued before.
 */
export function createCognitoAccountAdmin(env: LambdaEnv): AccountAdmin {
  let client: CognitoIdentityProviderClient | undefined;
  const send = async (command: AdminDisableUserCommand | AdminUserGlobalSignOutCommand | AdminDeleteUserCommand) => {
    client ??= new CognitoIdentityProviderClient(awsClientConfig(env, 'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER'));
    try {
      await client.send(command as AdminDeleteUserCommand);
    } catch (error) {
      if (!isUserNotFound(error)) throw error;
    }
  };
  const target = (username: string) => ({ UserPoolId: env.USER_POOL_ID, Username: username });
  return {
    async lockOut(username) {
      await send(new AdminDisableUserCommand(target(username)));
      await send(new AdminUserGlobalSignOutCommand(target(username)));
    },
    async deleteUser(username) {
      await send(new AdminDeleteUserCommand(target(username)));
    },
  };
}
