import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type Survey } from '@reviewroute/shared';
import { expectNoAxeViolations, useBrowser } from '../support/browser';
import { phoneContext } from '../support/phone';
import { createConfirmedUser, signIn, type TestUser } from '../support/cognito';
import { signInThroughUi, texts, type Lang } from '../support/app-flows';
import { callApi, createSampleSurvey, publishSurvey, storedResponses, type ApiUser } from '../support/api';

const stack = inject('localStack');

/** Visible texts of the dashboard, exactly as web/src/locales/{en,nl}/dashboard.json have them. */
const dashboardTexts = {
  en: {
    locale: 'en-US',
    heading: 'Dashboard',
    responses: 'Responses',
    reviewClicks: 'Clicks to Google',
    progress: 'Onboarding progress',
    congratulations: "Congratulations! You're all set up and collecting reviews.",
    trial: 'Free trial: 7 days left',
    sendRequest: 'Copy a request message',
    sendDialog: 'Send a review request',
    openMail: 'Open in mail app',
    openSms: 'Open in SMS app',
    close: 'Close',
    deleteSurvey: 'Delete survey',
    deleteText: 'This cannot be undone and removes all associated data.',
    deleteConfirm: 'Delete',
    deletedTitle: 'Survey deleted',
    deletedText: 'The survey has been removed successfully.',
    welcomeCta: 'Create your first survey',
    toggleSidebar: 'Toggle sidebar',
    noComments: 'No comments yet',
  },
  nl: {
    locale: 'nl-NL',
    heading: 'Dashboard',
    responses: 'Reacties',
    reviewClicks: 'Klikken naar Google',
    progress: 'Voortgang onboarding',
    congratulations: 'Gefeliciteerd! Alles is ingesteld en je verzamelt reviews.',
    trial: 'Gratis proefperiode: nog 7 dagen',
    sendRequest: 'Verzoektekst kopiëren',
    sendDialog: 'Een reviewverzoek sturen',
    openMail: 'Openen in mailapp',
    openSms: 'Openen in sms-app',
    close: 'Sluiten',
    deleteSurvey: 'Enquête verwijderen',
    deleteText: 'Dit kan niet ongedaan worden gemaakt en verwijdert alle bijbehorende gegevens.',
    deleteConfirm: 'Verwijderen',
    deletedTitle: 'Enquête verwijderd',
    deletedText: 'De enquête is verwijderd.',
    welcomeCta: 'Maak je eerste enquête',
    toggleSidebar: 'Zijbalk in- of uitklappen',
    noComments: 'Nog geen opmerkingen',
  },
} as const;

/** The public page's texts (web/src/locales/en/survey.json). */
const publicTexts = {
  fiveStars: '5 stars',
  comment: 'Your comment (optional)',
  submit: 'Submit feedback',
  review: 'Leave a review on Google',
};

/** `owner` with a fresh ID token (the same bearer the app sends). */
const signedIn = async (owner: TestUser): Promise<ApiUser> => ({
  ...owner,
  tokens: await signIn(stack, owner.email, owner.password),
});

/** Calls the owner API as `owner`. */
const ownerApi = async (owner: TestUser, method: string, path: string) =>
  callApi(method, path, { user: await signedIn(owner) });

/** What an owner does in the wizard, through the owner API: create and publish. */
async function publishedSurvey(owner: TestUser, businessName: string): Promise<Survey> {
  const user = await signedIn(owner);
  const created = await createSampleSurvey(user, businessName, { collectContactOnLowRating: true });
  return publishSurvey(user, created.id);
}

