import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatDateTime, pagePath, surveySchema, type Survey } from '@reviewroute/shared';
import { expectNoAxeViolations, newContext, saveScreenshot, useBrowser } from '../support/browser';
import { createSignedInUser } from '../support/cognito';
import { callOwnerApi, createSampleSurvey, publishSurvey, type ApiUser } from '../support/api';

/** The disclosure page's and the survey page's texts, as web/src/locales/{en,nl}/survey.json have them. */
const texts = {
  en: {
    prompt: 'How was your visit to us?',
    stars: (n: number) => (n === 1 ? '1 star' : `${n} stars`),
    step2: 'Step 2 of 3',
    footerLink: 'How reviews work here',
    title: (business: string) => `How ${business} collects and shows reviews`,
    some: 'Only customers who rate 5 stars are invited to also post a public review on Google. Customers who give a lower rating are not asked to.',
    everyone: 'Every customer who rates, whatever their rating, is invited to also post a public review on Google.',
    since: (date: string) => `These rules apply since ${date}.`,
  },
  nl: {
    prompt: 'Hoe was je bezoek bij ons?',
    stars: (n: number) => (n === 1 ? '1 ster' : `${n} sterren`),
    step2: 'Stap 2 van 3',
    footerLink: 'Zo werken de reviews hier',
    title: (business: string) => `Zo verzamelt en toont ${business} reviews`,
    some: 'Alleen klanten die 5 sterren geven, worden gevraagd ook een openbare review op Google te plaatsen. Wie lager beoordeelt, krijgt die vraag niet.',
    everyone:
      'Elke klant die een beoordeling geeft, hoe hoog of laag ook, wordt gevraagd ook een openbare review op Google te plaatsen.',
    since: (date: string) => `Deze regels gelden sinds ${date}.`,
  },
} as const;

const screenshotDir = fileURLToPath(new URL('../.artifacts/screenshots/survey-disclosure/', import.meta.url));
mkdirSync(screenshotDir, { recursive: true });

/** Axe and a screenshot at a phone's and a laptop's width. */
async function checkAtBothWidths(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expectNoAxeViolations(page);
    await saveScreenshot(page, `${screenshotDir}${name}-${width}.png`, { fullPage: true });
  }
}

describe.each(['en', 'nl'] as const)('a survey in %s', (lang) => {
  const t = texts[lang];
  const b = useBrowser();
  let owner: ApiUser;
  let survey: Survey;
  let surveyPath: string;

  beforeAll(async () => {
    owner = await createSignedInUser(inject('localStack'));
    const created = await createSampleSurvey(owner, `Disclosure Bistro ${lang.toUpperCase()}`, {
      language: lang,
      customPrompt: t.prompt,
      offerPublicReviewToEveryone: false,
    });
    survey = await publishSurvey(owner, created.id);
    surveyPath = new URL(survey.landingPageUrl!).pathname;
  });

  it('has a disclosure page, linked from the survey page, that says who is offered the public review and changes with the switch', async () => {
    const page = b.page();
    await page.goto(surveyPath);
    await page.getByRole('link', { name: t.footerLink }).click();
    const disclosurePath = pagePath('surveyDisclosure', lang, {
      params: { surveyCode: survey.surveyCode!, slug: survey.businessSlug! },
    });
    await page.waitForURL((url) => url.pathname === disclosurePath);
    await page.getByRole('heading', { level: 1, name: t.title(survey.businessName) }).waitFor();
    expect(await page.getByTestId('disclosure-public-review').textContent()).toBe(t.some);
    expect(await page.getByTestId('disclosure-since').textContent()).toBe(
      t.since(formatDateTime(survey.reviewRulesSince!, lang, 'longDateTime')),
    );
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    // No review markup for search engines (decisions 27) and no script: the page is its text.
    expect(await page.locator('[itemtype], script[type="application/ld+json"], script[src]').count()).toBe(0);
    await checkAtBothWidths(page, `${lang}-only-some`);

    // The owner offers the public review to everyone: the page says so, with the date of the change.
    const flipped = surveySchema.parse(
      await callOwnerApi(owner, 'PATCH', `/api/surveys/${survey.id}`, {
        version: survey.version,
        offerPublicReviewToEveryone: true,
      }),
    );
    expect(flipped.reviewRulesSince).not.toBe(survey.reviewRulesSince);
    await expect
      .poll(async () => {
        await page.reload();
        return page.getByTestId('disclosure-public-review').textContent();
      })
      .toBe(t.everyone);
    expect(await page.getByTestId('disclosure-since').textContent()).toBe(
      t.since(formatDateTime(flipped.reviewRulesSince!, lang, 'longDateTime')),
    );
    await checkAtBothWidths(page, `${lang}-everyone`);
    survey = flipped;
  });

  it('shows the business name, the question and the five stars without any script', async () => {
    const context = await newContext(b.browser(), { javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(surveyPath);
      await page.getByRole('heading', { level: 1, name: survey.businessName }).waitFor();
      await page.getByRole('group', { name: t.prompt }).waitFor();
      for (const n of [1, 2, 3, 4, 5]) await page.getByRole('radio', { name: t.stars(n) }).waitFor();
      for (const [width, height] of [
        [390, 844],
        [1280, 800],
      ] as const) {
        await page.setViewportSize({ width, height });
        await saveScreenshot(page, `${screenshotDir}${lang}-survey-without-script-${width}.png`, { fullPage: true });
      }
    } finally {
      await context.close();
    }
  });

  it('is taken over by the app without being drawn again', async () => {
    const page = b.page();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // The page's heading as the HTML brought it, before any of the page's scripts ran.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') {
          (window as { writtenHeading?: Element | null }).writtenHeading = document.querySelector('h1');
        }
      });
    });
    await page.goto(surveyPath);
    // React marks the elements it has taken over; the heading is one once the app has hydrated the page.
    await expect
      .poll(() =>
        page.evaluate(() => Object.keys(document.querySelector('h1') ?? {}).some((k) => k.startsWith('__reactFiber'))),
      )
      .toBe(true);
    // Hydrated: the same element, not a new one drawn over it.
    expect(
      await page.evaluate(
        () => document.querySelector('h1') === (window as { writtenHeading?: Element | null }).writtenHeading,
      ),
    ).toBe(true);
    // And the app answers a star: the step moves on.
    await page.getByRole('radio', { name: t.stars(5) }).check();
    await expect.poll(() => page.getByTestId('step-indicator').textContent()).toContain(t.step2);
    expect(errors).toEqual([]);
  });

  it('answers a deleted survey’s paths as an unknown survey’s', async () => {
    const page = b.page();
    await callOwnerApi(owner, 'DELETE', `/api/surveys/${survey.id}`);
    await page.goto(surveyPath);
    await page.getByTestId('survey-not-found').waitFor();
    const disclosure = await page.goto(
      pagePath('surveyDisclosure', lang, { params: { surveyCode: survey.surveyCode!, slug: survey.businessSlug! } }),
    );
    expect(await disclosure?.text()).not.toContain(t.title(survey.businessName));
  });
});
