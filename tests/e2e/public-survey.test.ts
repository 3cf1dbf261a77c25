import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { uploadTicketSchema, type Survey } from '@reviewroute/shared';
import { expectNoAxeViolations, useBrowser } from '../support/browser';
import { createSignedInUser } from '../support/cognito';
import { callOwnerApi, createSampleSurvey, publishSurvey, storedResponses, type ApiUser } from '../support/api';

/** Visible texts of the public page, exactly as web/src/locales/{en,nl}/survey.json have them. */
const texts = {
  en: {
    prefix: '',
    locale: 'en-US',
    notFound: 'Survey Not Found',
    notFoundText: "The survey you're looking for doesn't exist or is no longer active.",
    stars: (n: number) => (n === 1 ? '1 star' : `${n} stars`),
    comment: 'Your comment (optional)',
    name: 'Your name (optional)',
    email: 'Your email (optional)',
    submit: 'Submit feedback',
    step: (n: number) => `Step ${n} of 3`,
    draftSaved: 'Draft saved automatically',
    thanks: 'Thank you!',
    toast: 'Your feedback has been submitted successfully.',
    review: 'Leave a review on Google',
    copy: 'Copy your comment',
    teamAlt: (business: string) => `The team of ${business}`,
  },
  nl: {
    prefix: '/nl',
    locale: 'nl-NL',
    notFound: 'Enquête niet gevonden',
    notFoundText: 'De enquête die je zoekt bestaat niet of is niet meer actief.',
    stars: (n: number) => (n === 1 ? '1 ster' : `${n} sterren`),
    comment: 'Je opmerking (optioneel)',
    name: 'Je naam (optioneel)',
    email: 'Je e-mailadres (optioneel)',
    submit: 'Feedback versturen',
    step: (n: number) => `Stap ${n} van 3`,
    draftSaved: 'Concept automatisch opgeslagen',
    thanks: 'Bedankt!',
    toast: 'Je feedback is verstuurd.',
    review: 'Laat een review achter op Google',
    copy: 'Kopieer je opmerking',
    teamAlt: (business: string) => `Het team van ${business}`,
  },
} as const;
type Lang = keyof typeof texts;

