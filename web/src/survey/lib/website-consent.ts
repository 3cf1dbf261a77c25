import type { WebsiteConsentInput } from '@reviewroute/shared';
// The zod-free entry of shared: the page checks the name the way the API does, without the schemas.
import { shownNameOf } from '@reviewroute/shared/domain';
import type { AnswerDraft } from './draft';

/**
 * The name the website consent is made of: the name typed in the contact fields when they are shown and filled
 * (the customer is not asked twice), else the consent's own field.
 */
export const consentNameOf = (
  draft: Pick<AnswerDraft, 'customerName' | 'websiteName'>,
  contactShown: boolean,
): string => (contactShown && draft.customerName.trim() ? draft.customerName : draft.websiteName);

/**
 * What the submit sends of the box (decisions 27): nothing while it is unticked; the name and the choice of first
 * name or initials when ticked. `missing`: ticked without a name to show, which the form asks for before sending.
 */
export function websiteConsentOf(
  draft: Pick<AnswerDraft, 'showOnWebsite' | 'websiteNameStyle' | 'websiteName' | 'customerName'>,
  contactShown: boolean,
): WebsiteConsentInput | 'missing' | undefined {
  if (!draft.showOnWebsite) return undefined;
  const name = consentNameOf(draft, contactShown).trim();
  if (!shownNameOf(name, 'first-name')) return 'missing';
  return { nameStyle: draft.websiteNameStyle, name };
}
