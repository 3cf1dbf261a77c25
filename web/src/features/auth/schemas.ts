import { z } from 'zod';
import { email } from '@reviewroute/shared';
import { type TFunction } from 'i18next';

/** Sign-up and sign-in share one shape (spec 5): e-mail required and valid, password required. */
export const credentialsSchema = (t: TFunction<'auth'>) =>
  z.object({
    email: email(t('validation.emailRequired'), t('validation.emailInvalid')),
    password: z.string().min(1, t('validation.passwordRequired')),
  });
export type Credentials = z.infer<ReturnType<typeof credentialsSchema>>;

/** Cognito's confirmation codes are 6 digits. */
export const confirmationSchema = (t: TFunction<'auth'>) =>
  z.object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, t('validation.codeInvalid')),
  });
export type Confirmation = z.infer<ReturnType<typeof confirmationSchema>>;
