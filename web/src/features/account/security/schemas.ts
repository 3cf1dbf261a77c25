import { z } from 'zod';
import { ownerEmailSchema } from '@reviewroute/shared';
import { type TFunction } from 'i18next';

/** The e-mail change (spec 5): a valid address, the same rule as sign-up. */
export const emailChangeSchema = (t: TFunction<'security'>) =>
  z.object({
    email: ownerEmailSchema({ required: t('validation.emailRequired'), invalid: t('validation.emailInvalid') }),
  });
export type EmailChange = z.infer<ReturnType<typeof emailChangeSchema>>;

/** Addresses are compared as Cognito does with a case-insensitive pool. */
export const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
