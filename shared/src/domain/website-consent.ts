import { contactFieldLimits } from './public-survey-rules';

/**
 * Reviews shown on the business's own website (decisions 27), the rules both the public page and the API
 * apply. Kept free of zod so the public survey page can import them through `@reviewroute/shared/domain`.
 */

/** How a customer who allows their review on the website is named there: their choice on the survey page. */
export const consentNameStyles = ['first-name', 'initials'] as const;
export type ConsentNameStyle = (typeof consentNameStyles)[number];

/**
 * The longest name the consent takes (a first name, or the name the initials are made of): as long as the contact
 * name, which the page sends as the consent's name when the customer typed one there.
 */
export const consentNameMaxLength = contactFieldLimits.name;

/**
 * The only reasons an owner may take a consented review off the website (decisions 27); the choice cannot be
 * undone, so the owner changes a consent only toward "not shown".
 */
export const websiteHideReasons = ['personal-data', 'offensive', 'not-about-business'] as const;
export type WebsiteHideReason = (typeof websiteHideReasons)[number];

/**
 * How a response was invited, as the API knows it at submit: a review request's personal link (sent by e-mail,
 * or later by text), a request the booking system's webhook created, or the survey's public link or QR code.
 */
export const invitationKinds = ['email-request', 'text-request', 'booking-system', 'public-link'] as const;
export type InvitationKind = (typeof invitationKinds)[number];

const words = (name: string) => name.trim().split(/\s+/u).filter(Boolean);

/**
 * The name a consented review is shown with, from what the customer typed: the first word ("Anna"), or every
 * word's first letter with a dot ("A.d.V." of "Anna de Vries"; lower-case words such as "de" stay lower case,
 * as Dutch writes them). Empty when nothing usable was typed.
 */
export function shownNameOf(name: string, style: ConsentNameStyle): string {
  const parts = words(name);
  if (style === 'first-name') return parts[0] ?? '';
  return parts.map((word) => `${Array.from(word)[0]}.`).join('');
}
