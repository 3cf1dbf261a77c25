import {
  CodeMismatchError,
  CognitoError,
  InvalidParameterError,
  NotAuthorizedError,
  UserNotFoundError,
  type Router,
  type Route,
  type Services,
} from '../cognito-local';
import { userOfToken } from './tokens';
import { totpCodeCheck } from './totp';

/** A sign-in challenge as Cognito hands it out: one session, for one user and challenge, valid 3 minutes. */
interface IssuedChallenge {
  username: string;
  challenge: string;
  expiresAt: number;
}

/** The users of a pool and what the admin targets need of it. */
type AdminRequest = { UserPoolId: string; ClientId: string };

/**
 * Sign-in and its TOTP step: a disabled user (account deletion disables first) cannot sign in or refresh; a
 * challenge's Session is single-use, bound to its user and challenge and valid 3 minutes; a TOTP code is accepted
 * once (RFC 6238 5.2); the refresh token issued after a challenge is stored (cognito-local forgets it, so the
 * session could never be refreshed); VerifySoftwareToken answers a wrong code with Cognito's
 * EnableSoftwareTokenMFAException. The server-side twins the account Lambda proves a password and a code with,
 * which cognito-local lacks or handles loosely: AdminInitiateAuth (ADMIN_USER_PASSWORD_AUTH) checks the password as
 * the password sign-in does, so it issues the TOTP challenge of an account that has one (cognito-local's hands out
 * tokens) and answers a wrong password with Cognito's NotAuthorizedException; AdminRespondToAuthChallenge answers
 * it as RespondToAuthChallenge does (single-use session, each code once); AdminSetUserMFAPreference sets a user's
 * preference by name, as SetUserMFAPreference does by token.
 */
export function signInTargets(base: Router, services: Services): Record<string, Route> {
  /** Issued challenge sessions. Lost on restart, as they may be. */
  const challenges = new Map<string, IssuedChallenge>();
  const useTotpCode = totpCodeCheck();

  /** The client's pool, refused unless it is the pool the admin request names (as Cognito does). */
  const poolOfAdminRequest = async (ctx: Parameters<Route>[0], req: AdminRequest) => {
    const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    if (pool.options.Id !== req.UserPoolId)
      throw new CognitoError('ResourceNotFoundException', `User pool client ${req.ClientId} does not exist.`);
    return pool;
  };

  const targets = {
    InitiateAuth: async (
      ctx: Parameters<Route>[0],
      req: { ClientId: string; AuthFlow?: string; AuthParameters?: Record<string, string> },
    ) => {
      // Account deletion disables the user first; Cognito then refuses their sign-in, cognito-local does not.
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const { USERNAME: username, REFRESH_TOKEN: refreshToken } = req.AuthParameters ?? {};
      const user = username
        ? await pool.getUserByUsername(ctx, username)
        : refreshToken
          ? await pool.getUserByRefreshToken(ctx, refreshToken)
          : null;
      if (user && user.Enabled === false) throw new CognitoError('NotAuthorizedException', 'User is disabled.');
      const result = (await base('InitiateAuth')(ctx, req)) as {
        ChallengeName?: string;
        Session?: string;
        ChallengeParameters?: Record<string, string>;
      };
      if (result.ChallengeName && result.Session && result.ChallengeParameters?.USER_ID_FOR_SRP) {
        challenges.set(result.Session, {
          username: result.ChallengeParameters.USER_ID_FOR_SRP,
          challenge: result.ChallengeName,
          expiresAt: Date.now() + 3 * 60_000,
        });
      }
      return result;
    },

    RespondToAuthChallenge: async (
      ctx: Parameters<Route>[0],
      req: { ClientId: string; ChallengeName: string; Session?: string; ChallengeResponses?: Record<string, string> },
    ) => {
      const issued = req.Session ? challenges.get(req.Session) : undefined;
      if (!issued || issued.expiresAt < Date.now() || issued.challenge !== req.ChallengeName)
        throw new NotAuthorizedError('Invalid session for the user, session is expired.');
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, req.ChallengeResponses?.USERNAME ?? '');
      if (!user || user.Username !== issued.username) throw new NotAuthorizedError('Invalid session for the user.');
      if (req.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
        if (!user.SoftwareTokenMfaConfiguration?.Verified) throw new CodeMismatchError();
        // A wrong code leaves the session usable for another try, as in Cognito.
        useTotpCode(user, req.ChallengeResponses?.SOFTWARE_TOKEN_MFA_CODE);
      }
      const result = (await base('RespondToAuthChallenge')(ctx, req)) as {
        AuthenticationResult?: { RefreshToken?: string };
      };
      challenges.delete(req.Session!);
      const refreshToken = result.AuthenticationResult?.RefreshToken;
      if (refreshToken) await pool.storeRefreshToken(ctx, refreshToken, user);
      return result;
    },

    VerifySoftwareToken: async (ctx: Parameters<Route>[0], req: { AccessToken?: string; UserCode?: string }) => {
      if (req.AccessToken) {
        const { user } = await userOfToken(services, ctx, req.AccessToken);
        try {
          useTotpCode(user, req.UserCode);
        } catch {
          throw new CognitoError('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA');
        }
      }
      return base('VerifySoftwareToken')(ctx, req);
    },
  };

  return {
    ...targets,

    AdminInitiateAuth: async (
      ctx,
      req: AdminRequest & { AuthFlow?: string; AuthParameters?: Record<string, string> },
    ) => {
      await poolOfAdminRequest(ctx, req);
      if (req.AuthFlow !== 'ADMIN_USER_PASSWORD_AUTH') return base('AdminInitiateAuth')(ctx, req);
      try {
        return await targets.InitiateAuth(ctx, {
          ClientId: req.ClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: req.AuthParameters ?? {},
        });
      } catch (error) {
        // cognito-local's own answer to a wrong password; Cognito's is this one.
        if ((error as { code?: unknown }).code === 'InvalidPasswordException')
          throw new NotAuthorizedError('Incorrect username or password.');
        throw error;
      }
    },

    AdminRespondToAuthChallenge: async (
      ctx,
      req: AdminRequest & { ChallengeName: string; Session?: string; ChallengeResponses?: Record<string, string> },
    ) => {
      await poolOfAdminRequest(ctx, req);
      return targets.RespondToAuthChallenge(ctx, req);
    },

    AdminSetUserMFAPreference: async (
      ctx,
      req: {
        UserPoolId: string;
        Username: string;
        SoftwareTokenMfaSettings?: { Enabled?: boolean; PreferredMfa?: boolean };
      },
    ) => {
      const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
      const user = await pool.getUserByUsername(ctx, req.Username);
      if (!user) throw new UserNotFoundError();
      const software = req.SoftwareTokenMfaSettings;
      if (software?.Enabled && !user.SoftwareTokenMfaConfiguration?.Verified)
        throw new InvalidParameterError('User has not verified software token MFA');
      const methods = new Set(user.UserMFASettingList ?? []);
      if (software?.Enabled) methods.add('SOFTWARE_TOKEN_MFA');
      else if (software) methods.delete('SOFTWARE_TOKEN_MFA');
      await pool.saveUser(ctx, {
        ...user,
        UserMFASettingList: [...methods],
        PreferredMfaSetting: software?.PreferredMfa ? 'SOFTWARE_TOKEN_MFA' : undefined,
        UserLastModifiedDate: services.clock.get(),
      });
      return {};
    },
  };
}
