import type { Route, Router, Services } from '../cognito-local';
import { emailChangeTargets } from './email-change';
import { passwordResetTargets } from './password-reset';
import { signInTargets } from './sign-in';
import { signUpTargets } from './sign-up';
import { tokenTargets } from './tokens';

/**
 * The targets cognito-local lacks or handles more loosely than Cognito, over its router `base`, one module per
 * concern (each says what it fixes): sign-up, sign-in with its TOTP step, tokens, password reset and e-mail
 * change. Each target is named by one module only and calls cognito-local's own target underneath.
 */
export function withLocalTargets(
  base: Router,
  services: Services,
  hooks: { onPasswordChanged?: (userAttributes: Record<string, string>) => Promise<void> } = {},
): Router {
  const targets: Record<string, Route> = {
    ...signUpTargets(base, services),
    ...signInTargets(base, services),
    ...tokenTargets(base, services),
    ...passwordResetTargets(base, services, hooks.onPasswordChanged),
    ...emailChangeTargets(base, services),
  };
  return (target) => targets[target] ?? base(target);
}
