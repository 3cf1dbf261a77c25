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
