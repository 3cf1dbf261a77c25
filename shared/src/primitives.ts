import { z } from 'zod';
import { languages } from './domain/language';
import { simpleEmailPattern } from './domain/public-survey-rules';

/** A string trimmed before any other check, so '   ' counts as empty (spec 5). */
export const trimmed = () => z.string().trim();

/** Required trimmed text with the spec's message when empty. */
export const requiredText = (message: string, max = 500) => trimmed().min(1, message).max(max);

export const email = (requiredMessage = 'Email is required', invalidMessage = 'Valid email is required') =>
  trimmed().min(1, requiredMessage).max(254).regex(simpleEmailPattern, invalidMessage);

export const id = () =>
  z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/);

export const isoDateTime = () => z.iso.datetime();

export const languageSchema = z.enum(languages);
