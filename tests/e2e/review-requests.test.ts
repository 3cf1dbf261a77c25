import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { decodeRequestToken } from '@reviewroute/functions/lib/request-token';
import { newId } from '@reviewroute/functions/lib/ids';
import { requestBatchPageSize } from '@reviewroute/shared';
import { createDynamoRequestQueue, scheduleOwner, type DueBatch } from '@reviewroute/functions/data/request-queue';
import { createSampleSurvey, publishSurvey, stackEntities } from '../support/api';
import { signInThroughUi } from '../support/app-flows';
import { expectNoAxeViolations, saveScreenshot, useBrowser } from '../support/browser';
import { createSignedInUser } from '../support/cognito';
import { listMails, waitForMail, type InboxMail } from '../support/inbox';

/**
 * The owner's Review requests page as an owner meets it: from the dashboard's quick action, a CSV of three
 * customers and one malformed row (shown with its error, left out), the permission and the send; three mails in
 * the local inbox, each in its customer's language with the one-click unsubscribe headers; one customer opens
 * the link from the mail, rates 5 and clicks through (the funnel shows sent 3 / opened 1 / rated 1 / clicked 1);
 * one customer unsubscribes in one click; the one reminder reaches only the customer who did neither; a second send (from the survey picker, typed in by hand) skips that address and the
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
  permission: 'My customers agreed to receive this message from my business, by email or text.',
  permissionError: 'Confirm that your customers agreed to receive this message',
  send: (n: number) => `Send to ${n} customer${n === 1 ? '' : 's'}`,
  sent: 'Sent',
  delivered: 'Delivered',
  skipped: 'Skipped',
  unsubscribedReason: 'Not sent: this customer unsubscribed from your review requests.',
  survey: 'Survey',
  name: 'Name',
  email: 'Email',
  addCustomer: 'Add customer',
  olderSends: 'Show older sends',
};
const nl = {
  title: 'Reviewverzoeken',
  olderSends: 'Oudere verzendingen tonen',
  retry: 'Opnieuw proberen',
  unreachable: 'ReviewRoute is niet bereikbaar. Controleer je verbinding en probeer het opnieuw.',
  skipped: 'Overgeslagen',
  unsubscribedReason: 'Niet verstuurd: deze klant heeft zich afgemeld voor je reviewverzoeken.',
};

type StoredMail = InboxMail & { headers?: { name: string; value: string }[] };
const headerOf = (mail: StoredMail, name: string) => mail.headers?.find((h) => h.name === name)?.value;

const dayMs = 24 * 3600_000;

/** The e-mail funnel's counts on the page (sent, opened, rated, clicked), once they match. */
async function expectFunnel(page: Page, counts: [number, number, number, number]) {
  const read = () =>
    Promise.all(
      ['sent', 'opened', 'rated', 'clicked'].map(async (stage) =>
        Number(
          await page
            .getByTestId('funnel-email')
            .getByTestId(`funnel-${stage}-count`)
            .textContent({ timeout: 1000 })
            .catch(() => NaN),
        ),
      ),
    );
  await expect.poll(read, { timeout: 30_000, interval: 500 }).toEqual(counts);
}

/**
 * The reminder waits the batch's days (3) after each request went out. A test cannot wait days, and the local
 * stack's clock is shared with every other test of the run, so this batch alone is moved back in time: once the
 * worker has finished sending it (its queue entry waits for the reminder then), each request's sent time goes
 * back by the days and the queue entry becomes due now. The worker's own rule and path run unchanged.
 */
/** The request queue of the run's stack, as the worker sees it. */
const queue = createDynamoRequestQueue(stackEntities);

