import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type Survey } from '@reviewroute/shared';
import { createDynamoResponseStore, responseIdOf } from '@reviewroute/functions/data/response-store';
import { csvColumns } from '@reviewroute/functions/domains/exports/csv';
import { mailCatalogues } from '@reviewroute/functions/mail/render';
import { downloadedBytes, expectNoAxeViolations, saveScreenshot, useBrowser } from '../support/browser';
import { phoneContext } from '../support/phone';
import { createConfirmedUser, signIn, type TestUser } from '../support/cognito';
import { signInThroughUi, type Lang } from '../support/app-flows';
import { parseExportCsv } from '../support/csv-export';
import { callApi, createSampleSurvey, publishSurvey, stackEntities } from '../support/api';

const stack = inject('localStack');

/** Visible texts of the inbox, exactly as web/src/locales/{en,nl}/inbox.json have them. */
const inboxTexts = {
  en: {
    prefix: '',
    heading: 'Feedback inbox',
    rating: 'Rating',
    low: '1–2 stars',
    contact: 'Contact details',
    leftContact: 'Left contact details',
    loadMore: 'Load more',
    noComment: 'No comment',
    handled: 'Handled',
    markedTwo: '2 marked handled',
    addNote: 'Add note',
    note: 'Private note',
    saveNote: 'Save note',
    shortcuts: 'Keyboard shortcuts',
    markedOne: 'Marked handled',
    /** Every choice of each filter select, as the trigger must show it whole at 390 px. */
    filterChoices: {
      rating: ['All ratings', '1–2 stars', '3–4 stars', '5 stars'],
      comment: ['With or without', 'With a comment', 'Without a comment'],
      contact: ['Any', 'Left contact details'],
      state: ['All', 'New', 'Handled'],
    },
  },
  nl: {
    prefix: '/nl',
    heading: 'Feedback-inbox',
    rating: 'Beoordeling',
    low: '1–2 sterren',
    contact: 'Contactgegevens',
    leftContact: 'Contactgegevens achtergelaten',
    loadMore: 'Meer laden',
    noComment: 'Geen opmerking',
    handled: 'Afgehandeld',
    markedTwo: '2 afgehandeld',
    addNote: 'Notitie toevoegen',
    note: 'Privénotitie',
    saveNote: 'Notitie opslaan',
    shortcuts: 'Sneltoetsen',
    markedOne: 'Afgehandeld',
    filterChoices: {
      rating: ['Alle beoordelingen', '1–2 sterren', '3–4 sterren', '5 sterren'],
      comment: ['Met of zonder', 'Met opmerking', 'Zonder opmerking'],
      contact: ['Alle', 'Contactgegevens achtergelaten'],
      state: ['Alle', 'Nieuw', 'Afgehandeld'],
    },
  },
} as const;

/** A published survey that collects contact details after a low rating, made through the owner API. */
async function publishedSurvey(owner: TestUser, businessName: string): Promise<Survey> {
  const user = { ...owner, tokens: await signIn(stack, owner.email, owner.password) };
  const created = await createSampleSurvey(user, businessName, { collectContactOnLowRating: true });
  return publishSurvey(user, created.id);
}

/**
 * 25 responses a minute apart, stored as the public submit stores them (the response store's submit, on the
 * stack's table): five 1-star ones without a comment (the oldest), four 1–2-star ones with contact details,
 * sixteen 3–5-star ones with a comment. Returns the ids of those with contact details.
 */
