import type { Language, LambdaEnv } from '@reviewroute/shared';

/**
 * Who the owner's mails (decisions 23: low-rating alerts, payment confirmations, security notices) come from
 * and where the owner gets help: the product's verified sender and the operator's address, the contact form's
 * pair (CONTACT_FROM_ADDRESS, defaulting to CONTACT_TO_ADDRESS). Undefined when neither is set: nothing is sent.
 */
export function ownerMailSettings(
  env: Pick<LambdaEnv, 'CONTACT_TO_ADDRESS' | 'CONTACT_FROM_ADDRESS'>,
): { from: string; helpEmail: string } | undefined {
  const from = env.CONTACT_FROM_ADDRESS ?? env.CONTACT_TO_ADDRESS;
  const helpEmail = env.CONTACT_TO_ADDRESS ?? env.CONTACT_FROM_ADDRESS;
  return from && helpEmail ? { from, helpEmail } : undefined;
}

/** A page of the owner app in the owner's language (the Dutch pages live under `/nl`), as an absolute link. */
export const ownerAppUrl = (siteOrigin: string, language: Language, path: string): string =>
  `${siteOrigin.replace(/\/+$/, '')}${language === 'nl' ? '/nl' : ''}${path}`;

/** A moment as the owner's mails show it: minutes, UTC (the mails do not know the owner's time zone). */
export const mailTime = (at: Date | string): string =>
  new Date(at).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
