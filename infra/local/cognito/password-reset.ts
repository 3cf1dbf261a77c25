import { CodeMismatchError, type Router, type Route, type Services } from '../cognito-local';
import { emailDelivery } from './delivery';
import { assertPasswordPolicy } from './password-policy';

/**
 * "Forgot password?": neither target reveals whether an account exists (the client's PreventUserExistenceErrors),
 * as Cognito does; the new password must meet the pool's policy.
 */
export function passwordResetTargets(
  base: Router,
  services: Services,
  /** Told after a password was changed, with the user's attributes: Cognito's PostConfirmation trigger's twin. */
  onPasswordChanged?: (userAttributes: Record<string, string>) => Promise<void>,
): Record<string, Route> {
  return {
    ForgotPassword: async (ctx, req: { ClientId: string; Username: string }) => {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, req.Username);
      // With user-existence errors prevented, Cognito answers an unknown address as if it had sent a code.
      if (!user) return { CodeDeliveryDetails: emailDelivery(req.Username) };
      return base('ForgotPassword')(ctx, req);
    },

    ConfirmForgotPassword: async (ctx, req: { ClientId: string; Username: string; Password?: string }) => {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, req.Username);
      if (!user) throw new CodeMismatchError();
      await assertPasswordPolicy(services, ctx, req.ClientId, req.Password);
      const answer = await base('ConfirmForgotPassword')(ctx, req);
      // Only now has the password changed (a wrong code threw above): the notice tells the truth.
      await onPasswordChanged?.(
        Object.fromEntries((user.Attributes ?? []).flatMap((a) => (a.Name && a.Value ? [[a.Name, a.Value]] : []))),
      ).catch(() => undefined);
      return answer;
    },
  };
}
