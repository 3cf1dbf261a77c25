import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { languageOfLocale, type Language, type LambdaEnv } from '@reviewroute/shared';
import { awsClientConfig } from '../lib/env';

/** Where and how to write to an owner, as Cognito holds it now (never as a request claims it). */
export interface OwnerContact {
  email: string;
  /** The owner's language: the `locale` stored at sign-up (decisions 23). */
  language: Language;
  /** Whether an authenticator app (TOTP) is one of the account's second factors now. */
  totpEnabled: boolean;
}

export interface OwnerContacts {
  /** The owner's current contact; undefined when the pool has no such user or it has no e-mail address. */
  contactOf(username: string): Promise<OwnerContact | undefined>;
}

/**
 * AdminGetUser on USER_POOL_ID (the client made on first use; locally cognito-local). The username may be the
 * token's `cognito:username` or the user's `sub`, which is the user id our items carry.
 */
export function createCognitoOwnerContacts(env: LambdaEnv): OwnerContacts {
  let client: CognitoIdentityProviderClient | undefined;
  return {
    async contactOf(username) {
      client ??= new CognitoIdentityProviderClient(awsClientConfig(env, 'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER'));
      try {
        const user = await client.send(new AdminGetUserCommand({ UserPoolId: env.USER_POOL_ID, Username: username }));
        const attribute = (name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value;
        const email = attribute('email');
        if (!email) return undefined;
        return {
          email,
          language: languageOfLocale(attribute('locale')),
          totpEnabled: (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA'),
        };
      } catch (error) {
        if ((error as { name?: unknown } | null)?.name === 'UserNotFoundException') return undefined;
        throw error;
      }
    },
  };
}