async function seedResponses(survey: Survey): Promise<string[]> {
  const store = createDynamoResponseStore(stackEntities);
  const start = Date.now() - 60 * 60_000;
  const withContact: string[] = [];
  for (let i = 0; i < 25; i++) {
    const id = responseIdOf(survey.id, randomUUID());
    const contact = i >= 5 && i < 9;
    const rating = i < 5 ? 1 : contact ? 2 : (i % 3) + 3;
    if (contact) withContact.push(id);
    await store.submit({
      response: {
        id,
        surveyId: survey.id,
        rating,
        comment: i < 5 ? null : `Visit number ${i}`,
        customerName: contact ? `Customer ${i}` : null,
        customerEmail: contact ? `customer${i}@example.com` : null,
        userAgent: 'e2e-inbox',
        googleReviewClicked: false,
        createdAt: new Date(start + i * 60_000).toISOString(),
      },
      clickTokenHash: `hash-${id}`,
      ownerId: survey.userId,
    });
  }
  return withContact;
}

const items = (page: Page) => page.getByTestId('inbox-item');

async function expectItemCount(page: Page, count: number): Promise<void> {
  await expect.poll(() => items(page).count()).toBe(count);
}

async function openInbox(page: Page, lang: Lang, survey: Survey, query = ''): Promise<void> {
  await page.goto(`${inboxTexts[lang].prefix}/inbox?survey=${survey.id}${query}`);
  await page.getByRole('heading', { name: inboxTexts[lang].heading, level: 1 }).waitFor();
}

/** Whether the response at `index` has the focus. */
const focusedAt = (page: Page, index: number) =>
  items(page)
    .nth(index)
    .evaluate((el) => el === document.activeElement);

/**
 * How a filter's trigger shows its choice: the text on screen and whether any of it is cut off (the value's
 * box narrower than its text, or the trigger narrower than what it holds).
 */
const filterShows = (page: Page, key: string) =>
  page.getByTestId(`inbox-filter-${key}`).evaluate((trigger) => {
    const value = trigger.querySelector<HTMLElement>('[data-slot="select-value"]')!;
    return {
      text: value.innerText,
      cut: value.scrollWidth > value.clientWidth || trigger.scrollWidth > trigger.clientWidth,
    };
  });