/** One customer through the public API (from a loopback address of its own: the rate limit keys on it), a human fill time. */
async function submitThroughApi(survey: Survey, answer: Record<string, unknown>): Promise<void> {
  const res = await callApi('POST', `/api/public/surveys/${survey.surveyCode}/responses`, {
    body: { idempotencyKey: randomUUID(), elapsedMs: 4000, ...answer },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** The average card without ratings: a dash (hidden from screen readers) and what they read instead. */
const noAverage = '–No ratings yet';

const stat = (page: Page, id: string) => page.getByTestId(`stat-${id}`).getByTestId('stat-value');

async function expectStats(
  page: Page,
  count: string,
  average: string,
  fiveStars: string,
  reviewClicks = '0',
): Promise<void> {
  await stat(page, 'review-count')
    .filter({ hasText: new RegExp(`^${count}$`) })
    .waitFor();
  expect(await stat(page, 'average-rating').textContent()).toBe(average);
  expect(await stat(page, 'five-star-count').textContent()).toBe(fiveStars);
  expect(await stat(page, 'review-clicks').textContent()).toBe(reviewClicks);
}

/** The count card's title: responses (private feedback is no review), and the clicks through to Google apart. */
async function expectStatTitles(page: Page, lang: Lang): Promise<void> {
  const title = (id: string) => page.getByTestId(`stat-${id}`).getByRole('heading').textContent();
  expect(await title('review-count')).toBe(dashboardTexts[lang].responses);
  expect(await title('review-clicks')).toBe(dashboardTexts[lang].reviewClicks);
}

/** Waits until the Getting started bar says `percent` and returns which steps are done. */
async function checklistAt(page: Page, lang: Lang, percent: number): Promise<boolean[]> {
  const bar = page.getByRole('progressbar', { name: dashboardTexts[lang].progress });
  await page.locator(`[role="progressbar"][aria-valuenow="${percent}"]`).waitFor();
  expect(await bar.getAttribute('aria-valuenow')).toBe(String(percent));
  const steps = ['activeSurvey', 'urlCopied', 'response', 'reviewClick'];
  return Promise.all(
    steps.map(async (id) => (await page.getByTestId(`checklist-${id}`).getAttribute('data-done')) === 'true'),
  );
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

describe('owner dashboard at 1280 px', () => {
  const b = useBrowser({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });
  const t = dashboardTexts.en;

  it('follows a published survey from the first copy to the first Google click, then deletes it', async () => {
    const page = b.page();
    await b.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.urls.app! });
    const owner = await createConfirmedUser(stack);
    const survey = await publishedSurvey(owner, 'Bistro Dashboard');
    await signInThroughUi(page, 'en', owner);

    // The only survey is selected; nothing has happened yet; the trial has just begun.
    await expectStats(page, '0', noAverage, '0');
    expect(await page.getByTestId('selected-survey').textContent()).toContain(survey.businessName);
    await page.getByText(t.noComments).waitFor();
    expect(await checklistAt(page, 'en', 25)).toEqual([true, false, false, false]);
    await page.getByTestId('plan-badge').filter({ hasText: t.trial }).waitFor();
    const url = await page.getByLabel('Survey link').inputValue();
    expect(url).toBe(survey.landingPageUrl);
    await expectNoAxeViolations(page);

    // Step 2: copying the link ('Copied!', the clipboard, the local flag and the profile flag).
    await page.getByRole('button', { name: texts.en.copyLink }).click();
    await page.getByRole('button', { name: texts.en.copied }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    expect(await page.evaluate(() => localStorage.getItem('survey_url_copied'))).toBe('true');
    expect(await checklistAt(page, 'en', 50)).toEqual([true, true, false, false]);
    await expect
      .poll(
        async () =>
          ((await ownerApi(owner, 'GET', '/api/profile')).body as { surveyUrlCopied: boolean }).surveyUrlCopied,
      )
      .toBe(true);
    // The profile flag alone keeps it done on a device without the local flag (decisions 9).
    await page.evaluate(() => localStorage.removeItem('survey_url_copied'));
    await page.reload();
    expect(await checklistAt(page, 'en', 50)).toEqual([true, true, false, false]);

    // Step 3: a customer rates 5 on the public page (own browser, own user agent).
    const customer = await b.browser().newContext({
      viewport: { width: 390, height: 844 },
      userAgent: `Mozilla/5.0 e2e-dashboard-customer/${randomUUID()}`,
    });
    try {
      const googleRequests: string[] = [];
      await customer.route('https://search.google.com/**', async (route) => {
        googleRequests.push(route.request().url());
        await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Google review</title>' });
      });
      const visit = await customer.newPage();
      // The API refuses forms sent faster than a person fills them: the page's clock moves on instead of waiting.
      await visit.clock.install();
      await visit.goto(url);
      await visit.getByRole('radio', { name: publicTexts.fiveStars, exact: true }).check();
      await visit.getByLabel(publicTexts.comment).fill('Best pasta in town!');
      await visit.clock.fastForward(3000);
      await visit.getByRole('button', { name: publicTexts.submit }).click();
      await visit.getByTestId('thank-you-high').waitFor();

      await page.reload();
      await expectStats(page, '1', '5.0', '1');
      expect(await checklistAt(page, 'en', 75)).toEqual([true, true, true, false]);
      expect(await page.getByTestId('onboarding-complete').count()).toBe(0);

      // Step 4: the customer clicks through to Google.
      const [popup] = await Promise.all([
        customer.waitForEvent('page'),
        visit.getByRole('button', { name: publicTexts.review }).click(),
      ]);
      await popup.waitForLoadState('domcontentloaded');
      expect(googleRequests).toEqual([survey.googleBusinessUrl]);
      await expect
        .poll(
          async () =>
            ((await ownerApi(owner, 'GET', `/api/surveys/${survey.id}/onboarding`)).body as { hasReviewClick: boolean })
              .hasReviewClick,
        )
        .toBe(true);
    } finally {
      await customer.close();
    }
    await page.reload();
    expect(await checklistAt(page, 'en', 100)).toEqual([true, true, true, true]);
    await page.getByText(t.congratulations).waitFor();

    // More customers: 5 without a comment, 4, and 2 with contact details.
    await submitThroughApi(survey, { rating: 5, comment: '' });
    await submitThroughApi(survey, { rating: 4, comment: 'Good, a bit slow.' });
    await submitThroughApi(survey, {
      rating: 2,
      comment: 'The soup was cold.',
      customerName: 'Lena Low',
      customerEmail: 'lena@example.com',
    });
    await page.reload();
    await expectStats(page, '4', '4.0', '2', '1');
    const comments = page.getByTestId('feedback-comment');
    await comments.nth(2).waitFor();
    expect(await comments.allTextContents()).toEqual([
      'The soup was cold.',
      'Good, a bit slow.',
      'Best pasta in town!',
    ]);
    const low = page.getByTestId('feedback-item').first();
    expect(await low.getByRole('img', { name: 'Rated 2 stars out of 5' }).count()).toBe(1);
    expect(await low.getByText('lena@example.com').isVisible()).toBe(true);
    expect(await low.getByText('Lena Low').isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    // The send-request dialog: the spec's templates, copy, and prefilled mail and SMS links.
    await page.getByRole('button', { name: t.sendRequest }).click();
    const dialog = page.getByRole('dialog', { name: t.sendDialog });
    expect(await dialog.getByTestId('email-template').textContent()).toBe(texts.en.emailTemplate(url));
    expect(await dialog.getByTestId('sms-template').textContent()).toBe(texts.en.smsTemplate(url));
    expect(await dialog.getByRole('link', { name: t.openMail }).getAttribute('href')).toBe(
      `mailto:?subject=${encodeURIComponent('How was your experience?')}&body=${encodeURIComponent(texts.en.emailTemplate(url))}`,
    );
    expect(await dialog.getByRole('link', { name: t.openSms }).getAttribute('href')).toBe(
      `sms:?&body=${encodeURIComponent(texts.en.smsTemplate(url))}`,
    );
    await dialog.getByRole('button', { name: 'Copy SMS' }).click();
    await dialog.getByRole('button', { name: texts.en.copied }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(texts.en.smsTemplate(url));
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Delete from the sidebar, behind the 'Delete survey' dialog.
    expect((await storedResponses(survey.id)).length).toBe(4);
    const item = page.getByTestId('sidebar-survey').filter({ hasText: survey.businessName });
    await openSurveyActions(page, survey.businessName);
    await item.getByRole('button', { name: t.deleteSurvey }).click();
    const confirm = page.getByRole('alertdialog', { name: t.deleteSurvey });
    expect(await confirm.textContent()).toContain(t.deleteText);
    await confirm.getByRole('button', { name: t.deleteConfirm, exact: true }).click();
    await toast(page, t.deletedTitle).filter({ hasText: t.deletedText }).waitFor();
    await item.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: t.welcomeCta }).waitFor();
    expect((await ownerApi(owner, 'GET', `/api/surveys/${survey.id}`)).status).toBe(404);
    expect((await ownerApi(owner, 'GET', `/api/surveys/${survey.id}/stats`)).status).toBe(404);
    expect(await storedResponses(survey.id)).toEqual([]);
  });

  it('switches surveys from the sidebar, keeps the choice in the address, and the sidebar state over a reload', async () => {
    const page = b.page();
    const owner = await createConfirmedUser(stack);
    const older = await publishedSurvey(owner, 'Older Bakery');
    const newer = await publishedSurvey(owner, 'Newer Deli');
    await submitThroughApi(older, { rating: 3, comment: 'Fine.' });
    await signInThroughUi(page, 'en', owner);

    // The newest is selected first.
    await expectStats(page, '0', noAverage, '0');
    expect(await page.getByTestId('selected-survey').textContent()).toContain(newer.businessName);
    const olderLink = page.getByRole('link', { name: new RegExp(older.businessName) });
    await olderLink.click();
    await page.waitForURL((u) => u.searchParams.get('survey') === older.id);
    await expectStats(page, '1', '3.0', '0');
    expect(await olderLink.getAttribute('aria-current')).toBe('page');
    expect(
      await page.getByRole('link', { name: new RegExp(newer.businessName) }).getAttribute('aria-current'),
    ).toBeNull();

    // Ctrl+B collapses the sidebar; the cookie keeps it collapsed, the address keeps the survey.
    await page.keyboard.press('Control+b');
    await page.locator('[data-slot="sidebar"][data-state="collapsed"]').waitFor();
    await page.reload();
    await expectStats(page, '1', '3.0', '0');
    expect(await page.locator('[data-slot="sidebar"][data-state]').getAttribute('data-state')).toBe('collapsed');
    await page.keyboard.press('Control+b');
    await page.locator('[data-slot="sidebar"][data-state="expanded"]').waitFor();

    // Deleting the selected survey moves the selection to the newest remaining one.
    await openSurveyActions(page, older.businessName);
    await page.getByRole('button', { name: t.deleteSurvey }).click();
    await page
      .getByRole('alertdialog', { name: t.deleteSurvey })
      .getByRole('button', { name: t.deleteConfirm, exact: true })
      .click();
    await toast(page, t.deletedTitle).waitFor();
    await page.waitForURL((u) => !u.searchParams.has('survey'));
    await page.getByTestId('selected-survey').filter({ hasText: newer.businessName }).waitFor();
    await expectStats(page, '0', noAverage, '0');
    expect(await page.getByRole('link', { name: new RegExp(newer.businessName) }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await toast(page, 'Failed to load survey data').count()).toBe(0);
  });
});

/** Expands a survey's entry in the sidebar (its actions: Edit, View landing page, Delete). */
async function openSurveyActions(page: Page, businessName: string): Promise<void> {
  const item = page.getByTestId('sidebar-survey').filter({ hasText: businessName });
  await item.getByRole('button', { name: new RegExp(businessName) }).click();
}

describe.each(['en', 'nl'] as const)('dashboard axe and layout (%s)', (lang) => {
  const t = dashboardTexts[lang];

  describe('at 1280 px', () => {
    const b = useBrowser({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 }, locale: t.locale });
    it('has no axe violations with data', async () => {
      const page = b.page();
      const owner = await createConfirmedUser(stack);
      const survey = await publishedSurvey(owner, lang === 'nl' ? 'Bakkerij Axe' : 'Axe Bakery');
      await submitThroughApi(survey, { rating: 4, comment: lang === 'nl' ? 'Lekker brood.' : 'Lovely bread.' });
      await signInThroughUi(page, lang, owner);
      await expectStats(page, '1', lang === 'nl' ? '4,0' : '4.0', '0');
      await expectStatTitles(page, lang);
      await page.getByTestId('plan-badge').filter({ hasText: t.trial }).waitFor();
      await expectNoAxeViolations(page);
    });
  });

  describe('at 390 px', () => {
    const b = useBrowser({ ...phoneContext, locale: t.locale });
    it('stacks the cards, opens the sidebar as a sheet and has no axe violations', async () => {
      const page = b.page();
      const owner = await createConfirmedUser(stack);
      const survey = await publishedSurvey(owner, lang === 'nl' ? 'Bakkerij Mobiel' : 'Mobile Bakery');
      await submitThroughApi(survey, { rating: 5, comment: lang === 'nl' ? 'Top!' : 'Great!' });
      await signInThroughUi(page, lang, owner);
      await expectStats(page, '1', lang === 'nl' ? '5,0' : '5.0', '1');
      // One column: the stat cards sit under each other, as wide as the page allows.
      const boxes = await Promise.all(
        ['review-count', 'average-rating', 'five-star-count'].map((id) => page.getByTestId(`stat-${id}`).boundingBox()),
      );
      expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height - 1);
      expect(boxes[0]!.x).toBe(boxes[1]!.x);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: t.toggleSidebar }).first().click();
      const sheet = page.getByRole('dialog');
      await sheet.getByRole('link', { name: new RegExp(survey.businessName) }).waitFor();
      await expectNoAxeViolations(page);
    });
  });
});
