import * as z from 'zod';
import { simpleEmailPattern } from './domain/public-survey-rules';

/**
 * An owner's address as the sign-up, sign-in, password-reset and e-mail-change forms check it: required, at most
 * 254 characters (the longest address SMTP carries) and of the simple shape. The messages come from the caller,
 * already translated.
 */
export const ownerEmailSchema = (messages: { required: string; invalid: string }) =>
  z.string().trim().min(1, messages.required).max(254, messages.invalid).regex(simpleEmailPattern, messages.invalid);
