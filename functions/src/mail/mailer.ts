/** A mail as the product sends it: one sender, one recipient, an optional Reply-To, a text and an HTML part. */
export interface OutgoingMail {
  from: string;
  to: string;
  /** Where an answer goes (the contact form: the visitor); none means the sender. */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header fields (a review request's `List-Unsubscribe` and `List-Unsubscribe-Post`), by name. */
  headers?: Record<string, string>;
  /**
   * SES message tags: what a bounce or complaint of this mail concerns, handed back with SES's event (the
   * mail-events worker). Names and values of ASCII letters, digits, `_` and `-` only, as SES takes them.
   */
  tags?: Record<string, string>;
}

/** Sends one mail; resolves once the mail service has accepted it. */
export type Mailer = (mail: OutgoingMail) => Promise<void>;

/** A mail no mail service would take (no sender, recipient or subject): refused before anything is sent. */
export class MailRefusedError extends Error {
  override name = 'MailRefusedError';
}

const sesTagPattern = /^[A-Za-z0-9_-]{1,256}$/;

/** The checks every mailer makes first, so the fake refuses what SES refuses. */
export function assertSendable(mail: OutgoingMail): void {
  const missing = (['from', 'to', 'subject'] as const).filter((field) => mail[field].trim() === '');
  if (missing.length > 0) throw new MailRefusedError(`A mail needs ${missing.join(', ')}`);
  const badTag = Object.entries(mail.tags ?? {}).find(
    ([name, value]) => !sesTagPattern.test(name) || !sesTagPattern.test(value),
  );
  if (badTag) throw new MailRefusedError(`SES takes no tag ${badTag[0]}=${badTag[1]}`);
}
