/**
 * The owner password policy: the CDK user pool, the local user pool and the sign-up form's help text
 * all follow this one description (Cognito's own default policy).
 */
export const passwordPolicy = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
} as const;
