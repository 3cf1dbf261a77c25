import { randomUUID } from 'node:crypto';
import {
  AdminInitiateAuthCommand,
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { ProvidedLocalStack } from './local-stack';
import { extractCode, type InboxMail, waitForMail } from './inbox';

/** Satisfies the local pool's password policy (upper, lower, digit, symbol, 8+). */
export const TEST_PASSWORD = 'Sup3r-secret!';

/** A fresh address per call, so tests never see each other's mails or accounts. */
export function uniqueEmail(prefix = 'owner'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** An SDK client for the local pool (the same endpoint the app uses). */
export function cognitoClient(stack: Pick<ProvidedLocalStack, 'urls' | 'webConfig'>): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint: stack.urls.cognito,
    region: stack.webConfig.region,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
}

export interface Tokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

export interface TestUser {
  email: string;
  password: string;
  /** The user's `sub`: the owner id handlers see. */
  userId: string;
}

export interface NewUserOptions {
  email?: string;
  password?: string;
  /** Stored at sign-up as the app does: the language of every Cognito mail to the user, this one included. */
  locale?: 'en' | 'nl';
}

/**
 * Signs a user up through the SDK, reads the code from the local inbox and confirms it: the same path
 * a person takes in the app, without the browser. Returns the sign-up mail too, for tests of its text.
 */
export async function createConfirmedUser(
  stack: Pick<ProvidedLocalStack, 'urls' | 'webConfig'>,
  options: NewUserOptions = {},
): Promise<TestUser & { signUpMail: InboxMail }> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? TEST_PASSWORD;
  const client = cognitoClient(stack);
  try {
    const signUp = await client.send(
      new SignUpCommand({
        ClientId: stack.webConfig.userPoolClientId,
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: email },
          ...(options.locale ? [{ Name: 'locale', Value: options.locale }] : []),
        ],
      }),
    );
    const signUpMail = await waitForMail(stack.urls.inbox, email);
    await client.send(
      new ConfirmSignUpCommand({
        ClientId: stack.webConfig.userPoolClientId,
        Username: email,
        ConfirmationCode: extractCode(signUpMail),
      }),
    );
    return { email, password, userId: signUp.UserSub!, signUpMail };
  } finally {
    client.destroy();
  }
}

/** USER_PASSWORD_AUTH (the local app's flow): returns the ID token (the API's bearer), access and refresh tokens. */
export async function signIn(
  stack: Pick<ProvidedLocalStack, 'urls' | 'webConfig'>,
  email: string,
  password: string,
): Promise<Tokens> {
  const client = cognitoClient(stack);
  try {
    const result = await client.send(
      new InitiateAuthCommand({
        ClientId: stack.webConfig.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const auth = result.AuthenticationResult;
    if (!auth?.IdToken || !auth.AccessToken || !auth.RefreshToken)
      throw new Error(`Sign-in of ${email} returned no tokens`);
    return { idToken: auth.IdToken, accessToken: auth.AccessToken, refreshToken: auth.RefreshToken };
  } finally {
    client.destroy();
  }
}

/**
 * The name of the error Cognito refuses a sign-in with, by password or by refresh token; undefined when it
 * signs in.
 */
export async function signInRefusal(
  stack: Pick<ProvidedLocalStack, 'urls' | 'webConfig'>,
  credentials: { email: string; password: string } | { refreshToken: string },
): Promise<string | undefined> {
  const client = cognitoClient(stack);
  try {
    await client.send(
      new InitiateAuthCommand({
        ClientId: stack.webConfig.userPoolClientId,
        ...('refreshToken' in credentials
          ? { AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: credentials.refreshToken } }
          : {
              AuthFlow: 'USER_PASSWORD_AUTH',
              AuthParameters: { USERNAME: credentials.email, PASSWORD: credentials.password },
            }),
      }),
    );
    return undefined;
  } catch (error) {
    return (error as { name?: string }).name ?? String(error);
  } finally {
    client.destroy();
  }
}

/** A confirmed, signed-in user in one call. */
export async function createSignedInUser(
  stack: Pick<ProvidedLocalStack, 'urls' | 'webConfig'>,
  options: NewUserOptions = {},
): Promise<TestUser & { tokens: Tokens }> {
  const user = await createConfirmedUser(stack, options);
  return { ...user, tokens: await signIn(stack, user.email, user.password) };
}

/**
 * An access token WITH Cognito's admin scope, as only the API's server client gets one (ADMIN_USER_PASSWORD_AUTH): for
 * tests of the local Cognito's user API itself. The web client's tokens carry no such scope (the pre token generation
 * trigger), so the app never calls that API with them.
 */
export async function serverSessionToken(
  stack: Pick<ProvidedLocalStack, 'urls' | 'webConfig' | 'resources'>,
  email: string,
  password: string,
): Promise<string> {
  const client = cognitoClient(stack);
  try {
    const result = await client.send(
      new AdminInitiateAuthCommand({
        UserPoolId: stack.resources.userPoolId,
        ClientId: stack.resources.userPoolServerClientId,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const token = result.AuthenticationResult?.AccessToken;
    if (!token) throw new Error(`No server session for ${email} (challenge: ${result.ChallengeName ?? 'none'})`);
    return token;
  } finally {
    client.destroy();
  }
}
