import * as z from 'zod';
import { simpleEmailPattern } from './domain/public-survey-rules';

/**
 * Sensitive account actions need proof beyond the session's token (a token can be left signed in on a shared
 * computer or copied): the API checks the password, and for turning two-step verification off a current code
 * from the authenticator app too, with Cognito itself before it acts. The user comes from the verified token only.
 */

/** A password as the owner typed it: never trimmed (spaces count), bounded like Cognito's (256). */
export const currentPasswordSchema = z.string().min(1).max(256, { abort: true });

/** A TOTP code: six digits; spaces a user typed between groups are ignored. */
export const totpCodeSchema = z
  .string()
  .max(20, { abort: true })
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/));

/**
 * A recovery code as we hand it out: ten characters of `recoveryCodeAlphabet` in two groups of five
 * (`k7m2p-x9qrt`). Typed back in any case, with or without the dash and spaces.
 */
export const recoveryCodeAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
export const recoveryCodeCount = 10;
const recoveryCodePattern = new RegExp(`^[${recoveryCodeAlphabet}]{10}$`);

/** A second-step code as typed, without the spaces and dashes between its groups, in lower case. */
export const normalizeSecondFactorCode = (code: string): string => code.replace(/[\s-]+/g, '').toLowerCase();

/** A recovery code as typed, normalised to its ten characters (no dash, lower case). */
export const recoveryCodeSchema = z
  .string()
  .max(40, { abort: true })
  .transform(normalizeSecondFactorCode)
  .pipe(z.string().regex(recoveryCodePattern));

/**
 * The second step where a proof asks for it: a current code of the authenticator app (six digits) or one of the
 * account's unused recovery codes (each works once). Normalised: the digits, or the recovery code's ten characters.
 */
export const secondFactorCodeSchema = z
  .string()
  .max(40, { abort: true })
  .transform(normalizeSecondFactorCode)
  .pipe(
    z
      .string()
      .regex(/^\d{6}$/)
      .or(z.string().regex(recoveryCodePattern)),
  );

/** Whether a normalised second-step code is a recovery code (else the authenticator's six digits). */
export const isRecoveryCode = (code: string): boolean => recoveryCodePattern.test(code);

/** POST /api/account/two-factor/disable: the password and a current code of the authenticator app (or a recovery code). */
export const twoFactorDisableSchema = z.object({ password: currentPasswordSchema, code: secondFactorCodeSchema });
export type TwoFactorDisableInput = z.input<typeof twoFactorDisableSchema>;

/** Whether two-step verification is on after the call (false: it is off, or was already). */
export const twoFactorStateSchema = z.object({ enabled: z.boolean() });
export type TwoFactorState = z.infer<typeof twoFactorStateSchema>;

/**
 * POST /api/account/email-change: the password and the new address (sign-up's rule); with two-step verification
 * on, a current code (or a recovery code) as well.
 */
export const emailChangeStartSchema = z.object({
  password: currentPasswordSchema,
  code: secondFactorCodeSchema.optional(),
  newEmail: z.string().max(320, { abort: true }).trim().min(1).max(254, { abort: true }).regex(simpleEmailPattern),
});
export type EmailChangeStartInput = z.input<typeof emailChangeStartSchema>;

/** Where Cognito sent the code that confirms the new address (confirmed through `confirm-email-change`). */
export const emailChangeStartedSchema = z.object({ destination: z.string() });
export type EmailChangeStarted = z.infer<typeof emailChangeStartedSchema>;

/** The six-digit code Cognito mailed to the new address. */
export const emailVerificationCodeSchema = z
  .string()
  .max(20, { abort: true })
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/));

/**
 * POST /api/account/email-change/confirm: the code mailed to the new address, confirmed by the API with a session
 * of its own (the browser's token may not call Cognito's user API, see the pre token generation trigger): the
 * password again, and with two-step verification on a current code of the authenticator app (a recovery code opens
 * no Cognito session).
 */
export const emailChangeConfirmSchema = z.object({
  password: currentPasswordSchema,
  code: totpCodeSchema.optional(),
  verificationCode: emailVerificationCodeSchema,
});
export type EmailChangeConfirmInput = z.input<typeof emailChangeConfirmSchema>;
export const emailChangeConfirmedSchema = z.object({ email: z.string() });
export type EmailChangeConfirmed = z.infer<typeof emailChangeConfirmedSchema>;

/**
 * POST /api/account/two-factor: the first step of turning the authenticator app on, proven with the password (the
 * account's whole proof while it has no second step). Answers a new set of recovery codes first (shown once it is
 * on: it is never on without them), and the new secret for the app to add.
 */
export const twoFactorStartSchema = z.object({ password: currentPasswordSchema });
export type TwoFactorStartInput = z.input<typeof twoFactorStartSchema>;
export const twoFactorSecretSchema = z.object({ secret: z.string(), codes: z.array(z.string()) });
export type TwoFactorSecret = z.infer<typeof twoFactorSecretSchema>;

/** POST /api/account/two-factor/confirm: the password and the app's first code; then two-step verification is on. */
export const twoFactorConfirmSchema = z.object({ password: currentPasswordSchema, code: totpCodeSchema });
export type TwoFactorConfirmInput = z.input<typeof twoFactorConfirmSchema>;

/**
 * Attempts at a password or code proof per owner per window, whatever the action: enough for typos, too few to
 * guess (Cognito's own lockout after repeated wrong passwords comes on top).
 */
export const securityProofRateRule = { limit: 10, windowSeconds: 15 * 60 } as const;

/**
 * POST /api/account/recovery-codes: a new set of recovery codes, replacing the previous one. The proof matches the
 * account: the password, and with two-step verification on a current code (or an unused recovery code). Set-up
 * asks for it before two-step verification is turned on, when the password alone is the account's proof.
 */
export const recoveryCodesCreateSchema = z.object({
  password: currentPasswordSchema,
  code: secondFactorCodeSchema.optional(),
});
export type RecoveryCodesCreateInput = z.input<typeof recoveryCodesCreateSchema>;

/** The new codes, shown once (only their hashes are stored). */
export const recoveryCodesSchema = z.object({ codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** GET /api/account/recovery-codes: how many unused codes are left, and when the set was made (none: null). */
export const recoveryCodesStatusSchema = z.object({ remaining: z.number().int(), createdAt: z.string().nullable() });
export type RecoveryCodesStatus = z.infer<typeof recoveryCodesStatusSchema>;

/**
 * POST /api/public/sign-in-recovery: a recovery code instead of the authenticator's code at sign-in. Cognito's code
 * challenge takes no recovery code, so the API proves the address, the password and the code, turns two-step
 * verification off and mails the owner; the browser then signs in with the password and sets it up again.
 */
export const signInRecoverySchema = z.object({
  email: z.string().trim().min(1).max(320),
  password: currentPasswordSchema,
  recoveryCode: recoveryCodeSchema,
});
export type SignInRecoveryInput = z.input<typeof signInRecoverySchema>;
export const signInRecoveredSchema = z.object({ twoFactor: z.literal(false) });

/** Recovery attempts at sign-in per viewer per window (the owner's own proof window counts them too). */
export const signInRecoveryRateRule = { limit: 10, windowSeconds: 15 * 60 } as const;

/** A code as handed out: `k7m2p-x9qrt`. */
export const formatRecoveryCode = (code: string): string => `${code.slice(0, 5)}-${code.slice(5)}`;
