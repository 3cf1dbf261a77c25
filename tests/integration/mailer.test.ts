import { afterAll, inject } from 'vitest';
import { describeMailerContract } from '@reviewroute/functions/testing/mail/mailer-contract';
import { sesMailerOf } from '@reviewroute/functions/mail/ses-mailer';
import { type InboxMail, listMails } from '../support/inbox';

const stack = inject('localStack');
/** The SES adapter as the Lambdas build it, from the stack's Lambda environment (its SES endpoint). */
const mailer = sesMailerOf(stack.env);
afterAll(() => mailer.destroy());

/** What the SES emulator keeps of a mail besides the fields the shared inbox type names. */
type StoredMail = InboxMail & { replyTo?: string[]; headers?: { name: string; value: string }[] };

// The emulator stores a mail before it answers the send, so the inbox is read once, without waiting.
describeMailerContract('SES adapter on the local SES emulator', () => ({
  mailer,
  delivered: async (address) =>
    ((await listMails(stack.urls.inbox)) as StoredMail[])
      .filter((m) => m.destination.to.includes(address))
      .map((m) => ({
        from: m.from,
        to: m.destination.to,
        replyTo: m.replyTo ?? [],
        subject: m.subject,
        text: m.body.text,
        html: m.body.html,
        headers: Object.fromEntries((m.headers ?? []).map((h) => [h.name, h.value])),
      })),
}));
