import { defaultLanguage, type ContactForm, type Language } from '@reviewroute/shared';
import type { OutgoingMail } from '../../mail/mailer';
import { mailTime } from '../../mail/owner-mail';
import { languageName, renderMail } from '../../mail/render';

export interface ContactMailInput {
  message: ContactForm;
  /** The visitor's interface language (shown in the mail, so the answer can be in it). */
  language: Language;
  /** When the message arrived (shown in the mail, so a forwarded copy keeps it). */
  receivedAt: Date;
  from: string;
  to: string;
}

/** The operator reads contact messages in the product's default language, whatever the visitor's. */
const operatorLanguage: Language = defaultLanguage;

/**
 * The operator's copy of a contact message (the `contactMessage` mail template): the subject names the sender,
 * answering goes straight to the sender (Reply-To), and everything the visitor typed is escaped in the HTML
 * part, so a message cannot add markup or links of its own to the operator's mail.
 */
export function composeContactMail({ message, language, receivedAt, from, to }: ContactMailInput): OutgoingMail {
  const name = `${message.firstName} ${message.lastName}`;
  const mail = renderMail('contactMessage', operatorLanguage, {
    // The button answers by mail too: the visitor's validated address, nothing else in the link.
    values: { subject: message.subject, name, email: message.email, replyUrl: `mailto:${message.email}` },
    fields: {
      name,
      email: message.email,
      company: message.company,
      language: languageName(language, operatorLanguage),
      received: mailTime(receivedAt, operatorLanguage),
    },
    quote: message.message,
  });
  return { from, to, replyTo: message.email, ...mail };
}
