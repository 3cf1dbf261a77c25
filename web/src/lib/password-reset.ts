import { z } from 'zod';
import { passwordRuleResults } from '@reviewroute/shared';
import { type TFunction } from 'i18next';

/**
 * A password reset's second step: the 6-digit code Cognito mailed and a new password that meets the pool's policy
 * (and, as Cognito insists, does not start or end with a space). Used by "Forgot password?" on /auth and by the
 * security tab.
 */
export const confirmResetSchema = (t: TFunction<'security'>) =>
  z.object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, t('validation.codeInvalid')),
    password: z
      .string()
      .min(1, t('validation.passwordRequired'))
      .refine((password) => passwordRuleResults(password).every((r) => r.met), t('validation.passwordPolicy'))
      .refine((password) => password.trim() === password, t('validation.passwordSpaces')),
  });
export type ConfirmReset = z.infer<ReturnType<typeof confirmResetSchema>>;

/** A code from the e-mail or from the authenticator app: 6 digits. */
export const codeSchema = (t: TFunction<'security'>, message: 'codeInvalid' | 'totpCodeInvalid' = 'codeInvalid') =>
  z.object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, t(`validation.${message}`)),
  });
export type CodeForm = z.infer<ReturnType<typeof codeSchema>>;
