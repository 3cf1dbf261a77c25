import {
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminRespondToAuthChallengeCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  RevokeTokenCommand,
  type AuthenticationResultType,
  type ContextDataType,
} from '@aws-sdk/client-cognito-identity-provider';
import type { LambdaEnv } from '@reviewroute/shared';
import { ApiError } from '../lib/api-error';
import { awsClientConfig } from '../lib/env';
import { logger } from '../lib/logger';

/** Who asks, as Cognito's threat protection weighs a sign-in: the viewer's address and browser, our host and path. */
export interface ProofContext {
  viewerIp: string;
  userAgent?: string;
  path: string;
}

/** What a password proof says. */
export type PasswordCheck =
  /** Right, and the account has no second step. */
  | { result: 'valid' }
  /** Right; Cognito now asks for the authenticator's code on this session. */
  | { result: 'totp'; session: string }
  | { result: 'invalid' };

/**
 * Proof of the owner's sign-in factors and the changes that need them, on USER_POOL_ID as the web client
 * (USER_POOL_CLIENT_ID). The proof is a sign-in the server makes (ADMIN_USER_PASSWORD_AUTH): its tokens are
 * revoked at once, so a proof leaves no session behind.
 */
export interface SignInProof {
  /**
   * The account signed in with `login` (its address, or its username): the id our items carry (`sub`) and
   * Cognito's username; undefined when the pool has no such user.
   */
  accountOf(login: string): Promise<{ userId: string; username: string } | undefined>;
  checkPassword(username: string, password: string, context: ProofContext): Promise<PasswordCheck>;
  /** Answers the code challenge of a `totp` check: true when Cognito accepted the code. */
  answerTotp(username: string, session: string, code: string, context: ProofContext): Promise<boolean>;
  /** Turns the authenticator app off as a second step (the secret stays; setting up again replaces it). */
  disableTotp(username: string): Promise<void>;
  /**
   * Starts the change to `newEmail`: Cognito mails a code to the new address and keeps the old one until the
   * code is confirmed. An address another account uses is refused (CONFLICT).
   */
  requestEmailChange(username: string, newEmail: string): Promise<void>;
}

const nameOf = (error: unknown) => (error as { name?: unknown } | null)?.name;
const messageOf = (error: unknown) => String((error as { message?: unknown } | null)?.message ?? '');

/** Cognito's answer to too many wrong passwords: a limit, not a wrong password. */
const attemptsExceeded = (error: unknown) =>
  nameOf(error) === 'NotAuthorizedException' && /attempts exceeded/i.test(messageOf(error));

export function createCognitoSignInProof(env: LambdaEnv): SignInProof {
  let client: CognitoIdentityProviderClient | undefined;
  const cognito = () =>
    (client ??= new CognitoIdentityProviderClient(awsClientConfig(env, 'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER')));
  const clientId = () => {
    const id = env.USER_POOL_CLIENT_ID;
    if (!id) throw new ApiError('SERVICE_UNAVAILABLE', 'USER_POOL_CLIENT_ID is not set');
    return id;
  };
  const contextData = (context: ProofContext): ContextDataType => ({
    IpAddress: context.viewerIp,
    ServerName: new URL(env.SITE_ORIGIN).host,
    ServerPath: context.path,
    HttpHeaders: context.userAgent ? [{ headerName: 'user-agent', headerValue: context.userAgent }] : [],
  });
  /** The proof's own session ends at once: its refresh token is revoked (its short-lived tokens are never used). */
  const discard = async (result: AuthenticationResultType | undefined) => {
    if (!result?.RefreshToken) return;
    await cognito()
      .send(new RevokeTokenCommand({ ClientId: clientId(), Token: result.RefreshToken }))
      .catch((error: unknown) => logger.warn('Could not revoke a proof’s refresh token', { error: String(error) }));
  };
  const refused = (error: unknown) => {
    if (attemptsExceeded(error)) throw new ApiError('RATE_LIMITED', undefined, undefined, { 'retry-after': '900' });
  };

  return {
    async accountOf(login) {
      try {
        const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: env.USER_POOL_ID, Username: login }));
        const userId = user.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
        return userId && user.Username ? { userId, username: user.Username } : undefined;
      } catch (error) {
        if (nameOf(error) === 'UserNotFoundException') return undefined;
        throw error;
      }
    },

    async checkPassword(username, password, context) {
      try {
        const answer = await cognito().send(
          new AdminInitiateAuthCommand({
            UserPoolId: env.USER_POOL_ID,
            ClientId: clientId(),
            AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: username, PASSWORD: password },
            ContextData: contextData(context),
          }),
        );
        if (answer.ChallengeName === 'SOFTWARE_TOKEN_MFA' && answer.Session)
          return { result: 'totp', session: answer.Session };
        if (answer.AuthenticationResult) {
          await discard(answer.AuthenticationResult);
          return { result: 'valid' };
        }
        // Another challenge (a forced new password, an SMS code we never set up) is no proof we can finish.
        logger.warn('Unexpected challenge in a password proof', { challenge: answer.ChallengeName });
        return { result: 'invalid' };
      } catch (error) {
        refused(error);
        const name = nameOf(error);
        if (
          name === 'NotAuthorizedException' ||
          name === 'InvalidPasswordException' ||
          name === 'UserNotFoundException' ||
          name === 'PasswordResetRequiredException'
        )
          return { result: 'invalid' };
        throw error;
      }
    },

    async answerTotp(username, session, code, context) {
      try {
        const answer = await cognito().send(
          new AdminRespondToAuthChallengeCommand({
            UserPoolId: env.USER_POOL_ID,
            ClientId: clientId(),
            ChallengeName: 'SOFTWARE_TOKEN_MFA',
            Session: session,
            ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: code },
            ContextData: contextData(context),
          }),
        );
        await discard(answer.AuthenticationResult);
        return answer.AuthenticationResult !== undefined;
      } catch (error) {
        refused(error);
        const name = nameOf(error);
        if (name === 'CodeMismatchException' || name === 'ExpiredCodeException' || name === 'NotAuthorizedException')
          return false;
        throw error;
      }
    },

    async disableTotp(username) {
      await cognito().send(
        new AdminSetUserMFAPreferenceCommand({
          UserPoolId: env.USER_POOL_ID,
          Username: username,
          SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
        }),
      );
    },

    async requestEmailChange(username, newEmail) {
      try {
        await cognito().send(
          new AdminUpdateUserAttributesCommand({
            UserPoolId: env.USER_POOL_ID,
            Username: username,
            UserAttributes: [{ Name: 'email', Value: newEmail }],
          }),
        );
      } catch (error) {
        if (nameOf(error) === 'AliasExistsException') throw new ApiError('CONFLICT', 'The address is in use.');
        throw error;
      }
    },
  };
}
