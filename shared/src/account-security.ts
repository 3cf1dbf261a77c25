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

/** POST /api/account/two-factor/disable: the password and a current code of the authenticator app. */
export const twoFactorDisableSchema = z.object({ password: currentPasswordSchema, code: totpCodeSchema });
export type TwoFactorDisableInput = z.input<typeof twoFactorDisableSchema>;

/** Whether two-step verification is on after the call (false: it is off, or was already). */
export const twoFactorStateSchema = z.object({ enabled: z.boolean() });
export type TwoFactorState = z.infer<typeof twoFactorStateSchema>;

/** POST /api/account/email-change: the password and the new address (sign-up's rule). */
export const emailChangeStartSchema = z.object({
  password: currentPasswordSchema,
  newEmail: z.string().max(320, { abort: true }).trim().min(1).max(254, { abort: true }).regex(simpleEmailPattern),
});
export type EmailChangeStartInput = z.input<typeof emailChangeStartSchema>;

/** Where Cognito sent the code that confirms the new address (the client confirms it as before). */
export const emailChangeStartedSchema = z.object({ destination: z.string() });
export type EmailChangeStarted = z.infer<typeof emailChangeStartedSchema>;

/**
 * Attempts at a password or code proof per owner per window, whatever the action: enough for typos, too few to
 * guess (Cognito's own lockout after repeated wrong passwords comes on top).
 */
export const securityProofRateRule = { limit: 10, windowSeconds: 15 * 60 } as const;
