import * as z from 'zod';
import { languages } from './domain/language';
import { isEuVatNumber, normalizeVatNumber } from './domain/vat-number';

/** The owner's profile (spec 3 "Profile"), plus the onboarding URL-copied flag (decisions 9). */

export const profileMessages = {
  textTooLong: 'This text is too long',
  vatNumberInvalid: 'Enter an EU VAT number with its country code, such as NL123456789B01',
} as const;

export const profileTextLimits = {
  fullName: 200,
  businessName: 200,
  businessIndustry: 100,
  phone: 40,
  businessAddress: 500,
  /** Typed with spaces or dots it may be longer than the 14 characters it is stored as. */
  vatNumber: 40,
} as const;

const optionalText = (max: number) => z.string().trim().max(max, profileMessages.textTooLong);

/**
 * The business's own VAT number for its invoices (optional: empty clears it), checked by its country's format
 * (`domain/vat-number.ts`) and stored normalized ("NL123456789B01").
 */
export const vatNumberField = z
  .string()
  .max(profileTextLimits.vatNumber, profileMessages.vatNumberInvalid)
  .transform(normalizeVatNumber)
  .refine((value) => value === '' || isEuVatNumber(value), profileMessages.vatNumberInvalid);

export const profileSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  businessName: z.string(),
  businessIndustry: z.string(),
  phone: z.string(),
  businessAddress: z.string(),
  /** The business's VAT number, normalized; empty when none was given. */
  vatNumber: z.string().default(''),
  /** Onboarding step 2 done: the survey URL was copied once, on any device (decisions 9). */
  surveyUrlCopied: z.boolean(),
  /**
   * The interface language the owner last used while signed in (the switcher, or a `/nl` page), recorded by the
   * web app: every owner mail is in it. Null until the app first recorded one (the mails then use the `locale`
   * Cognito stored at sign-up).
   */
  language: z.enum(languages).nullable(),
  /** Null until the profile was first saved (recording the language alone does not count as saving). */
  updatedAt: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** PATCH /api/profile: any subset; unknown keys are dropped. */
export const profileUpdateSchema = z
  .object({
    fullName: optionalText(profileTextLimits.fullName),
    businessName: optionalText(profileTextLimits.businessName),
    businessIndustry: optionalText(profileTextLimits.businessIndustry),
    phone: optionalText(profileTextLimits.phone),
    businessAddress: optionalText(profileTextLimits.businessAddress),
    vatNumber: vatNumberField,
    surveyUrlCopied: z.boolean(),
    language: z.enum(languages),
  })
  .partial();
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** A profile that was never saved: every field empty. */
export const emptyProfile = (userId: string): Profile => ({
  userId,
  fullName: '',
  businessName: '',
  businessIndustry: '',
  phone: '',
  businessAddress: '',
  vatNumber: '',
  surveyUrlCopied: false,
  language: null,
  updatedAt: null,
});
