import { languageOfLocale, type Language, type LambdaEnv } from '@reviewroute/shared';
import { cognitoUserReader } from './user-directory';

/** Where and how to write to an owner, as Cognito holds it now (never as a request claims it). */
export interface OwnerContact {
  email: string;
  /** The owner's language: the `locale` stored at sign-up (decisions 23). */
  language: Language;
}

export interface OwnerContacts {
  /** The owner's current contact; undefined when the pool has no such user or it has no e-mail address. */
  contactOf(username: string): Promise<OwnerContact | undefined>;
}

/** From Cognito (`cognitoUserReader`); the username may be the token's `cognito:username` or the user's `sub`. */
export function createCognitoOwnerContacts(env: LambdaEnv): OwnerContacts {
  const userOf = cognitoUserReader(env);
  return {
    async contactOf(username) {
      const user = await userOf(username);
      const attribute = (name: string) => user?.UserAttributes?.find((a) => a.Name === name)?.Value;
      const email = attribute('email');
      return email ? { email, language: languageOfLocale(attribute('locale')) } : undefined;
    },
  };
}
