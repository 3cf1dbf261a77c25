import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createSampleSurvey, publishSurvey } from '../support/api';
import { signInThroughUi } from '../support/app-flows';
import { expectNoAxeViolations, useBrowser } from '../support/browser';
import { createSignedInUser } from '../support/cognito';
import { listMails, waitForMail, type InboxMail } from '../support/inbox';

/**
 * The owner's Review requests page as an owner meets it: from the dashboard's quick action, a CSV of three
 * customers and one malformed row (shown with its error, left out), the permission and the send; three mails in
 * the local inbox, each in its customer's language with the one-click unsubscribe headers; one customer
 * unsubscribes in one click; a second send (from the survey picker, typed in by hand) skips that address and the
 * page says why. Texts exactly as web/src/locales/{en,nl}/requests.json have them.
 */
const stack = inject('localStack');

const en = {
  sendRequest: 'Send review request',
  title: 'Review requests',
  uploadTab: 'Upload CSV',
  oneTab: 'Add one',
  file: 'CSV file',
  ready: (n: number) => `${n} customers ready`,
  emailError: 'Email: Not a valid email address',
  permission: 'My customers agreed to receive this email from my business.',
  permissionError: 'Confirm that your customers agreed to receive this email',
  send: (n: number) => `Send to ${n} customer${n === 1 ? '' : 's'}`,
  sent: 'Sent',
  skipped: 'Skipped',
  unsubscribedReason: 'Not sent: this customer unsubscribed from your review requests.',
  survey: 'Survey',
  name: 'Name',
  email: 'Email',
  addCustomer: 'Add customer',
};
const nl = {
  title: 'Reviewverzoeken',
  skipped: 'Overgeslagen',
  unsubscribedReason: 'Niet verstuurd: deze klant heeft zich afgemeld voor je reviewverzoeken.',
};

type StoredMail = InboxMail & { headers?: { name: string; value: string }[] };
const headerOf = (mail: StoredMail, name: string) => mail.headers?.find((h) => h.name === name)?.value;

/** The recipients' states on the page, in the order shown, once they match. */
async function expectStates(page: Page, states: string[]) {
  const badges = page.getByTestId('batch').first().getByTestId('recipient-state');
  await expect.poll(() => badges.allTextContents(), { timeout: 20_000, interval: 200 }).toEqual(states);
}

describe('the Review requests page', () => {
  const b = useBrowser({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });

  // One owner's story, start to end: two sends wait for the stack's worker and the inbox, so it outlasts the
  // project's default on a busy machine.
  it(
    'sends a CSV’s valid customers in their languages, and a later send skips the one who unsubscribed, saying why',
    { timeout: 300_000 },
    async () => {
      const owner = await createSignedInUser(stack);
      const survey = await publishSurvey(
        owner,
        (await createSampleSurvey(owner, 'Bakkerij Lijst', { language: 'nl', supportEmail: 'anna@lijst.example' })).id,
      );
      const id = randomUUID().slice(0, 8);
      const piet = `piet-${id}@klant.example`;
      const jane = `jane-${id}@customer.example`;
      const kees = `kees-${id}@klant.example`;
      const csv = [
        'Name;E-mail;Language',
        `Piet Klant;${piet};nl`,
        `Jane Customer;${jane};en`,
        `Kees;${kees};`,
        'Kapot;geen-adres;nl',
      ].join('\n');

      const page = b.page();
      await signInThroughUi(page, 'en', owner);
      await page.getByRole('link', { name: en.sendRequest }).click();
      await page.getByRole('heading', { level: 1, name: en.title }).waitFor();
      expect(new URL(page.url()).searchParams.get('survey')).toBe(survey.id);

      await page.getByRole('tab', { name: en.uploadTab }).click();
      await page
        .getByLabel(en.file)
        .setInputFiles({ name: 'klanten.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByText(en.ready(3)).waitFor();
      const errors = page.getByTestId('row-errors');
      expect(await errors.getByRole('listitem').first().textContent()).toContain('Row 5');
      await errors.getByText(en.emailError).waitFor();
      await expectNoAxeViolations(page);

      // The permission is required: the send says so at the checkbox.
      await page.getByRole('button', { name: en.send(3) }).click();
      await page.getByText(en.permissionError).waitFor();
      await page.getByRole('checkbox', { name: en.permission }).check();
      await page.getByRole('button', { name: en.send(3) }).click();

      const [pietMail, janeMail, keesMail] = (await Promise.all(
        [piet, jane, kees].map((address) => waitForMail(stack.urls.inbox, address, { timeoutMs: 20_000 })),
      )) as StoredMail[];
      expect(pietMail!.subject).toBe('Bakkerij Lijst hoort graag wat je ervan vond');
      expect(janeMail!.subject).toBe('Bakkerij Lijst would love your feedback');
      // No language in the file: the survey's (Dutch).
      expect(keesMail!.subject).toBe('Bakkerij Lijst hoort graag wat je ervan vond');
      for (const mail of [pietMail, janeMail, keesMail] as StoredMail[]) {
        expect(headerOf(mail, 'List-Unsubscribe')).toMatch(/^<https?:\/\/[^>]+\/api\/public\/unsubscribe\/[\w-]+>$/);
        expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      }
      expect((await listMails(stack.urls.inbox)).filter((m) => m.destination.to.includes('geen-adres'))).toEqual([]);
      await expectStates(page, [en.sent, en.sent, en.sent]);

      // Jane's mail client unsubscribes in one click (RFC 8058): a form POST to the header's URL.
      const oneClick = await fetch(headerOf(janeMail!, 'List-Unsubscribe')!.slice(1, -1), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.status).toBe(200);

      // A second send, for another survey of the owner (the 30-day rule is per survey), picked on the page.
      const other = await publishSurvey(
        owner,
        (await createSampleSurvey(owner, 'Bakkerij Twee', { language: 'en' })).id,
      );
      await page.reload();
      await page.getByRole('combobox', { name: en.survey }).click();
      await page.getByRole('option', { name: 'Bakkerij Twee' }).click();
      await page.waitForURL((url) => url.searchParams.get('survey') === other.id);
      await page.getByRole('tab', { name: en.oneTab }).click();
      await page.getByRole('textbox', { name: en.name, exact: true }).fill('Jane Customer');
      await page.getByRole('textbox', { name: en.email, exact: true }).fill(jane);
      await page.getByRole('button', { name: en.addCustomer }).click();
      await page.getByRole('checkbox', { name: en.permission }).check();
      await page.getByRole('button', { name: en.send(1) }).click();
      await expectStates(page, [en.skipped]);
      await page.getByTestId('batch').first().getByText(en.unsubscribedReason).waitFor();
      expect((await listMails(stack.urls.inbox)).filter((m) => m.destination.to.includes(jane))).toHaveLength(1);
      await expectNoAxeViolations(page);

      // The same page in Dutch, on a phone: the reason in Dutch, and no axe violations.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/nl/review-requests?survey=${other.id}`);
      await page.getByRole('heading', { level: 1, name: nl.title }).waitFor();
      await page.getByTestId('batch').first().getByText(nl.unsubscribedReason).waitFor();
      expect(await page.getByTestId('recipient-state').first().textContent()).toBe(nl.skipped);
      await expectNoAxeViolations(page);
    },
  );
});
