import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  hookRequestResultSchema,
  pathOf,
  requestBatchSchema,
  requestHookCreatedSchema,
  requestHookPathOf,
  requestRecipientPageSchema,
} from '@reviewroute/shared';
import { apiCall, createSampleSurvey, ownerCall, publishSurvey, storedResponses, type ApiUser } from '../support/api';
import { signInThroughUi, waitForPath } from '../support/app-flows';
import { expectNoAxeViolations, newContext, saveScreenshot, useBrowser } from '../support/browser';
import { createSignedInUser } from '../support/cognito';
import { waitForMail, type InboxMail } from '../support/inbox';
import { confirmPurchaseDetails } from '../support/purchase-card';

/**
 * Mails that are clicked, as their readers meet them on a phone: every mail's primary action is a button, and a
 * review request carries five one-tap stars. A mail scanner fetching all five records nothing; a Dutch customer
 * taps the fourth star of their request: the survey opens with 4 chosen and nothing is recorded (no response, the
 * request not rated) until they submit. The request (en, nl, and in dark mode), the low-rating alert and the payment
 * confirmation, each shown at 390 px as a phone's mail app would, have their button at least 44 px tall and nothing
 * wider than the screen. A customer who unsubscribed reads Unsubscribed on the owner's page, and the booking system's
 * webhook answers skipped for their address. Texts exactly as the catalogues (functions/src/mail/locales,
 * web/src/locales) have them.
 */
const stack = inject('localStack');

const phone = { width: 390, height: 844 };

/**
 * Shows a mail's HTML part as a 390 px mail app would and checks it: its button (by name) at least 44 px tall and
 * inside the screen, no element running past the right edge, no horizontal scrolling, and axe's WCAG checks.
 */
async function expectMailFitsPhone(page: Page, mail: InboxMail, button: string, screenshot: string) {
  await page.setViewportSize(phone);
  await page.setContent(mail.body.html!, { waitUntil: 'load' });
  const box = await page.getByRole('link', { name: button, exact: true }).boundingBox();
  expect(box, `the button "${button}"`).not.toBeNull();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(phone.width);
  const cutOff = await page.evaluate(() =>
    [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((element) => element.outerHTML.slice(0, 120)),
  );
  expect(cutOff).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, screenshot, { fullPage: true });
}

/** One customer's request, as the owner's page lists it. */
async function recipientOf(owner: ApiUser, surveyId: string, batchId: string, email: string) {
  const page = requestRecipientPageSchema.parse(
    await ownerCall(stack.urls.api, owner, 'GET', pathOf('list-request-recipients', { surveyId, batchId })),
  );
  return page.recipients.find((r) => r.email === email);
}

