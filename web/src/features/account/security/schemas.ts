import { z } from 'zod';
import { ownerEmailSchema } from '@reviewroute/shared';
import { type TFunction } from 'i18next';

/** The password as typed, for the API to check with Cognito: only required here (never trimmed). */
const currentPassword = (t: TFunction<'security'>) => z.string().min(1, t('validation.passwordRequired'));

/** The e-mail change (spec 5): a valid address, the same rule as sign-up, and the current password. */
export const emailChangeSchema = (t: TFunction<'security'>) =>
  z.object({
    email: ownerEmailSchema({ required: t('validation.emailRequired'), invalid: t('validation.emailInvalid') }),
    password: currentPassword(t),
  });
export type EmailChange = z.infer<ReturnType<typeof emailChangeSchema>>;

/** Turning two-step verification off: the password and a current code from the authenticator app. */
export const twoFactorOffSchema = (t: TFunction<'security'>) =>
  z.object({
    password: currentPassword(t),
    code: z
      .string()
      .transform((code) => code.replace(/\s+/g, ''))
      .pipe(z.string().regex(/^\d{6}$/, t('validation.totpCodeInvalid'))),
  });
export type TwoFactorOff = z.input<ReturnType<typeof twoFactorOffSchema>>;

/** Addresses are compared as Cognito does with a case-insensitive pool. */
export const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
