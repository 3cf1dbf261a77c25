import * as z from 'zod';
import { languages } from './domain/language';

/** The owner's profile (spec 3 "Profile"), plus the onboarding URL-copied flag (decisions 9). */

export const profileMessages = {
  textTooLong: 'This text is too long',
} as const;

export const profileTextLimits = {
  fullName: 200,
  businessName: 200,
  businessIndustry: 100,
  phone: 40,
  businessAddress: 500,
} as const;

const optionalText = (max: number) => z.string().trim().max(max, profileMessages.textTooLong);

export const profileSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  businessName: z.string(),
  businessIndustry: z.string(),
  phone: z.string(),
  businessAddress: z.string(),
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
  surveyUrlCopied: false,
  language: null,
  updatedAt: null,
});
