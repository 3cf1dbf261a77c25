import {
  shownNameOf,
  type ResponseEvidence,
  type Survey,
  type WebsiteConsent,
  type WebsiteConsentInput,
} from '@reviewroute/shared';
import type { LinkOrigin } from '../../data/link-marks';

/**
 * A response's evidence (decisions 27), from what the submit knows: the personal link's request (a batch the
 * booking system's webhook made, or one the owner sent; requests go by e-mail today) and when it was sent; no
 * provable link is the public link or QR code. The survey's switch of decisions 6 is kept as it was at submit,
 * so a later change of the setting never rewrites what this customer was offered.
 */
export function evidenceOf(
  link: LinkOrigin | undefined,
  survey: Pick<Survey, 'offerPublicReviewToEveryone'>,
): ResponseEvidence {
  const everyoneOfferedPublicReview = survey.offerPublicReviewToEveryone;
  if (!link) return { invitation: 'public-link', invitedAt: null, everyoneOfferedPublicReview };
  return {
    invitation: link.source === 'hook' ? 'booking-system' : 'email-request',
    invitedAt: link.recipient.sentAt,
    everyoneOfferedPublicReview,
  };
}

/** The consent as kept: only the name the review may be shown with (never the name as typed), not hidden. */
export const consentOf = (input: WebsiteConsentInput | undefined): WebsiteConsent | null =>
  input
    ? {
        shownAs: shownNameOf(input.name, input.nameStyle),
        nameStyle: input.nameStyle,
        hiddenReason: null,
        hiddenAt: null,
      }
    : null;
