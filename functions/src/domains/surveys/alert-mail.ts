import type { Language } from '@reviewroute/shared';
import type { OutgoingMail } from '../../mail/mailer';
import { mailTime, ownerAppUrl } from '../../mail/owner-mail';
import { renderMail } from '../../mail/render';

export interface LowRatingAlertInput {
  surveyId: string;
  businessName: string;
  rating: number;
  comment?: string;
  customerName?: string;
  customerEmail?: string;
  createdAt: string;
  /** The owner's address and language (Cognito's, now). */
  to: string;
  language: Language;
  from: string;
  siteOrigin: string;
}

/**
 * The owner's alert about one low rating (the `lowRatingAlert` template): rating, the customer's contact
 * details only when they left them, their comment verbatim (escaped in the HTML part), and the dashboard of
 * that survey. Answering goes to the customer when they left an address, so the owner can follow up at once.
 */
export function composeLowRatingAlert(input: LowRatingAlertInput): OutgoingMail {
  const dashboardUrl = ownerAppUrl(
    input.siteOrigin,
    input.language,
    `/dashboard?survey=${encodeURIComponent(input.surveyId)}`,
  );
  const rating = String(input.rating);
  const mail = renderMail('lowRatingAlert', input.language, {
    values: { businessName: input.businessName, rating, dashboardUrl },
    fields: {
      rating: `${'★'.repeat(input.rating)}${'☆'.repeat(5 - input.rating)} (${rating}/5)`,
      customerName: input.customerName,
      customerEmail: input.customerEmail,
      received: mailTime(input.createdAt),
    },
    quote: input.comment,
  });
  return {
    from: input.from,
    to: input.to,
    ...(input.customerEmail ? { replyTo: input.customerEmail } : {}),
    ...mail,
  };
}
