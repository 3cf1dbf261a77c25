import {
  InvalidParameterError,
  NotAuthorizedError,
  UserNotFoundError,
  selectAppropriateDeliveryMethod,
  type Router,
  type Route,
  type Services,
} from '../cognito-local';
import { mailCode } from './delivery';
import { assertPasswordPolicy } from './password-policy';

/**
 * Sign-up: SignUp enforces the pool's password policy; ResendConfirmationCode (missing in cognito-local) issues a
 * new code and mails it (the app's "resend" button); ConfirmSignUp marks the address verified, as Cognito does, and
 * refuses an account that is confirmed already with Cognito's NotAuthorizedException (cognito-local answers
 * ExpiredCodeException, which the app would read as "request a new code" instead of "sign in").
 */
export function signUpTargets(base: Router, services: Services): Record<string, Route> {
  return {
    SignUp: async (ctx, req: { ClientId: string; Password?: string }) => {
      await assertPasswordPolicy(services, ctx, req.ClientId, req.Password);
      return base('SignUp')(ctx, req);
    },

    ResendConfirmationCode: async (
      ctx,
      req: { ClientId: string; Username: string; ClientMetadata?: Record<string, string> },
    ) => {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, req.Username);
      if (!user) throw new UserNotFoundError('Username/client id combination not found.');
      if (user.UserStatus !== 'UNCONFIRMED') throw new InvalidParameterError('User is already confirmed.');
      const deliveryDetails = selectAppropriateDeliveryMethod(pool.options.AutoVerifiedAttributes ?? [], user);
      if (!deliveryDetails)
        throw new InvalidParameterError('User has no attribute matching desired auto verified attributes');
      const code = services.otp();
      await pool.saveUser(ctx, { ...user, ConfirmationCode: code, UserLastModifiedDate: services.clock.get() });
      await mailCode(services, ctx, {
        source: 'ResendCode',
        clientId: req.ClientId,
        poolId: pool.options.Id,
        user,
        code,
        clientMetadata: req.ClientMetadata,
        delivery: deliveryDetails,
      });
      return { CodeDeliveryDetails: deliveryDetails };
    },

    // Cognito marks the address verified when the sign-up code is confirmed; cognito-local does not.
    ConfirmSignUp: async (ctx, req: { ClientId: string; Username: string }) => {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const before = await pool.getUserByUsername(ctx, req.Username);
      if (before?.UserStatus === 'CONFIRMED')
        throw new NotAuthorizedError('User cannot be confirmed. Current status is CONFIRMED');
      const result = await base('ConfirmSignUp')(ctx, req);
      const user = await pool.getUserByUsername(ctx, req.Username);
      if (user && pool.options.AutoVerifiedAttributes?.includes('email')) {
        const others = (user.Attributes ?? []).filter((a) => a.Name !== 'email_verified');
        await pool.saveUser(ctx, { ...user, Attributes: [...others, { Name: 'email_verified', Value: 'true' }] });
      }
      return result;
    },
  };
}
