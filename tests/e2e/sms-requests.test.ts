import { randomInt } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  defaultSmsTimeZone,
  isWithinSmsHours,
  smsSegments,
  smsSendingHoursOf,
  type Language,
} from '@reviewroute/shared';
import { createSampleSurvey, publishSurvey } from '../support/api';
import { signInThroughUi } from '../support/app-flows';
import { expectNoAxeViolations, newContext, saveScreenshot, useBrowser } from '../support/browser';
import { createSignedInUser } from '../support/cognito';
import { phoneContext } from '../support/phone';
import { replyFrom, reportDelivery, textsTo, waitForText } from '../support/texts';

/**
 * Review requests by text message, as an owner and their customers meet them (en and nl): a CSV of four customers
 * (two with a mobile number only, one with a number and an address, one whose number is malformed: its row's
 * error, left out) is sent; three texts reach the local End User Messaging SMS, shown in its phone view, each in
 * its customer's language with a short personal link of ours and the opt-out, in one segment. A customer opens the
 * link from their text, rates 5 and clicks through to Google; the network reports two texts delivered; the owner's
 * funnel shows sent / delivered / opened / rated / clicked for texts (no e-mail went out, so e-mail's is not
 * shown) and every row its channel and state. A customer replies STOP: their row says Unsubscribed, and the owner's
 * next send to that number is skipped with why, texting nobody. Texts exactly as web/src/locales and
 * shared/src/sms-message.ts have them.
 *
 * Texts go out only from 09:00 to 20:00 in the customer's time zone (decisions 25): run outside those hours, the
 * test checks that the customers wait instead, and stops there.
 */
const stack = inject('localStack');

const ui = {
  en: {
    csvHeader: 'Name;Email;Mobile;Language',
    uploadTab: 'Upload CSV',
    oneTab: 'Add one',
    file: 'CSV file',
    ready: '3 customers ready',
    phoneError: 'Mobile number: Not a valid mobile number (a landline cannot receive a text)',
    permission: /^My customers agreed/,
    send: (n: number) => (n === 1 ? 'Send to 1 customer' : `Send to ${n} customers`),
    name: 'Name',
    phone: 'Mobile number',
    addCustomer: 'Add customer',
    text: 'Text',
    states: {
      waiting: 'Waiting',
      sent: 'Sent',
      delivered: 'Delivered',
      unsubscribed: 'Unsubscribed',
      skipped: 'Skipped',
    },
    clicked: 'Clicked through',
    rates: { delivered: /67\s?% of sent/, opened: /50\s?% of delivered/, clicked: /100\s?% of rated/ },
    smsHeading: 'By text message',
    stopped: 'The customer unsubscribed after this request: none of your requests reach them again.',
    skippedWhy: 'Not sent: this customer unsubscribed from your review requests.',
    // The survey is in the owner's language; so is its page.
    star5: '5 stars',
    submit: 'Submit feedback',
    review: 'Leave a review on Google',
  },
  nl: {
    csvHeader: 'Naam;E-mail;Mobiel;Taal',
    uploadTab: 'CSV uploaden',
    oneTab: 'Eén toevoegen',
    file: 'CSV-bestand',
    ready: '3 klanten klaar',
    phoneError: 'Mobiel nummer: Geen geldig mobiel nummer (een vaste lijn kan geen sms ontvangen)',
    permission: /^Mijn klanten hebben ermee ingestemd/,
    send: (n: number) => (n === 1 ? 'Versturen naar 1 klant' : `Versturen naar ${n} klanten`),
    name: 'Naam',
    phone: 'Mobiel nummer',
    addCustomer: 'Klant toevoegen',
    text: 'Sms',
    states: {
      waiting: 'Wacht',
      sent: 'Verstuurd',
      delivered: 'Afgeleverd',
      unsubscribed: 'Afgemeld',
      skipped: 'Overgeslagen',
    },
    clicked: 'Doorgeklikt',
    rates: { delivered: /67\s?% van verstuurd/, opened: /50\s?% van afgeleverd/, clicked: /100\s?% van beoordeeld/ },
    smsHeading: 'Per sms',
    stopped: 'De klant heeft zich na dit verzoek afgemeld: je verzoeken bereiken deze klant niet meer.',
    skippedWhy: 'Niet verstuurd: deze klant heeft zich afgemeld voor je reviewverzoeken.',
    star5: '5 sterren',
    submit: 'Feedback versturen',
    review: 'Laat een review achter op Google',
  },
} as const;

/** The default texts' first words in each customer's language (shared/src/sms-message.ts). */
const greeting = {
  en: 'Thanks for visiting us! Share your experience: ',
  nl: 'Bedankt voor je bezoek! Deel je ervaring: ',
};

/**
 * A fresh Dutch mobile number as a customer writes it (06…, or with the country code), and its E.164 form. Dutch:
 * the local stack has no registered sender number, and the Netherlands take an alphanumeric sender ID.
 */