/** Picks `option` in the filter select labelled `label`. */
async function pick(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('feedback inbox at 1280 px', () => {
  const b = useBrowser({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });
  const t = inboxTexts.en;

  it('lists all 25 across pages and filters "1–2 stars with contact details" in the address', async () => {
    const page = b.page();
    const owner = await createConfirmedUser(stack);
    const survey = await publishedSurvey(owner, 'Inbox Bistro');
    const withContact = await seedResponses(survey);
    await signInThroughUi(page, 'en', owner);

    // The sidebar leads to the inbox of the survey on show.
    await page.getByRole('link', { name: t.heading }).first().click();
    await page.getByRole('heading', { name: t.heading, level: 1 }).waitFor();
    await expectItemCount(page, 20);
    await page.getByTestId('inbox-load-more').click();
    await expectItemCount(page, 25);
    await page.getByTestId('inbox-end').waitFor();
    expect(await page.getByTestId('inbox-comment').filter({ hasText: t.noComment }).count()).toBe(5);
    // Newest first: the last seeded one on top, the five 1-star ones at the bottom.
    expect(await page.getByTestId('inbox-comment').first().textContent()).toBe('Visit number 24');
    await saveScreenshot(page, 'tests/.artifacts/inbox-1280-en.png', { fullPage: true });

    // The CSV of all 25, as the browser downloads it from the header's button.
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: /export csv/i }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^responses-inbox-bistro-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = parseExportCsv(await downloadedBytes(download));
    const headers = mailCatalogues.en.csvExport.columns;
    expect(csv.meta.fields).toEqual(csvColumns.map((column) => headers[column]));
    expect(csv.data).toHaveLength(25);
    expect(csv.data.filter((row) => row[headers.rating] === '1' && row[headers.comment] === '')).toHaveLength(5);
    const emails = new Map(csv.data.map((row) => [row[headers.responseId], row[headers.email]]));
    expect(withContact.map((id) => emails.get(id))).toEqual([5, 6, 7, 8].map((i) => `customer${i}@example.com`));
    await page
      .getByTestId('export-status')
      .filter({ hasText: /25 rows is ready/i })
      .waitFor();

    // "1–2 stars with contact details": exactly the four, in the address.
    await pick(page, t.rating, t.low);
    await expectItemCount(page, 9);
    await pick(page, t.contact, t.leftContact);
    await expectItemCount(page, 4);
    expect(new URL(page.url()).searchParams.get('rating')).toBe('low');
    expect(new URL(page.url()).searchParams.get('contact')).toBe('yes');
    expect(await page.getByTestId('inbox-contact').count()).toBe(4);
    const reply = await page.getByTestId('inbox-reply').first().getAttribute('href');
    expect(reply).toMatch(
      /^mailto:customer8@example\.com\?subject=Your%20feedback%20for%20Inbox%20Bistro&body=Hi%20Customer%208%2C/,
    );
    // The back button restores the previous filter, forward the next.
    await page.goBack();
    await expectItemCount(page, 9);
    await page.goForward();
    await expectItemCount(page, 4);
    const answered = await callApi('GET', `/api/surveys/${survey.id}/inbox?rating=low&contact=yes`, {
      user: { ...owner, tokens: await signIn(stack, owner.email, owner.password) },
    });
    expect((answered.body as { items: { id: string }[] }).items.map((i) => i.id)).toEqual([...withContact].reverse());
  }, 240_000);

  it('marks two handled by keyboard and bulk action, which a reload keeps; keeps a private note', async () => {
    const page = b.page();
    const owner = await createConfirmedUser(stack);
    const survey = await publishedSurvey(owner, 'Inbox Handled');
    await seedResponses(survey);
    await signInThroughUi(page, 'en', owner);

    // Keyboard: the first response, x, j, x selects the two newest; bulk "Mark handled"; a reload keeps it.
    await openInbox(page, 'en', survey);
    await expectItemCount(page, 20);
    await items(page).first().focus();
    await page.keyboard.press('x');
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await page.getByTestId('inbox-selected-count').filter({ hasText: '2 selected' }).waitFor();
    await page.getByTestId('inbox-bulk-handled').click();
    await page.locator('[data-sonner-toast]').filter({ hasText: t.markedTwo }).waitFor();
    await page.reload();
    await expectItemCount(page, 20);
    await expect
      .poll(async () => Promise.all([0, 1, 2].map((n) => items(page).nth(n).getAttribute('data-state'))))
      .toEqual(['handled', 'handled', 'new']);
    // A shared link with the state filter opens the same two.
    await openInbox(page, 'en', survey, '&state=handled');
    await expectItemCount(page, 2);

    // A private note stays with its response.
    await items(page).first().getByRole('button', { name: t.addNote }).click();
    await items(page).first().getByRole('textbox', { name: t.note }).fill('Called back, offered a voucher.');
    await items(page).first().getByRole('button', { name: t.saveNote }).click();
    await items(page).first().getByTestId('inbox-note').waitFor();
    await page.reload();
    await expect.poll(() => items(page).first().getByTestId('inbox-note').textContent()).toContain('offered a voucher');
  }, 240_000);

  it('answers j, k, x and h right after the page loads, without a click or Tab, and "?" lists them', async () => {
    const page = b.page();
    const owner = await createConfirmedUser(stack);
    const survey = await publishedSurvey(owner, 'Inbox Keys');
    await seedResponses(survey);
    await signInThroughUi(page, 'en', owner);
    await openInbox(page, 'en', survey);
    await expectItemCount(page, 20);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

    // The first j brings the focus to the newest response, then j and k move it.
    await page.keyboard.press('j');
    await expect.poll(() => focusedAt(page, 0)).toBe(true);
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await expect.poll(() => focusedAt(page, 2)).toBe(true);
    await page.keyboard.press('k');
    await expect.poll(() => focusedAt(page, 1)).toBe(true);
    await page.keyboard.press('x');
    await page.getByTestId('inbox-selected-count').filter({ hasText: '1 selected' }).waitFor();
    // h marks the one in focus handled, which the server keeps.
    await page.keyboard.press('h');
    await page.locator('[data-sonner-toast]').filter({ hasText: t.markedOne }).waitFor();
    await page.reload();
    await expectItemCount(page, 20);
    await expect
      .poll(async () => Promise.all([0, 1, 2].map((n) => items(page).nth(n).getAttribute('data-state'))))
      .toEqual(['new', 'handled', 'new']);

    // "?" opens the list of keys; Escape closes it; the button opens it too.
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: t.shortcuts });
    await help.waitFor();
    expect(await help.locator('dd').allTextContents()).toEqual([
      'Next response',
      'Previous response',
      'Select or unselect the response',
      'Mark the response handled, or reopen it',
      'Show these shortcuts',
    ]);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'tests/.artifacts/inbox-shortcuts-1280-en.png');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: t.shortcuts }).click();
    await help.waitFor();
  }, 240_000);
});

