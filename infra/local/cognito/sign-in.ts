import {
  CodeMismatchError,
  CognitoError,
  NotAuthorizedError,
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

/**
 * Sign-in and its TOTP step: a disabled user (account deletion disables first) cannot sign in or refresh; a
 * challenge's Session is single-use, bound to its user and challenge and valid 3 minutes; a TOTP code is accepted
 * once (RFC 6238 5.2); the refresh token issued after a challenge is stored (cognito-local forgets it, so the
 * session could never be refreshed); VerifySoftwareToken answers a wrong code with Cognito's
 * EnableSoftwareTokenMFAException.
 */
export function signInTargets(base: Router, services: Services): Record<string, Route> {
  /** Issued challenge sessions. Lost on restart, as they may be. */
  const challenges = new Map<string, IssuedChallenge>();
  const useTotpCode = totpCodeCheck();

  return {
    InitiateAuth: async (
      ctx,
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
      ctx,
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

    VerifySoftwareToken: async (ctx, req: { AccessToken?: string; UserCode?: string }) => {
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
}