const dutchMobile = (international = false) => {
  const digits = `1${String(randomInt(0, 1e7)).padStart(7, '0')}`;
  return { written: international ? `+31 6 ${digits}` : `06 ${digits}`, e164: `+316${digits}` };
};

/** A short link of ours in a text: the site's `/r/` and a 10-character code. */
const shortLinks = (body: string) => [...body.matchAll(/https?:\/\/\S+?\/r\/[A-Za-z0-9]{10}\b/g)].map((m) => m[0]);

/** The newest batch's (or the `index`-th's) customers' badges of one kind, once they match. */
async function expectBadges(page: Page, testId: string, expected: (string | null)[], index = 0) {
  const rows = page.getByTestId('batch').nth(index).getByTestId('recipient');
  const read = async () =>
    Promise.all(
      (await rows.all()).map(async (row) => {
        const badge = row.getByTestId(testId);
        return (await badge.count()) ? await badge.textContent() : null;
      }),
    );
  await expect.poll(read, { timeout: 30_000, interval: 300 }).toEqual(expected);
}

/** The texts funnel's counts (sent, delivered, opened, rated, clicked), once they match. */
async function expectSmsFunnel(page: Page, counts: number[]) {
  const funnel = page.getByTestId('funnel-sms');
  const read = () =>
    Promise.all(
      ['sent', 'delivered', 'opened', 'rated', 'clicked'].map(async (stage) =>
        Number(
          await funnel
            .getByTestId(`funnel-${stage}-count`)
            .textContent({ timeout: 1000 })
            .catch(() => NaN),
        ),
      ),
    );
  await expect.poll(read, { timeout: 30_000, interval: 500 }).toEqual(counts);
}

