import { CognitoError, type Context, type Services, type UserPool } from '../cognito-local';

/** Real Cognito's wording for policy violations, so the app shows the same message locally. */
export function passwordPolicyViolation(password: string, policy: UserPool['Policies']): string | undefined {
  const p = policy?.PasswordPolicy;
  if (!p) return undefined;
  if (p.MinimumLength && password.length < p.MinimumLength) return 'Password not long enough';
  if (p.RequireUppercase && !/[A-Z]/.test(password)) return 'Password must have uppercase characters';
  if (p.RequireLowercase && !/[a-z]/.test(password)) return 'Password must have lowercase characters';
  if (p.RequireNumbers && !/[0-9]/.test(password)) return 'Password must have numeric characters';
  if (p.RequireSymbols && !/[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/.test(password))
    return 'Password must have symbol characters';
  return undefined;
}

/** Refuses a new password the client's pool does not accept, as Cognito does (cognito-local checks none). */
export async function assertPasswordPolicy(
  services: Services,
  ctx: Context,
  clientId: string,
  password: string | undefined,
): Promise<void> {
  const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
  const violation = passwordPolicyViolation(password ?? '', pool.options.Policies);
  if (violation)
    throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${violation}`);
}