async function makeReminderDue(userId: string, batchId: string, days: number) {
  const { requestRecipient } = stackEntities();
  let entry: DueBatch | undefined;
  await expect
    .poll(
      async () => {
        entry = await queue.queuedBatch(userId, batchId);
        return entry ? Date.parse(entry.dueAt) > Date.now() + dayMs : false;
      },
      { timeout: 20_000, interval: 200 },
    )
    .toBe(true);
  const { data } = await requestRecipient.query.byBatch({ batchId }).go({ pages: 'all', consistent: true });
  for (const r of data)
    if (r.sentAt)
      await requestRecipient
        .patch({ batchId, recipientId: r.recipientId })
        .set({ sentAt: new Date(Date.parse(r.sentAt) - days * dayMs - 60_000).toISOString() })
        .go();
  // The batch's entry due now, and its owner's turn with it (as scheduling a batch due now does).
  const now = new Date().toISOString();
  await queue.reschedule(entry!, now);
  await scheduleOwner(stackEntities, userId, now);
}

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
    'sends a CSV’s valid customers in their languages, counts the funnel, reminds only who neither rated nor unsubscribed, and a later send skips the one who unsubscribed, saying why',
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
      // Sent, or already Delivered once the mail service's report came.
      const badges = page.getByTestId('batch').first().getByTestId('recipient-state');
      await expect
        .poll(async () => (await badges.allTextContents()).map((s) => (s === en.delivered ? en.sent : s)), {
          timeout: 20_000,
          interval: 200,
        })
        .toEqual([en.sent, en.sent, en.sent]);

      // Piet opens his personal link from the mail (the survey is Dutch), rates 5 and goes on to Google.
      const link = new URL(/https?:\/\/\S+?\?r=[\w-]+/.exec(pietMail!.body.text!)![0]);
      const batchId = decodeRequestToken(link.searchParams.get('r')!)!.batchId;
      // The machine is offline: the Google page is answered here.
      await b
        .context()
        .route('https://search.google.com/**', (route) =>
          route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Google review</title>' }),
        );
      const customer = await b.context().newPage();
      await customer.goto(`${link.pathname}${link.search}`);
      await customer.getByRole('radio', { name: '5 sterren', exact: true }).check();
      await customer.getByRole('button', { name: 'Feedback versturen' }).click();
      await customer.getByTestId('thank-you-high').waitFor();
      const [google] = await Promise.all([
        b.context().waitForEvent('page'),
        customer.getByRole('button', { name: 'Laat een review achter op Google' }).click(),
      ]);
      await google.waitForLoadState('domcontentloaded');
      await google.close();
      await customer.close();
      // The owner's funnel (the stream worker's counts, read again while shown): one of three went all the way.
      await expectFunnel(page, [3, 1, 1, 1]);
      // Each step's share of the one before: Piet, who rated, clicked through.
      expect(await page.getByTestId('funnel-email').getByTestId('funnel-clicked').textContent()).toMatch(
        /100\s?% of rated/,
      );
      expect(await page.getByTestId('funnel-email').getByTestId('funnel-rated').textContent()).toMatch(
        /100\s?% of opened/,
      );
      // Piet's own row follows the funnel without a reload.
      await expect
        .poll(() =>
          page
            .getByTestId('recipient-link-state')
            .first()
            .textContent({ timeout: 1000 })
            .catch(() => null),
        )
        .toBe('Clicked through');
      await saveScreenshot(page, 'tests/.artifacts/requests-en-1280.png', { fullPage: true });
      // The dashboard shows the same funnel for the survey.
      await page.goto(`/dashboard?survey=${survey.id}`);
      await expectFunnel(page, [3, 1, 1, 1]);
      await saveScreenshot(page, 'tests/.artifacts/dashboard-funnel-en-1280.png', { fullPage: true });
      await page.goto(`/review-requests?survey=${survey.id}`);

      // Jane's mail client unsubscribes in one click (RFC 8058): a form POST to the header's URL.
      const oneClick = await fetch(headerOf(janeMail!, 'List-Unsubscribe')!.slice(1, -1), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.status).toBe(200);

      // Three days later: the one reminder reaches Kees only (Piet rated, Jane unsubscribed), once.
      await makeReminderDue(owner.userId, batchId, 3);
      await expect
        .poll(async () => (await queue.queuedBatch(owner.userId, batchId)) === undefined, {
          timeout: 20_000,
          interval: 200,
        })
        .toBe(true);
      const keesMails = (await listMails(stack.urls.inbox)).filter((m) => m.destination.to.includes(kees));
      expect(keesMails.map((m) => m.subject)).toEqual([
        'Bakkerij Lijst hoort graag wat je ervan vond',
        'Een korte herinnering: hoe was je ervaring met Bakkerij Lijst?',
      ]);
      expect(keesMails[1]!.body.text).toContain(`?r=`);
      for (const address of [piet, jane])
        expect((await listMails(stack.urls.inbox)).filter((m) => m.destination.to.includes(address))).toHaveLength(1);
      await page.reload();
      await page.getByTestId('batch').first().getByTestId('reminded').waitFor();
      expect(await page.getByTestId('batch').first().getByTestId('reminded').count()).toBe(1);
      expect(await page.getByTestId('recipient-link-state').first().textContent()).toBe('Clicked through');

      // A second send, for another survey of the owner, picked on the page: Jane unsubscribed, so she is skipped.
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
      await saveScreenshot(page, 'tests/.artifacts/requests-nl-390.png', { fullPage: true });
    },
  );

  it('shows the newest sends first and older ones on request; a list that could not be read is read again at Try again (en, nl)', async () => {
    const owner = await createSignedInUser(stack);
    const survey = await publishSurvey(owner, (await createSampleSurvey(owner, 'Fietsenmaker Wiel')).id);
    // One send more than a page, an hour apart: the oldest (1 customer) is on the second page only.
    const count = requestBatchPageSize + 1;
    const { requestBatch } = stackEntities();
    for (let i = 0; i < count; i++) {
      const at = Date.now() - (count - i) * 3600_000;
      const iso = new Date(at).toISOString();
      await requestBatch
        .create({
          userId: owner.userId,
          surveyId: survey.id,
          batchId: newId(at),
          state: 'done',
          total: i + 1,
          sendAt: iso,
          permissionConfirmedAt: iso,
          createdAt: iso,
          source: 'upload',
        })
        .go();
    }
    const page = b.page();
    // The network drops every read of the list until the test lets them through.
    let listReachable = false;
    await page.route(
      (url) => url.pathname === `/api/surveys/${survey.id}/request-batches`,
      (route) => (listReachable ? route.fallback() : route.abort('connectionfailed')),
    );

    await signInThroughUi(page, 'nl', owner);
    await page.goto(`/nl/review-requests?survey=${survey.id}`);
    await page.getByRole('heading', { level: 1, name: nl.title }).waitFor();
    const retry = page.getByRole('button', { name: nl.retry });
    await retry.waitFor({ timeout: 20_000 });
    expect(await page.getByRole('alert').filter({ hasText: nl.unreachable }).count()).toBe(1);
    expect(await page.getByTestId('batch').count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 360, height: 800 });
    await saveScreenshot(page, 'tests/.artifacts/requests-load-failed-nl-360.png', { fullPage: true });
    listReachable = true;
    await retry.click();
    const batches = page.getByTestId('batch');
    await expect.poll(() => batches.count(), { timeout: 20_000 }).toBe(requestBatchPageSize);
    await page.getByRole('button', { name: nl.olderSends }).waitFor();

    // In English, at the desk: the first page, then the oldest send after "Show older sends", and no more button.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/review-requests?survey=${survey.id}`);
    await expect.poll(() => batches.count(), { timeout: 20_000 }).toBe(requestBatchPageSize);
    expect(
      await batches
        .first()
        .getByText(/^21 customers · /)
        .count(),
    ).toBe(1);
    expect(await page.getByText(/^1 customer · /).count()).toBe(0);
    await page.getByRole('button', { name: en.olderSends }).click();
    await expect.poll(() => batches.count(), { timeout: 20_000 }).toBe(count);
    await batches
      .last()
      .getByText(/^1 customer · /)
      .waitFor();
    expect(await page.getByRole('button', { name: en.olderSends }).count()).toBe(0);
    await expectNoAxeViolations(page);
  });
});
