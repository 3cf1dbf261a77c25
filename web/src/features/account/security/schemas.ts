import { z } from 'zod';
import { ownerEmailSchema, secondFactorCodeSchema } from '@reviewroute/shared';
import { type TFunction } from 'i18next';

/** The password as typed, for the API to check with Cognito: only required here (never trimmed). */
const currentPassword = (t: TFunction<'security'>) => z.string().min(1, t('validation.passwordRequired'));

/**
 * The second step where a proof asks for it: the authenticator app's 6-digit code or one of the recovery codes
 * (the API's rule, `secondFactorCodeSchema`, with the form's message).
 */
const secondStepCode = (t: TFunction<'security'>) =>
  z.string().refine((code) => secondFactorCodeSchema.safeParse(code).success, t('validation.secondStepInvalid'));

/**
 * The e-mail change (spec 5): a valid address, the same rule as sign-up, and the current password; with two-step
 * verification on (`withCode`), a code as well.
 */
export const emailChangeSchema = (t: TFunction<'security'>, withCode = false) =>
  z.object({
    email: ownerEmailSchema({ required: t('validation.emailRequired'), invalid: t('validation.emailInvalid') }),
    password: currentPassword(t),
    code: withCode ? secondStepCode(t) : z.string().optional(),
  });
export type EmailChange = z.infer<ReturnType<typeof emailChangeSchema>>;

/**
 * An action two-step verification guards (turning it off, a new set of recovery codes): the password and a current
 * code from the authenticator app, or a recovery code.
 */
export const twoFactorOffSchema = (t: TFunction<'security'>) =>
  z.object({ password: currentPassword(t), code: secondStepCode(t) });
export type TwoFactorOff = z.input<ReturnType<typeof twoFactorOffSchema>>;

/** Setting two-step verification up, first step: the password (the proof for the recovery codes and the secret). */
export const totpPasswordSchema = (t: TFunction<'security'>) => z.object({ password: currentPassword(t) });
export type TotpPassword = z.input<ReturnType<typeof totpPasswordSchema>>;

/** Setting two-step verification up, second step: the app's first code. */
export const totpSetupSchema = (t: TFunction<'security'>) => z.object({ code: appCode(t) });
export type TotpSetup = z.input<ReturnType<typeof totpSetupSchema>>;

/** A current code of the authenticator app: six digits, spaces ignored. */
const appCode = (t: TFunction<'security'>) =>
  z
    .string()
    .transform((code) => code.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, t('validation.totpCodeInvalid')));

/**
 * Confirming a new address: the code mailed to it; with two-step verification on (`withCode`), a current code of the
 * app as well (the API opens its Cognito session with the password kept from the first step and this code).
 */
export const emailConfirmSchema = (t: TFunction<'security'>, withCode = false) =>
  z.object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, t('validation.codeInvalid')),
    appCode: withCode ? appCode(t) : z.string().optional(),
  });
export type EmailConfirm = z.input<ReturnType<typeof emailConfirmSchema>>;

/** Addresses are compared as Cognito does with a case-insensitive pool. */
export const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
