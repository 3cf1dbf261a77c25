import { z } from 'zod';
import { ownerEmailSchema, passwordRuleResults } from '@reviewroute/shared';
import { type TFunction } from 'i18next';

/** Sign-in (spec 5): e-mail required and valid, password required; the pool judges the password itself. */
export const credentialsSchema = (t: TFunction<'auth'>) =>
  z.object({
    email: ownerEmailSchema({ required: t('validation.emailRequired'), invalid: t('validation.emailInvalid') }),
    password: z.string().min(1, t('validation.passwordRequired')),
  });
export type Credentials = z.infer<ReturnType<typeof credentialsSchema>>;

/**
 * Sign-up: the same shape, and the password must already meet the user pool's policy (the form lists the rules)
 * and must not start or end with a space (Cognito refuses those as an invalid parameter).
 */
export const signUpSchema = (t: TFunction<'auth'>) =>
  credentialsSchema(t).extend({
    password: z
      .string()
      .min(1, t('validation.passwordRequired'))
      .refine((password) => passwordRuleResults(password).every((r) => r.met), t('validation.passwordPolicy'))
      .refine((password) => password.trim() === password, t('validation.passwordSpaces')),
  });

/** Cognito's confirmation codes are 6 digits. */
export const confirmationSchema = (t: TFunction<'auth'>) =>
  z.object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, t('validation.codeInvalid')),
  });

/** "Forgot password?": only the address. */
export const resetRequestSchema = (t: TFunction<'auth'>) => credentialsSchema(t).pick({ email: true });
export type ResetRequest = z.infer<ReturnType<typeof resetRequestSchema>>;

/** The authenticator app's code at sign-in: 6 digits. */
export const totpCodeSchema = (t: TFunction<'auth'>) =>
  z.object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, t('validation.totpCodeInvalid')),
  });