describe('mails that are clicked', () => {
  const b = useBrowser({ reducedMotion: 'reduce', viewport: phone, locale: 'nl-NL' });

  it('a request mail’s fourth star opens the survey with 4 chosen, and nothing is recorded until the customer submits', async () => {
    const owner = await createSignedInUser(stack);
    const survey = await publishSurvey(
      owner,
      (await createSampleSurvey(owner, 'Bakkerij Ster', { language: 'nl' })).id,
    );
    const id = randomUUID().slice(0, 8);
    // A long address and name: the mail must still fit a phone.
    const piet = `pieter-jan.van-den-berg-${id}@een-heel-lange-domeinnaam.klant.example`;
    const jane = `jane-${id}@customer.example`;
    const batch = requestBatchSchema.parse(
      await ownerCall(stack.urls.api, owner, 'POST', pathOf('create-request-batch', { surveyId: survey.id }), {
        rows: [
          { name: 'Pieter-Jan van den Berg', email: piet, language: 'nl' },
          { name: 'Jane Customer', email: jane, language: 'en' },
        ],
        permissionConfirmed: true,
      }),
    );
    const [pietMail, janeMail] = await Promise.all(
      [piet, jane].map((address) => waitForMail(stack.urls.inbox, address, { timeoutMs: 20_000 })),
    );

    // The English customer's mail: stars named in English, the button, all on a phone's screen.
    const page = b.page();
    await expectMailFitsPhone(page, janeMail!, 'Give your feedback', 'tests/.artifacts/mail-request-en-390.png');
    expect(await page.getByRole('link', { name: 'Rate 4 out of 5', exact: true }).count()).toBe(1);

    // The Dutch customer's mail: five stars named in Dutch, each the personal link with its rating.
    await expectMailFitsPhone(page, pietMail!, 'Geef je feedback', 'tests/.artifacts/mail-request-nl-390.png');
    const personal = await page.getByRole('link', { name: 'Geef je feedback', exact: true }).getAttribute('href');
    expect(personal).toMatch(/\?r=[\w-]+$/);
    const stars = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        page.getByRole('link', { name: `Geef ${n} van de 5 sterren`, exact: true }).getAttribute('href'),
      ),
    );
    expect(stars).toEqual([1, 2, 3, 4, 5].map((n) => `${personal}&rating=${n}`));
    // The plain-text part carries the same link with the button's label.
    expect(pietMail!.body.text).toContain(`Geef je feedback: ${personal}\n`);
    // In a mail app that follows the phone's dark mode: every text still readable (axe's contrast check).
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectMailFitsPhone(page, pietMail!, 'Geef je feedback', 'tests/.artifacts/mail-request-nl-dark-390.png');
    await page.emulateMedia({ colorScheme: 'light' });

    // A mail scanner fetches every star (no script runs): nothing is recorded, not even an open.
    for (const star of stars) {
      const url = new URL(star!);
      expect((await fetch(new URL(`${url.pathname}${url.search}`, stack.urls.app))).status).toBe(200);
    }
    expect(await recipientOf(owner, survey.id, batch.id, piet)).toMatchObject({ openedAt: null, ratedAt: null });
    expect(await storedResponses(survey.id)).toEqual([]);

    // Piet taps the fourth star: the survey opens with 4 chosen, nothing sent yet.
    const fourth = new URL(stars[3]!);
    await page.goto(`${fourth.pathname}${fourth.search}`);
    const four = page.getByRole('radio', { name: '4 sterren', exact: true });
    // The page written at publish paints the stars before any script; the app then chooses the link's rating.
    await expect.poll(() => four.isChecked(), { timeout: 10_000, interval: 100 }).toBe(true);
    expect(await page.getByRole('radio', { checked: true }).count()).toBe(1);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'tests/.artifacts/survey-star-4-nl-390.png', { fullPage: true });
    // Opening the link counts as its open (as the link itself does); no rating, no response.
    await expect
      .poll(async () => (await recipientOf(owner, survey.id, batch.id, piet))?.openedAt ?? null, {
        timeout: 20_000,
        interval: 200,
      })
      .not.toBeNull();
    expect((await recipientOf(owner, survey.id, batch.id, piet))?.ratedAt).toBeNull();
    expect(await storedResponses(survey.id)).toEqual([]);

    // The submit records the rating the star chose.
    await page.getByRole('button', { name: 'Feedback versturen' }).click();
    await page.getByTestId('thank-you-mid').waitFor();
    await expect
      .poll(async () => (await storedResponses(survey.id)).map((r) => r.rating), { timeout: 20_000, interval: 200 })
      .toEqual([4]);
    await expect
      .poll(async () => (await recipientOf(owner, survey.id, batch.id, piet))?.ratedAt ?? null, {
        timeout: 20_000,
        interval: 200,
      })
      .not.toBeNull();
  });

  it('an unsubscribed customer’s row says so, and the webhook answers skipped for that address (en, nl)', async () => {
    const owner = await createSignedInUser(stack, { locale: 'en' });
    const survey = await publishSurvey(
      owner,
      (await createSampleSurvey(owner, 'Kapsalon Eerlijk', { language: 'nl' })).id,
    );
    // The owner connects their booking system (sending at once), which sends a customer after their visit.
    const { token } = requestHookCreatedSchema.parse(
      await ownerCall(stack.urls.api, owner, 'POST', pathOf('regenerate-request-hook', { surveyId: survey.id }), {
        permissionConfirmed: true,
        delayMinutes: 0,
      }),
    );
    const id = randomUUID().slice(0, 8);
    const customer = { name: 'Piet Klant', email: `eerlijk-${id}@klant.example`, language: 'nl', externalId: id };
    const callHook = async (body: typeof customer) => {
      const answer = await apiCall(stack.urls.api, 'POST', requestHookPathOf(token), { body });
      expect(answer.status).toBe(202);
      return hookRequestResultSchema.parse(answer.body);
    };
    expect((await callHook(customer)).status).toBe('scheduled');
    const mail = await waitForMail(stack.urls.inbox, customer.email, { timeoutMs: 20_000 });

    // The customer unsubscribes on their phone, from the mail's footer link.
    const link = /Afmelden: (\S+)/.exec(mail.body.text ?? '')?.[1];
    const phonePage = b.page();
    await phonePage.goto(new URL(link!).pathname);
    await phonePage.getByRole('button', { name: 'Afmelden' }).click();
    await phonePage.getByRole('heading', { level: 1, name: 'Je bent afgemeld' }).waitFor();

    // A minute later the booking system sends them again for their next visit: skipped, and why.
    expect(await callHook({ ...customer, externalId: `${id}-next` })).toEqual({
      status: 'skipped',
      reason: 'unsubscribed',
      sendAt: expect.any(String),
    });

    // The owner's page at the desk: the new request skipped with why, the first one's row saying Unsubscribed.
    const context = await newContext(b.browser(), { viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await signInThroughUi(page, 'en', owner);
      const batches = page.getByTestId('batch');
      const rowOf = (i: number) => batches.nth(i).getByTestId('recipient');
      // At the desk in English, then on a phone in Dutch: the same rows, in the page's language.
      for (const view of [
        {
          path: '',
          viewport: { width: 1280, height: 900 },
          showCustomers: 'Show customers',
          skipped: ['Skipped', 'Not sent: this customer unsubscribed from your review requests.'],
          unsubscribed: [
            'Unsubscribed',
            'The customer unsubscribed after this request: none of your requests reach them again.',
          ],
          channel: 'Email',
          screenshot: 'tests/.artifacts/requests-unsubscribed-en-1280.png',
        },
        {
          path: '/nl',
          viewport: phone,
          showCustomers: 'Klanten tonen',
          skipped: ['Overgeslagen', 'Niet verstuurd: deze klant heeft zich afgemeld voor je reviewverzoeken.'],
          unsubscribed: [
            'Afgemeld',
            'De klant heeft zich na dit verzoek afgemeld: je verzoeken bereiken deze klant niet meer.',
          ],
          channel: 'E-mail',
          screenshot: 'tests/.artifacts/requests-unsubscribed-nl-390.png',
        },
      ]) {
        await page.setViewportSize(view.viewport);
        await page.goto(`${view.path}/review-requests?survey=${survey.id}`);
        await expect.poll(() => batches.count(), { timeout: 20_000 }).toBe(2);
        await batches.nth(1).getByRole('button', { name: view.showCustomers }).click();
        // The webhook's new request (newest first) skipped with why; the first one's row: Unsubscribed.
        for (const [i, [state, why]] of [view.skipped, view.unsubscribed].entries()) {
          await rowOf(i).getByText(why!).waitFor();
          expect(await rowOf(i).getByTestId('recipient-state').textContent()).toBe(state);
        }
        expect(await rowOf(1).getByTestId('recipient-channel').textContent()).toBe(view.channel);
        await expectNoAxeViolations(page);
        await saveScreenshot(page, view.screenshot, { fullPage: true });
      }
    } finally {
      await context.close();
    }
  });

  it('the low-rating alert (nl) and the payment confirmation (en) show their button on a phone, nothing cut off', async () => {
    const page = b.page();
    // The alert: a Dutch owner, a customer's 1-star rating with a long comment.
    const dutch = await createSignedInUser(stack, { locale: 'nl' });
    const business = `Koffiehuis Alarm ${Date.now()}`;
    const survey = await publishSurvey(dutch, (await createSampleSurvey(dutch, business, { language: 'nl' })).id);
    await page.goto(new URL(survey.landingPageUrl!).pathname);
    await page.getByRole('radio', { name: '1 ster', exact: true }).check();
    await page
      .getByLabel('Je opmerking (optioneel)')
      .fill(`De koffie was koud. Zie https://voorbeeld.example/${'heel-lang-pad/'.repeat(8)} voor de foto.`);
    await page.getByRole('button', { name: 'Feedback versturen' }).click();
    await page.getByTestId('thank-you-low').waitFor();
    const alert = await waitForMail(stack.urls.inbox, dutch.email, {
      subject: `Lage beoordeling voor ${business}: 1/5`,
      timeoutMs: 20_000,
    });
    await expectMailFitsPhone(page, alert, 'Openen in inbox', 'tests/.artifacts/mail-alert-nl-390.png');
    expect(
      new URL((await page.getByRole('link', { name: 'Openen in inbox', exact: true }).getAttribute('href'))!).pathname,
    ).toBe('/nl/inbox');

    // The payment confirmation: an English owner, in an English browser, pays for a plan at the local Mollie.
    const english = await createSignedInUser(stack, { locale: 'en' });
    const context = await newContext(b.browser(), { viewport: { width: 1280, height: 900 } });
    try {
      await payAndCheckReceipt(await context.newPage(), english);
    } finally {
      await context.close();
    }
  });
});

/** An owner buys the Growth plan at the local Mollie; their receipt's button opens the invoice. */
async function payAndCheckReceipt(page: Page, english: ApiUser) {
  await signInThroughUi(page, 'en', english);
  await page.goto('/payments');
  await page
    .getByRole('list', { name: 'Plans' })
    .getByRole('listitem', { name: 'Growth' })
    .getByRole('button', { name: 'Buy now' })
    .click();
  await confirmPurchaseDetails(page, 'en');
  await page.getByRole('heading', { name: 'Test payment' }).waitFor();
  const paymentId = /\/checkout\/([^/?#]+)/.exec(page.url())?.[1];
  await page.getByRole('button', { name: /^paid$/i }).click();
  await waitForPath(page, '/payments');
  const receipt = await waitForMail(stack.urls.inbox, english.email, {
    subject: 'Payment received',
    timeoutMs: 20_000,
  });
  expect(receipt.body.text).toContain(`View invoice: `);
  await expectMailFitsPhone(page, receipt, 'View invoice', 'tests/.artifacts/mail-payment-en-390.png');
  expect(
    new URL((await page.getByRole('link', { name: 'View invoice', exact: true }).getAttribute('href'))!).pathname,
  ).toBe(`/account/invoices/${paymentId}`);
}
