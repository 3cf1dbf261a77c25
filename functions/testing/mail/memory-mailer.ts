import { assertSendable, type Mailer, type OutgoingMail } from '../../src/mail/mailer';

/** An in-memory mailer for unit tests: every accepted mail in `sent`, oldest first. */
export function createMemoryMailer(): Mailer & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  const send: Mailer = async (mail) => {
    assertSendable(mail);
    sent.push(structuredClone(mail));
  };
  return Object.assign(send, { sent });
}
