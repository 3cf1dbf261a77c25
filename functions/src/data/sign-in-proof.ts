import {
  AdminGetUserCommand,
  AdminInitiateAuthCommand,
  AdminRespondToAuthChallengeCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminUpdateUserAttributesCommand,
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  RevokeTokenCommand,
  VerifySoftwareTokenCommand,
  VerifyUserAttributeCommand,
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
  /** Whether the authenticator app is on as a second step (Cognito's MFA settings of the user). */
  totpEnabled(username: string): Promise<boolean>;
  /** Turns the authenticator app on as the preferred second step; its secret must be verified first. */
  enableTotp(username: string): Promise<void>;
  /**
   * A session of the owner as the server client (USER_POOL_SERVER_CLIENT_ID), whose access token keeps Cognito's
   * admin scope, opened with the password (and a current authenticator code when the account has one): the one way
   * the API calls Cognito's user API for the owner. Closed (its refresh token revoked) by `close`.
   */
  openOwnerSession(username: string, factors: OwnerFactors, context: ProofContext): Promise<OwnerSessionAnswer>;
}

/** The password, and the authenticator's current code where the account has one. */
export interface OwnerFactors {
  password: string;
  code?: string | undefined;
}

/** What a session of the owner can do with its token. */
export interface OwnerSession {
  /** A new authenticator secret (it replaces the unverified one; an enabled app stays as it is until verified). */
  associateTotp(): Promise<string>;
  /** Verifies the app's first code for the new secret: true when Cognito accepted it. */
  verifyTotp(code: string): Promise<boolean>;
  /** Confirms the pending address with the code mailed to it: false on a wrong or expired code. */
  verifyEmail(code: string): Promise<boolean>;
  close(): Promise<void>;
}

export type OwnerSessionAnswer =
  | { result: 'open'; session: OwnerSession }
  | { result: 'invalid' }
  /** The password was right; the account has a second step and the code was missing or wrong. */
  | { result: 'code-refused' };

const nameOf = (error: unknown) => (error as { name?: unknown } | null)?.name;
const messageOf = (error: unknown) => String((error as { message?: unknown } | null)?.message ?? '');

/** Cognito's answers to a password it does not accept (or a user it does not have), which read alike to the caller. */
const passwordRefused = (name: unknown) =>
  name === 'NotAuthorizedException' ||
  name === 'InvalidPasswordException' ||
  name === 'UserNotFoundException' ||
  name === 'PasswordResetRequiredException';

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
  const serverClientId = () => {
    const id = env.USER_POOL_SERVER_CLIENT_ID;
    if (!id) throw new ApiError('SERVICE_UNAVAILABLE', 'USER_POOL_SERVER_CLIENT_ID is not set');
    return id;
  };
  /** The server session's refresh token, revoked as the proofs' are (same client). */
  const closeServerSession = async (refreshToken: string | undefined) => {
    if (!refreshToken) return;
    await cognito()
      .send(new RevokeTokenCommand({ ClientId: serverClientId(), Token: refreshToken }))
      .catch((error: unknown) => logger.warn('Could not revoke a server session', { error: String(error) }));
  };
  const ownerSessionOf = (result: AuthenticationResultType): OwnerSession => {
    const AccessToken = result.AccessToken!;
    return {
      async associateTotp() {
        const answer = await cognito().send(new AssociateSoftwareTokenCommand({ AccessToken }));
        if (!answer.SecretCode) throw new Error('Cognito returned no authenticator secret');
        return answer.SecretCode;
      },
      async verifyTotp(code) {
        try {
          const answer = await cognito().send(
            new VerifySoftwareTokenCommand({ AccessToken, UserCode: code, FriendlyDeviceName: 'ReviewRoute' }),
          );
          return answer.Status === 'SUCCESS';
        } catch (error) {
          const name = nameOf(error);
          if (name === 'EnableSoftwareTokenMFAException' || name === 'CodeMismatchException') return false;
          throw error;
        }
      },
      async verifyEmail(code) {
        try {
          await cognito().send(new VerifyUserAttributeCommand({ AccessToken, AttributeName: 'email', Code: code }));
          return true;
        } catch (error) {
          const name = nameOf(error);
          if (name === 'CodeMismatchException' || name === 'ExpiredCodeException') return false;
          if (name === 'AliasExistsException') throw new ApiError('CONFLICT', 'The address is in use.');
          throw error;
        }
      },
      close: () => closeServerSession(result.RefreshToken),
    };
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
        if (passwordRefused(name)) return { result: 'invalid' };
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

    async totpEnabled(username) {
      const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: env.USER_POOL_ID, Username: username }));
      return user.UserMFASettingList?.includes('SOFTWARE_TOKEN_MFA') ?? false;
    },

    async enableTotp(username) {
      await cognito().send(
        new AdminSetUserMFAPreferenceCommand({
          UserPoolId: env.USER_POOL_ID,
          Username: username,
          SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
        }),
      );
    },

    async openOwnerSession(username, factors, context) {
      const ClientId = serverClientId();
      let result: AuthenticationResultType | undefined;
      try {
        const answer = await cognito().send(
          new AdminInitiateAuthCommand({
            UserPoolId: env.USER_POOL_ID,
            ClientId,
            AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: username, PASSWORD: factors.password },
            ContextData: contextData(context),
          }),
        );
        result = answer.AuthenticationResult;
        if (!result && answer.ChallengeName === 'SOFTWARE_TOKEN_MFA' && answer.Session) {
          if (!factors.code) return { result: 'code-refused' };
          const second = await cognito().send(
            new AdminRespondToAuthChallengeCommand({
              UserPoolId: env.USER_POOL_ID,
              ClientId,
              ChallengeName: 'SOFTWARE_TOKEN_MFA',
              Session: answer.Session,
              ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: factors.code },
              ContextData: contextData(context),
            }),
          );
          result = second.AuthenticationResult;
        }
      } catch (error) {
        refused(error);
        const name = nameOf(error);
        if (name === 'CodeMismatchException' || name === 'ExpiredCodeException') return { result: 'code-refused' };
        if (passwordRefused(name)) return { result: 'invalid' };
        throw error;
      }
      if (!result?.AccessToken) {
        logger.warn('An owner session ended in no tokens');
        return { result: 'invalid' };
      }
      return { result: 'open', session: ownerSessionOf(result) };
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