describe('review requests by text message', () => {
  const b = useBrowser({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });

  for (const language of ['en', 'nl'] as const satisfies readonly Language[])
    it(
      `${language}: a CSV's customers are texted in their languages, one rates and clicks through, the funnel counts texts, a STOP skips the next send with why`,
      { timeout: 300_000 },
      async () => {
        const t = ui[language];
        const owner = await createSignedInUser(stack, { locale: language });
        const business = language === 'en' ? 'Barber Texts' : 'Kapsalon Sms';
        const survey = await publishSurvey(owner, (await createSampleSurvey(owner, business, { language })).id);
        const piet = dutchMobile();
        const jane = dutchMobile(true);
        const kees = dutchMobile();
        const keesEmail = `kees-${kees.e164.slice(-6)}@klant.example`;
        const csv = [
          t.csvHeader,
          `Piet Klant;;${piet.written};nl`,
          `Jane Customer;;${jane.written};en`,
          `Kees Beide;${keesEmail};${kees.written};nl`,
          'Kapot Nummer;;06-1234;nl',
        ].join('\n');
        // The send's texts go out now only within the stack's sending hours in the customers' zone (the test run's
        // stack sends at any hour, SMS_SENDING_HOURS; decisions 25's 09:00-20:00 elsewhere), with time for the test.
        const now = Date.now();
        const hours = smsSendingHoursOf(stack.env.SMS_SENDING_HOURS);
        const daytime =
          isWithinSmsHours(now, defaultSmsTimeZone, hours) &&
          isWithinSmsHours(now + 15 * 60_000, defaultSmsTimeZone, hours);

        const page = b.page();
        await signInThroughUi(page, language, owner);
        await page.goto(`${language === 'nl' ? '/nl' : ''}/review-requests?survey=${survey.id}`);
        await page.getByRole('tab', { name: t.uploadTab }).click();
        await page
          .getByLabel(t.file)
          .setInputFiles({ name: 'klanten.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
        await page.getByText(t.ready).waitFor();
        await page.getByTestId('row-errors').getByText(t.phoneError).waitFor();
        await expectNoAxeViolations(page);
        await page.getByRole('checkbox', { name: t.permission }).check();
        await page.getByRole('button', { name: t.send(3), exact: true }).click();

        if (!daytime) {
          // Outside the hours: nobody is texted, the customers wait for 09:00.
          await expectBadges(page, 'recipient-state', [t.states.waiting, t.states.waiting, t.states.waiting]);
          for (const number of [piet, jane, kees]) expect(await textsTo(number.e164)).toEqual([]);
          return;
        }

        // Three texts at the local service, each in its customer's language, a short link and the opt-out, one
        // segment; Kees, with both, is texted first (his reminder would be mailed).
        const [pietText, janeText, keesText] = await Promise.all(
          [piet, jane, kees].map((number) => waitForText(number.e164)),
        );
        for (const [text, lang] of [
          [pietText!, 'nl'],
          [janeText!, 'en'],
          [keesText!, 'nl'],
        ] as const) {
          expect(text.body.startsWith(greeting[lang])).toBe(true);
          expect(text.body).toContain('STOP');
          const [surveyLink, optOut] = shortLinks(text.body);
          expect(surveyLink).toBeDefined();
          expect(optOut).toBeDefined();
          expect(optOut).not.toBe(surveyLink);
          expect(smsSegments(text.body).segments).toBe(1);
        }

        // The phone view shows each text as a phone does: sender, body and its links.
        const phone = await newContext(b.browser(), phoneContext);
        try {
          const view = await phone.newPage();
          await view.goto(stack.urls.sms);
          await view.getByText(shortLinks(janeText!.body)[0]!, { exact: false }).first().waitFor();
          await view.getByText(shortLinks(pietText!.body)[0]!, { exact: false }).first().waitFor();
          await saveScreenshot(view, `tests/.artifacts/sms-phone-view-${language}-390.png`, { fullPage: true });

          // Piet opens the link from his text, rates 5 and goes on to Google (answered here: the machine is offline).
          await phone.route('https://search.google.com/**', (route) =>
            route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Google review</title>' }),
          );
          const customer = await phone.newPage();
          await customer.goto(new URL(shortLinks(pietText!.body)[0]!).pathname);
          await customer.getByRole('radio', { name: t.star5, exact: true }).check();
          await customer.getByRole('button', { name: t.submit }).click();
          await customer.getByTestId('thank-you-high').waitFor();
          const [google] = await Promise.all([
            phone.waitForEvent('page'),
            customer.getByRole('button', { name: t.review }).click(),
          ]);
          await google.waitForLoadState('domcontentloaded');
        } finally {
          await phone.close();
        }
        // The network reports Piet's and Jane's texts delivered; Kees's report has not come.
        await reportDelivery(pietText!.messageId, 'DELIVERED');
        await reportDelivery(janeText!.messageId, 'DELIVERED');

        // The owner's funnel counts texts (nothing went by e-mail, so e-mail's is not shown), each step's share
        // of the one before; each row says its channel and how far it went.
        await expectSmsFunnel(page, [3, 2, 1, 1, 1]);
        const sms = page.getByTestId('funnel-sms');
        expect(await sms.getByRole('heading').textContent()).toBe(t.smsHeading);
        expect(await sms.getByTestId('funnel-delivered').textContent()).toMatch(t.rates.delivered);
        expect(await sms.getByTestId('funnel-opened').textContent()).toMatch(t.rates.opened);
        expect(await sms.getByTestId('funnel-clicked').textContent()).toMatch(t.rates.clicked);
        expect(await page.getByTestId('funnel-email').count()).toBe(0);
        await expectBadges(page, 'recipient-channel', [t.text, t.text, t.text]);
        await expectBadges(page, 'recipient-state', [t.states.delivered, t.states.delivered, t.states.sent]);
        await expectBadges(page, 'recipient-link-state', [t.clicked, null, null]);

        // Jane replies STOP to her text: the funnel counts it beside the steps, and her row says so.
        await replyFrom(jane.e164, 'STOP');
        await expect
          .poll(
            () =>
              sms
                .getByTestId('funnel-unsubscribed-count')
                .textContent({ timeout: 1000 })
                .catch(() => null),
            {
              timeout: 30_000,
            },
          )
          .toBe('1');
        await expectBadges(page, 'recipient-state', [t.states.delivered, t.states.unsubscribed, t.states.sent]);
        await page.getByTestId('batch').first().getByText(t.stopped).waitFor();
        await expectNoAxeViolations(page);
        await saveScreenshot(page, `tests/.artifacts/sms-requests-${language}-1280.png`, { fullPage: true });

        // The owner's next send to her number: skipped at once, and why; she gets no second text.
        await page.getByRole('tab', { name: t.oneTab }).click();
        await page.getByRole('textbox', { name: t.name, exact: true }).fill('Jane Customer');
        await page.getByRole('textbox', { name: t.phone, exact: true }).fill(jane.written);
        await page.getByRole('button', { name: t.addCustomer }).click();
        await page.getByRole('checkbox', { name: t.permission }).check();
        await page.getByRole('button', { name: t.send(1), exact: true }).click();
        await expect.poll(() => page.getByTestId('batch').count(), { timeout: 20_000 }).toBe(2);
        await expectBadges(page, 'recipient-state', [t.states.skipped]);
        await page.getByTestId('batch').first().getByText(t.skippedWhy).waitFor();
        expect(await textsTo(jane.e164)).toHaveLength(1);
        await expectNoAxeViolations(page);

        // On a phone: the funnel and the rows fit, and axe finds nothing.
        await page.setViewportSize({ width: 390, height: 844 });
        await page.getByTestId('funnel-sms').waitFor();
        await expectNoAxeViolations(page);
        await saveScreenshot(page, `tests/.artifacts/sms-requests-${language}-390.png`, { fullPage: true });
      },
    );
});
