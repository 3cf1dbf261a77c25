/**
 * The owner password policy: the CDK user pool, the local user pool and the sign-up form's checklist
 * all follow this one description (Cognito's own default policy).
 */
export const passwordPolicy = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
} as const;

/** The rules of `passwordPolicy`, in the order the sign-up form lists them. */
export type PasswordRule = 'minLength' | 'lowercase' | 'uppercase' | 'digit' | 'symbol';

/** The characters Cognito counts as symbols (its documented set, the space included). */
const cognitoSymbol = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;

const ruleChecks: Record<PasswordRule, { enabled: boolean; test: (password: string) => boolean }> = {
  minLength: { enabled: true, test: (p) => p.length >= passwordPolicy.minLength },
  lowercase: { enabled: passwordPolicy.requireLowercase, test: (p) => /[a-z]/.test(p) },
  uppercase: { enabled: passwordPolicy.requireUppercase, test: (p) => /[A-Z]/.test(p) },
  digit: { enabled: passwordPolicy.requireDigits, test: (p) => /[0-9]/.test(p) },
  symbol: { enabled: passwordPolicy.requireSymbols, test: (p) => cognitoSymbol.test(p) },
};

/** Each rule the policy turns on, and whether `password` meets it (what the user pool will check). */
export function passwordRuleResults(password: string): { rule: PasswordRule; met: boolean }[] {
  return (Object.keys(ruleChecks) as PasswordRule[])
    .filter((rule) => ruleChecks[rule].enabled)
    .map((rule) => ({ rule, met: ruleChecks[rule].test(password) }));
}

/**
 * The web client's token lifetimes: the CDK user pool client and the local one both set these. An ID or
 * access token stays valid at the API's JWT authorizer until it expires, even after its user was locked
 * out, so what a deleted account may still attempt is bounded by the longer of the two.
 */
export const tokenValidity = { idTokenMinutes: 60, accessTokenMinutes: 60, refreshTokenDays: 30 } as const;

/** The longest an ID or access token stays valid once issued, in seconds. */
export const longestTokenValiditySeconds =
  Math.max(tokenValidity.idTokenMinutes, tokenValidity.accessTokenMinutes) * 60;
