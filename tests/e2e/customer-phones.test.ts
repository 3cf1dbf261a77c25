import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createSampleSurvey, publishSurvey } from '../support/api';
import { signInThroughUi, texts } from '../support/app-flows';
import { expectNoAxeViolations, saveScreenshot, useBrowser } from '../support/browser';
import { createSignedInUser } from '../support/cognito';

/**
 * Customers' mobile numbers on the Review requests page, as an owner meets them in both languages: the
 * add-customer form's number field (a landline refused at its field, a mobile number added and shown as people
 * read it) and a CSV with a phone column whose malformed number is its row's error, the rows with numbers ready.
 * No axe violations at 1280 and 390 px; screenshots of both for a person to look at. Texts exactly as
 * web/src/locales/{en,nl}/requests.json have them.
 */
const stack = inject('localStack');
const screenshots = fileURLToPath(new URL('../.artifacts/screenshots/customer-phones/', import.meta.url));

const copy = {
  en: {
    title: 'Review requests',
    name: 'Name',
    phone: 'Mobile number',
    add: 'Add customer',
    added: 'Added Piet Klant.',
    phoneError: 'Not a valid mobile number (a landline cannot receive a text)',
    uploadTab: 'Upload CSV',
    file: 'CSV file',
    ready: '4 customers ready',
    rowError: 'Mobile number: Not a valid mobile number (a landline cannot receive a text)',
    csv: 'Name;Email;Phone;Language\nJan;;+32 470 12 34 56;nl\nAnna;anna@klant.example;0031 6 1234 5678;en\nKees;;06 12345678;\nKapot;;06-1234;nl',
  },
  nl: {
    title: 'Reviewverzoeken',
    name: 'Naam',
    phone: 'Mobiel nummer',
    add: 'Klant toevoegen',
    added: 'Piet Klant toegevoegd.',
    phoneError: 'Geen geldig mobiel nummer (een vaste lijn kan geen sms ontvangen)',
    uploadTab: 'CSV uploaden',
    file: 'CSV-bestand',
    ready: '4 klanten klaar',
    rowError: 'Mobiel nummer: Geen geldig mobiel nummer (een vaste lijn kan geen sms ontvangen)',
    csv: 'Naam;E-mail;Telefoon;Taal\nJan;;+32 470 12 34 56;nl\nAnna;anna@klant.example;0031 6 1234 5678;en\nKees;;06 12345678;\nKapot;;06-1234;nl',
  },
} as const;

/** No axe violations, nothing wider than the page, and a screenshot, at laptop and phone width. */
async function lookAt(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      return main.scrollWidth - main.clientWidth;
    });
    expect(overflow, `${name} at ${width} px runs out of the page`).toBeLessThanOrEqual(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, `${screenshots}${name}-${width}.png`, { fullPage: true });
  }
}

describe('customers’ mobile numbers on the Review requests page', () => {
  for (const lang of ['en', 'nl'] as const) {
    const b = useBrowser({ locale: lang === 'nl' ? 'nl-NL' : 'en-US', reducedMotion: 'reduce' });
    const t = copy[lang];

    it(`takes a number typed in or in a CSV, a malformed one shown as its row's error (${lang})`, async () => {
      const owner = await createSignedInUser(stack);
      const survey = await publishSurvey(owner, (await createSampleSurvey(owner, 'Kapsalon Mobiel')).id);
      const page = b.page();
      await page.setViewportSize({ width: 1280, height: 900 });
      await signInThroughUi(page, lang, owner);
      await page.goto(`${texts[lang].prefix}/review-requests?survey=${survey.id}`);
      await page.getByRole('heading', { level: 1, name: t.title }).waitFor();

      // Typed in: a landline is refused at its field, then the mobile number is added.
      await page.getByRole('textbox', { name: t.name }).fill('Piet Klant');
      const phone = page.getByRole('textbox', { name: t.phone });
      await phone.fill('020 123 4567');
      await page.getByRole('button', { name: t.add }).click();
      await page.getByText(t.phoneError).waitFor();
      await lookAt(page, `${lang}-add-customer-error`);
      await phone.fill('06 12345678');
      await page.getByRole('button', { name: t.add }).click();
      await page.getByText(t.added).waitFor();
      await page.getByTestId('ready-rows').getByText('+31 6 12345678').waitFor();

      // A CSV with a phone column: its three numbers ready beside the typed one (Belgian, with 0031, Dutch), a
      // malformed one its row's error.
      await page.getByRole('tab', { name: t.uploadTab }).click();
      await page
        .getByLabel(t.file)
        .setInputFiles({ name: 'klanten.csv', mimeType: 'text/csv', buffer: Buffer.from(t.csv) });
      await page.getByText(t.ready).waitFor();
      const errors = page.getByTestId('row-errors');
      expect(await errors.getByRole('listitem').first().textContent()).toContain('06-1234');
      await errors.getByText(t.rowError).waitFor();
      const ready = page.getByTestId('ready-rows');
      for (const number of ['+32 470 12 34 56', '+31 6 12345678']) await ready.getByText(number).first().waitFor();
      await lookAt(page, `${lang}-csv-preview`);
    });
  }
});