describe.each(['en', 'nl'] as const)('feedback inbox axe and layout (%s)', (lang) => {
  // A Dutch owner's browser speaks Dutch: the date fields read dd-mm-jjjj, as they would for them.
  const locale = lang === 'nl' ? 'nl-NL' : 'en-US';
  describe('at 1280 px', () => {
    const b = useBrowser({ locale, reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });
    it('has no axe violations, filtered or not', async () => {
      const page = b.page();
      const owner = await createConfirmedUser(stack);
      const survey = await publishedSurvey(owner, 'Inbox Layout');
      await seedResponses(survey);
      await signInThroughUi(page, lang, owner);
      await openInbox(page, lang, survey);
      await expectItemCount(page, 20);
      await expectNoAxeViolations(page);
      await openInbox(page, lang, survey, '&rating=low&contact=yes');
      await expectItemCount(page, 4);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `tests/.artifacts/inbox-1280-${lang}-filtered.png`, { fullPage: true });
      // The longest choice ("Contactgegevens achtergelaten") on one line, as tall as its neighbours, nothing cut.
      expect(await filterShows(page, 'contact')).toEqual({ text: inboxTexts[lang].leftContact, cut: false });
      const heights = await Promise.all(
        ['rating', 'comment', 'contact', 'state'].map(async (key) =>
          Math.round((await page.getByTestId(`inbox-filter-${key}`).boundingBox())!.height),
        ),
      );
      expect(new Set(heights).size).toBe(1);
      // The keys' help in the page's language, straight after load.
      await page.keyboard.press('?');
      await page.getByRole('dialog', { name: inboxTexts[lang].shortcuts }).waitFor();
      await expectNoAxeViolations(page);
    }, 240_000);
  });

  describe('at 390 px', () => {
    const b = useBrowser({ ...phoneContext, locale });
    it('fits the phone and has no axe violations', async () => {
      const page = b.page();
      const owner = await createConfirmedUser(stack);
      const survey = await publishedSurvey(owner, 'Inbox Phone');
      await seedResponses(survey);
      await signInThroughUi(page, lang, owner);
      await openInbox(page, lang, survey);
      await expectItemCount(page, 20);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `tests/.artifacts/inbox-390-${lang}.png`, { fullPage: true });

      // Every filter shows each of its choices whole ("Alle beoordelingen", not "Alle beoordelin…").
      const t = inboxTexts[lang];
      for (const [key, choices] of Object.entries(t.filterChoices)) {
        const label = page.getByTestId(`inbox-filter-${key}`);
        for (const choice of [...choices.slice(1), choices[0]!]) {
          await label.click();
          await page.getByRole('option', { name: choice, exact: true }).click();
          await expect.poll(() => filterShows(page, key)).toEqual({ text: choice, cut: false });
        }
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await openInbox(page, lang, survey, '&contact=yes');
      await expect.poll(() => filterShows(page, 'contact')).toEqual({ text: t.filterChoices.contact[1], cut: false });
      await saveScreenshot(page, `tests/.artifacts/inbox-390-${lang}-filtered.png`);
    }, 240_000);
  });
});
