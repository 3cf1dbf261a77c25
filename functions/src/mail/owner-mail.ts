import { formatDateTime, pageUrl, type Language, type LambdaEnv } from '@reviewroute/shared';

/**
 * Who the owner's mails (decisions 23: low-rating alerts, payment confirmations, security notices) come from
 * and where the owner gets help: the product's verified sender (CONTACT_FROM_ADDRESS, defaulting to
 * CONTACT_TO_ADDRESS) and the one monitored help address (SUPPORT_ADDRESS, defaulting to CONTACT_TO_ADDRESS),
 * which every owner mail names and takes replies at. Never the sender as help: that may be a no-reply address.
 * Undefined when either is missing: nothing is sent.
 */
export function ownerMailSettings(
  env: Pick<LambdaEnv, 'CONTACT_TO_ADDRESS' | 'CONTACT_FROM_ADDRESS' | 'SUPPORT_ADDRESS'>,
): { from: string; helpEmail: string } | undefined {
  const from = env.CONTACT_FROM_ADDRESS ?? env.CONTACT_TO_ADDRESS;
  const helpEmail = env.SUPPORT_ADDRESS ?? env.CONTACT_TO_ADDRESS;
  return from && helpEmail ? { from, helpEmail } : undefined;
}

/**
 * A moment as the owner's mails show it: the one date-time form of every page in the owner's language, in the
 * business's time zone (`29 Nov 2026, 06:19` / `29 nov 2026, 06:19`).
 */
export const mailTime = (at: Date | string, language: Language): string => formatDateTime(at, language);

/** The security notices' button: the account page's security tab on the site, in the owner's language. */
export const securityPageOf =
  (siteOrigin: string) =>
  (language: Language): string =>
    pageUrl(siteOrigin, 'account', language, { query: { tab: 'security' } });
