import {
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { languageOfLocale, type Language, type LambdaEnv } from '@reviewroute/shared';
import { awsClientConfig } from '../lib/env';
import { tableEntities } from './client';
import { createDynamoProfileRepository } from './profile-repository';
import type { ProfileRepository } from './profile-repository';
import { cognitoUserReader } from './user-directory';

/** Where and how to write to an owner, as Cognito and the profile hold it now (never as a request claims it). */
export interface OwnerContact {
  email: string;
  /**
   * The owner's language (decisions 23): the interface language they last used, recorded on their profile, else
   * the `locale` stored at sign-up.
   */
  language: Language;
}

export interface OwnerContacts {
  /** The owner's current contact; undefined when the pool has no such user or it has no e-mail address. */
  contactOf(username: string): Promise<OwnerContact | undefined>;
}

/** One rule for every owner mail: the profile's recorded interface language wins over Cognito's `locale`. */
export const ownerLanguageOf = (recorded: Language | null | undefined, locale: string | undefined): Language =>
  recorded ?? languageOfLocale(locale);

/**
 * The address from Cognito (`cognitoUserReader`; the username may be the token's `cognito:username` or the
 * user's `sub`), the language from the profile of that `sub` (the id our items carry).
 */
export function createCognitoOwnerContacts(
  env: LambdaEnv,
  profiles: Pick<ProfileRepository, 'get'> = createDynamoProfileRepository(tableEntities(env)),
): OwnerContacts {
  const userOf = cognitoUserReader(env);
  return {
    async contactOf(username) {
      const user = await userOf(username);
      const attribute = (name: string) => user?.UserAttributes?.find((a) => a.Name === name)?.Value;
      const email = attribute('email');
      if (!email) return undefined;
      const sub = attribute('sub');
      const profile = sub ? await profiles.get(sub) : undefined;
      return { email, language: ownerLanguageOf(profile?.language, attribute('locale')) };
    },
  };
}

/** Keeps Cognito's `locale` of an owner in step with the language recorded on their profile. */
export type OwnerLocaleWriter = (userId: string, language: Language) => Promise<void>;

/**
 * AdminUpdateUserAttributes of `locale` (the account Lambda may): Cognito's own mails (codes, by the CustomMessage
 * trigger) and the password-changed notice (the PostConfirmation trigger, which reads no table) read the
 * language from there, so they follow the owner's last choice too.
 */
export function createCognitoOwnerLocaleWriter(env: LambdaEnv): OwnerLocaleWriter {
  let client: CognitoIdentityProviderClient | undefined;
  return async (userId, language) => {
    client ??= new CognitoIdentityProviderClient(awsClientConfig(env, 'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER'));
    await client.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: env.USER_POOL_ID,
        Username: userId,
        UserAttributes: [{ Name: 'locale', Value: language }],
      }),
    );
  };
}
