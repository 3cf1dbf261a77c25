import {
  customerFirstName,
  defaultRequestTemplates,
  fillRequestTemplate,
  pageUrl,
  pathOf,
  type Language,
} from '@reviewroute/shared';
import type { OutgoingMail } from '../../mail/mailer';
import { renderMail } from '../../mail/render';

/**
 * A sender as `Name <address>`: the business's name shown, the product's verified address sending. A name of
 * plain printable ASCII is quoted (its quotes and backslashes escaped); any other is an RFC 2047 encoded word,
 * so no name can break the header or add an address.
 */
export function mailbox(name: string, address: string): string {
  const clean = name.replace(/[\r\n]+/g, ' ').trim();
  if (clean === '') return address;
  if (/^[\x20-\x7e]*$/.test(clean)) return `"${clean.replace(/(["\\])/g, '\\$1')}" <${address}>`;
  return `=?UTF-8?B?${Buffer.from(clean, 'utf8').toString('base64')}?= <${address}>`;
}

/** The customer's personal link: the survey's public link with their token (it identifies the request, not the address). */
export const personalLink = (landingPageUrl: string, token: string): string =>
  `${landingPageUrl}${landingPageUrl.includes('?') ? '&' : '?'}r=${encodeURIComponent(token)}`;

/** The search parameter of a one-tap star's link: the public page opens with that rating chosen, nothing sent. */
export const ratingSearchParam = 'rating';

/**
 * The five one-tap stars' links (1..5): the personal link with the rating chosen. Following one records only the
 * link's open, as the link itself does; the rating is recorded when the customer submits it on the page.
 */
export const starLinks = (link: string): [string, string, string, string, string] =>
  [1, 2, 3, 4, 5].map((rating) => `${link}&${ratingSearchParam}=${rating}`) as [string, string, string, string, string];

/** RFC 8058's one-click target: the API's public unsubscribe route, which a mail client POSTs to. */
export const oneClickUnsubscribeUrl = (siteOrigin: string, token: string): string =>
  `${siteOrigin.replace(/\/+$/, '')}${pathOf('unsubscribe', { token })}`;

/** The link a person follows from the mail's footer: the app's unsubscribe page, in the mail's language. */
export const unsubscribePageUrl = (siteOrigin: string, language: Language, token: string): string =>
  pageUrl(siteOrigin, 'unsubscribe', language, { params: { token } });

export interface ReviewRequestMailInput {
  /** The product's verified sender address (the business's name is shown with it). */
  fromAddress: string;
  siteOrigin: string;
  survey: { businessName: string; supportEmail: string; landingPageUrl: string };
  /** The owner's text; null: the default of the customer's language. */
  template: string | null;
  /**
   * The customer; with their request's batch and row id (the recipient record), the mail's tags name the request,
   * so SES's delivery report marks it delivered.
   */
  recipient: { name: string; email: string; language: Language; batchId?: string; id?: string };
  /** The personal survey link's token. */
  token: string;
  /** The unsubscribe links' token: a secret of its own, so forwarding the survey link cannot unsubscribe anyone. */
  unsubscribeToken: string;
  /** The survey's owner, whose suppression list a bounce or complaint of this mail goes on. */
  ownerId: string;
  /** The one reminder of this request (its own subject and footer; the same text, link and headers). */
  reminder?: boolean;
}

/** The SES tags of a review request (`mail-events-worker.ts` reads them back from SES's events). */
export const reviewRequestTags = (ownerId: string, request?: { batchId: string; recipientId: string }) => ({
  [mailTag.kind]: 'review-request',
  [mailTag.owner]: ownerId,
  ...(request ? { [mailTag.batch]: request.batchId, [mailTag.recipient]: request.recipientId } : {}),
});

/** The tag names the request mail sets and the mail-events worker reads. */
export const mailTag = { kind: 'mail', owner: 'owner', batch: 'batch', recipient: 'recipient' } as const;

/** One customer's review request, in their language, with the one-click unsubscribe headers. */
export function composeReviewRequest(input: ReviewRequestMailInput): OutgoingMail {
  const { survey, recipient, token, unsubscribeToken, siteOrigin } = input;
  const link = personalLink(survey.landingPageUrl, token);
  const message = fillRequestTemplate(input.template ?? defaultRequestTemplates[recipient.language], {
    // "Hi Anna," for Anna de Vries: the first name, as people greet each other; a neutral greeting without one.
    name: customerFirstName(recipient.name),
    url: link,
  });
  const rendered = renderMail(input.reminder ? 'reviewReminder' : 'reviewRequest', recipient.language, {
    values: {
      businessName: survey.businessName,
      unsubscribeUrl: unsubscribePageUrl(siteOrigin, recipient.language, unsubscribeToken),
      surveyUrl: link,
    },
    quote: message,
    stars: starLinks(link),
  });
  return {
    from: mailbox(survey.businessName, input.fromAddress),
    to: recipient.email,
    ...(survey.supportEmail.trim() ? { replyTo: survey.supportEmail.trim() } : {}),
    ...rendered,
    headers: {
      'List-Unsubscribe': `<${oneClickUnsubscribeUrl(siteOrigin, unsubscribeToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    tags: reviewRequestTags(
      input.ownerId,
      recipient.batchId && recipient.id ? { batchId: recipient.batchId, recipientId: recipient.id } : undefined,
    ),
  };
}
