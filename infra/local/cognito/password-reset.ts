import { CodeMismatchError, type Router, type Route, type Services } from '../cognito-local';
import { emailDelivery } from './delivery';
import { assertPasswordPolicy } from './password-policy';

/**
 * "Forgot password?": neither target reveals whether an account exists (the client's PreventUserExistenceErrors),
 * as Cognito does; the new password must meet the pool's policy.
 */
export function passwordResetTargets(base: Router, services: Services): Record<string, Route> {
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
      if (!(await pool.getUserByUsername(ctx, req.Username))) throw new CodeMismatchError();
      await assertPasswordPolicy(services, ctx, req.ClientId, req.Password);
      return base('ConfirmForgotPassword')(ctx, req);
    },
  };
}
