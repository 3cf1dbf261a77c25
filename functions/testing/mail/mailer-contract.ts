import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MailRefusedError, type Mailer, type OutgoingMail } from '../../src/mail/mailer';

/** A mail as the receiving side saw it. */
export interface DeliveredMail {
  from: string;
  to: string[];
  replyTo: string[];
  subject: string;
  text: string | undefined;
  html: string | undefined;
  /** The extra header fields the mail carried (none: empty). */
  headers: Record<string, string>;
}

export interface MailerUnderTest {
  mailer: Mailer;
  /** The mails delivered to `address` so far, oldest first. */
  delivered(address: string): Promise<DeliveredMail[]>;
}

/**
 * What every mailer does, run against the in-memory fake (memory-mailer.test.ts) and the SES adapter on the
 * local SES emulator (tests/integration/mailer.test.ts), so that unit tests built on the fake can trust it.
 * Every test writes to its own new address, so a shared inbox is fine.
 */
export function describeMailerContract(name: string, setup: () => MailerUnderTest): void {
  const address = () => `${randomUUID()}@contract.example`;
  const mail = (overrides: Partial<OutgoingMail> = {}): OutgoingMail => ({
    from: 'no-reply@reviewroute.example',
    to: address(),
    subject: 'Bevestig je café-bestelling: €12,50 ✓',
    text: 'Hallo Anna,\n\n<b>niet vet</b> & gewoon tekst.\n',
    html: '<p>Hallo Anna,</p><p><strong>vet</strong> &amp; opgemaakt.</p>',
    ...overrides,
  });

  describe(`mailer contract: ${name}`, () => {
    it('delivers the sender, recipient, Reply-To, subject and both parts exactly, non-ASCII included', async () => {
      const { mailer, delivered } = setup();
      const sent = mail({ replyTo: 'anna@bakkerij.example' });
      await mailer(sent);
      expect(await delivered(sent.to)).toEqual([
        {
          from: sent.from,
          to: [sent.to],
          replyTo: ['anna@bakkerij.example'],
          subject: sent.subject,
          text: sent.text,
          html: sent.html,
          headers: {},
        },
      ]);
    });

    it('carries extra header fields (one-click unsubscribe) as given', async () => {
      const { mailer, delivered } = setup();
      const headers = {
        'List-Unsubscribe': '<https://reviewroute.example/api/public/unsubscribe/abc>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      };
      const sent = mail({ headers });
      await mailer(sent);
      expect((await delivered(sent.to)).map((m) => m.headers)).toEqual([headers]);
    });

    it('names no Reply-To when the mail has none', async () => {
      const { mailer, delivered } = setup();
      const sent = mail();
      await mailer(sent);
      expect((await delivered(sent.to)).map((m) => m.replyTo)).toEqual([[]]);
    });

    it('delivers every send as a mail of its own, in order', async () => {
      const { mailer, delivered } = setup();
      const to = address();
      await mailer(mail({ to, subject: 'first' }));
      await mailer(mail({ to, subject: 'second' }));
      expect((await delivered(to)).map((m) => m.subject)).toEqual(['first', 'second']);
    });

    it.each([['from'], ['to'], ['subject']] as const)(
      'refuses a mail without %s and delivers nothing',
      async (field) => {
        const { mailer, delivered } = setup();
        const to = address();
        const refused = mail({ to, [field]: ' ' });
        await expect(mailer(refused)).rejects.toBeInstanceOf(MailRefusedError);
        expect(await delivered(to)).toEqual([]);
      },
    );
  });
}
