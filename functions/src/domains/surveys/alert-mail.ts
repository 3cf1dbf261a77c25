import { pageUrl, surveySearchParam, type Language, type Survey } from '@reviewroute/shared';
import type { MailLinkKey } from '../../lib/mail-link-key';
import { alertWindowMs, type AlertWindow } from '../../data/owner-alert-store';
import type { OutgoingMail } from '../../mail/mailer';
import { mailTime } from '../../mail/owner-mail';
import { renderMail } from '../../mail/render';
import { alertLinkOf } from './alert-link';

/** What an alert and a digest of one survey share: the sender, the owner as recipient, and the footer's link. */
export interface AlertMailBase {
  surveyId: string;
  businessName: string;
  /** The owner's address and language (Cognito's, now). */
  to: string;
  language: Language;
  from: string;
  /** The monitored address the footer names for help (SUPPORT_ADDRESS). */
  helpEmail: string;
  siteOrigin: string;
  /** The footer's switch-off link (alert-link.ts), or the survey's routing step where the owner signs in. */
  switchOffUrl: string;
}

/** The mail's button: the survey's feedback inbox, where the owner replies to and handles the ratings. */
const inboxUrlOf = (input: AlertMailBase) =>
  pageUrl(input.siteOrigin, 'inbox', input.language, { query: { [surveySearchParam]: input.surveyId } });

export interface LowRatingAlertInput extends AlertMailBase {
  rating: number;
  comment?: string;
  customerName?: string;
  customerEmail?: string;
  createdAt: string;
}

/**
 * The owner's alert about one low rating (the `lowRatingAlert` template): rating, the customer's contact
 * details only when they left them, their comment verbatim (escaped in the HTML part), and a button to the
 * inbox of that survey. Answering goes to the customer when they left an address, so the owner can follow up at once.
 */
export function composeLowRatingAlert(input: LowRatingAlertInput): OutgoingMail {
  const inboxUrl = inboxUrlOf(input);
  const rating = String(input.rating);
  const mail = renderMail('lowRatingAlert', input.language, {
    values: {
      businessName: input.businessName,
      rating,
      inboxUrl,
      switchOffUrl: input.switchOffUrl,
      helpEmail: input.helpEmail,
    },
    fields: {
      rating: `${'★'.repeat(input.rating)}${'☆'.repeat(5 - input.rating)} (${rating}/5)`,
      customerName: input.customerName,
      customerEmail: input.customerEmail,
      received: mailTime(input.createdAt, input.language),
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

export interface LowRatingDigestInput extends AlertMailBase {
  window: Pick<AlertWindow, 'windowStart' | 'further' | 'entries'>;
}

const stars = (rating: number) => `${'★'.repeat(rating)}${'☆'.repeat(5 - rating)}`;

/**
 * The owner's digest of one window's low ratings beyond the first five (the `lowRatingDigest` template): how
 * many and when, then one line per listed low rating (stars, time, the shortened comment), and the inbox.
 * No contact details: those stay in the inbox (decisions 23: nothing beyond what the mail needs).
 */
export function composeLowRatingDigest(input: LowRatingDigestInput): OutgoingMail {
  const inboxUrl = inboxUrlOf(input);
  const { windowStart, further, entries } = input.window;
  const from = mailTime(windowStart, input.language);
  const to = mailTime(new Date(Date.parse(windowStart) + alertWindowMs), input.language);
  const mail = renderMail('lowRatingDigest', input.language, {
    values: {
      businessName: input.businessName,
      count: String(further),
      listed: String(entries.length),
      from,
      to,
      inboxUrl,
      switchOffUrl: input.switchOffUrl,
      helpEmail: input.helpEmail,
    },
    fields: { count: String(further), period: `${from} – ${to}` },
    quote: entries
      .map((e) => `${stars(e.rating)} ${e.rating}/5 · ${mailTime(e.createdAt, input.language)} · ${e.comment ?? '—'}`)
      .join('\n'),
  });
  return { from: input.from, to: input.to, ...mail };
}

/**
 * Where the footer of an alert or digest sends the owner to switch alerts off: the signed link when the mail-link
 * key is configured, else the survey's review routing step (the switch is there; signing in needed).
 */
export async function switchOffUrlOf(
  key: MailLinkKey,
  siteOrigin: string,
  language: Language,
  survey: Pick<Survey, 'id' | 'userId' | 'surveyCode'>,
): Promise<string> {
  return (
    (await alertLinkOf(key, siteOrigin, language, survey)) ??
    pageUrl(siteOrigin, 'reviewRoutingSetup', language, { query: { [surveySearchParam]: survey.id } })
  );
}

/** The shared part of a survey's alert or digest to its owner, with the switch-off link signed for that survey. */
export async function alertMailBase(
  settings: { from: string; helpEmail: string; siteOrigin: string; mailLinkKey: MailLinkKey },
  survey: Pick<Survey, 'id' | 'userId' | 'surveyCode' | 'businessName'>,
  owner: { email: string; language: Language },
): Promise<AlertMailBase> {
  return {
    surveyId: survey.id,
    businessName: survey.businessName,
    to: owner.email,
    language: owner.language,
    from: settings.from,
    helpEmail: settings.helpEmail,
    siteOrigin: settings.siteOrigin,
    switchOffUrl: await switchOffUrlOf(settings.mailLinkKey, settings.siteOrigin, owner.language, survey),
  };
}