/** A real 1×1 PNG for the team photo. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** What an owner does in the wizard, through the owner API: create, customise, team photo, publish. */
async function publishedSurvey(owner: ApiUser, lang: Lang): Promise<Survey> {
  const created = await createSampleSurvey(owner, `Bistro ${lang.toUpperCase()}`, {
    customPrompt: lang === 'nl' ? 'Hoe was je bezoek?' : 'How was your visit?',
    customColors: { primaryColor: '#1d4ed8', backgroundColor: '#fefce8' },
    lowRatingMessage: 'We are sorry and will do better.',
    midRatingMessage: 'Thanks for your honest feedback.',
    highRatingMessage: 'You made our day!',
    googleReviewPrompt: 'Would you share this on Google?',
    collectContactOnLowRating: true,
    offerPublicReviewToEveryone: false,
  });
  const ticket = uploadTicketSchema.parse(
    await callOwnerApi(owner, 'POST', `/api/surveys/${created.id}/uploads`, {
      kind: 'team-photo',
      contentType: 'image/png',
      size: png.length,
    }),
  );
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.fields)) form.append(k, v);
  form.append('file', new Blob([png], { type: 'image/png' }), 'team.png');
  expect((await fetch(ticket.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  await callOwnerApi(owner, 'POST', `/api/surveys/${created.id}/uploads/confirm`, {
    kind: 'team-photo',
    key: ticket.key,
  });
  return publishSurvey(owner, created.id);
}

async function stepText(page: Page): Promise<string> {
  return (await page.getByTestId('step-indicator').textContent()) ?? '';
}

describe.each(['en', 'nl'] as const)('public survey page at 390×844 (%s)', (lang) => {
  const t = texts[lang];
  const b = useBrowser({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
    locale: t.locale,
    // The API rate-limits per address + user agent; every test browser here comes from 127.0.0.1.
    userAgent: `Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/140 Mobile reviewroute-e2e-${lang}`,
  });
  let survey: Survey;
  let surveyPath: string;

  beforeAll(async () => {
    survey = await publishedSurvey(await createSignedInUser(inject('localStack')), lang);
    surveyPath = `${t.prefix}/surveys/${survey.surveyCode}/${survey.businessSlug}`;
  });

  async function openSurvey(): Promise<Page> {
    const page = b.page();
    await page.goto(surveyPath);
    await page.getByRole('heading', { level: 1, name: survey.businessName }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    return page;
  }

  it('shows Survey Not Found for an unknown code', async () => {
    const page = b.page();
    await page.goto(`${t.prefix}/surveys/zzzz2345/nobody`);
    await page.getByRole('heading', { name: t.notFound }).waitFor();
    expect(await page.getByText(t.notFoundText).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    await expectNoAxeViolations(page);
  });

  // Decisions 16: without a stored choice a /nl link stays Dutch in any browser, and an unprefixed link
  // moves to its Dutch twin only for a browser that prefers Dutch; either way this visitor reads Dutch.
  it('keeps a Dutch link Dutch and moves an unprefixed link to Dutch only for a Dutch browser', async () => {
    const page = b.page();
    const dutchPath = `/nl/surveys/${survey.surveyCode}/${survey.businessSlug}`;
    await page.goto(lang === 'en' ? dutchPath : `/surveys/${survey.surveyCode}/${survey.businessSlug}`);
    await page.waitForURL((url) => url.pathname === dutchPath);
    await page.getByRole('heading', { level: 1, name: survey.businessName }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('nl');
  });

  it('rating 2 asks for contact details, stores them and shows the low message', async () => {
    const page = await openSurvey();
    expect(await stepText(page)).toContain(t.step(1));
    await expectNoAxeViolations(page);
    expect(await page.getByLabel(t.name).count()).toBe(0);

    await page.getByRole('radio', { name: t.stars(2), exact: true }).check();
    expect(await stepText(page)).toContain(t.step(2));
    await page.getByText(t.draftSaved).waitFor();
    await page.getByLabel(t.name).fill('Lena Low');
    await page.getByLabel(t.email).fill('lena@example.com');
    await page.getByLabel(t.comment).fill('The soup was cold.');
    expect(await stepText(page)).toContain(t.step(3));
    expect(await page.getByTestId('comment-counter').textContent()).toContain('18/500');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: t.submit }).click();
    await page.getByTestId('thank-you-low').waitFor();
    expect(await page.getByText(survey.lowRatingMessage).isVisible()).toBe(true);
    await page.getByText(t.toast).waitFor();
    expect(await page.getByRole('button', { name: t.review }).count()).toBe(0);
    await expectNoAxeViolations(page);

    const stored = (await storedResponses(survey.id)).find((r) => r.comment === 'The soup was cold.');
    expect(stored).toMatchObject({ rating: 2, customerName: 'Lena Low', customerEmail: 'lena@example.com' });
    // The draft is gone after the submit: a fresh visit starts empty.
    await page.reload();
    await page.getByRole('radio', { name: t.stars(2), exact: true }).waitFor();
    expect(await page.getByRole('radio', { checked: true }).count()).toBe(0);
  });

  it('restores the draft after a reload; rating 5 opens the Google review page and flags the response', async () => {
    const page = await openSurvey();
    await page.getByRole('radio', { name: t.stars(5), exact: true }).check();
    await page.getByLabel(t.comment).fill('Best pasta in town!');

    await page.reload();
    await page.getByLabel(t.comment).waitFor();
    expect(await page.getByLabel(t.comment).inputValue()).toBe('Best pasta in town!');
    expect(await page.getByRole('radio', { name: t.stars(5), exact: true }).isChecked()).toBe(true);
    expect(await stepText(page)).toContain(t.step(3));

    await page.getByRole('button', { name: t.submit }).click();
    await page.getByTestId('thank-you-high').waitFor();
    expect(await page.getByText(survey.highRatingMessage).isVisible()).toBe(true);
    expect(await page.getByText(survey.googleReviewPrompt).isVisible()).toBe(true);
    const photo = page.getByRole('img', { name: t.teamAlt(survey.businessName) });
    await photo.waitFor();
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0));
    expect(await page.getByRole('button', { name: t.copy }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    const [response] = (await storedResponses(survey.id)).filter((r) => r.comment === 'Best pasta in town!');
    expect(response).toMatchObject({ rating: 5, googleReviewClicked: false });

    // The machine is offline: the Google page is answered here, and the request's URL is what counts.
    const googleRequests: string[] = [];
    await b.context().route('https://search.google.com/**', async (route) => {
      googleRequests.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Google review</title>' });
    });
    const [popup] = await Promise.all([
      b.context().waitForEvent('page'),
      page.getByRole('button', { name: t.review }).click(),
    ]);
    await popup.waitForLoadState('domcontentloaded');
    expect(popup.url()).toBe(survey.googleBusinessUrl);
    expect(googleRequests).toEqual([survey.googleBusinessUrl]);
    await expect
      .poll(
        async () =>
          (await storedResponses(survey.id)).find((r) => r.responseId === response!.responseId)?.googleReviewClicked,
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
  });

  it('can be rated, commented and submitted with the keyboard alone (mid band)', async () => {
    const page = await openSurvey();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe('radio');
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: t.stars(3), exact: true }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Good, a bit slow.');
    expect(await page.getByLabel(t.comment).inputValue()).toBe('Good, a bit slow.');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t.submit);
    await page.keyboard.press('Enter');

    await page.getByTestId('thank-you-mid').waitFor();
    expect(await page.getByText(survey.midRatingMessage).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t.thanks);
    expect(await page.getByRole('button', { name: t.review }).count()).toBe(0);
    await expectNoAxeViolations(page);
    expect((await storedResponses(survey.id)).find((r) => r.comment === 'Good, a bit slow.')?.rating).toBe(3);
  });
});
