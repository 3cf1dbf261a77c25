import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { formatDateTime, surveyInsightsSchema } from '@reviewroute/shared';
import { expectNoAxeViolations, saveScreenshot, useBrowser } from '../support/browser';
import { phoneContext } from '../support/phone';
import { createConfirmedUser, signIn } from '../support/cognito';
import { signInThroughUi, type Lang } from '../support/app-flows';
import { callApi, createSampleSurvey, publishSurvey } from '../support/api';
import { seedResponsesAcrossWeeks, type SeededInsights } from '../support/insights';

const stack = inject('localStack');
const screenshotDir = fileURLToPath(new URL('../.artifacts/screenshots/insights/', import.meta.url));

/** The insights' texts and number formats, as web/src/locales/{en,nl}/dashboard.json and Intl have them. */
const insightTexts = {
  en: {
    locale: 'en-US',
    stars: (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`,
    week: (n: number, date: string) => `Week ${n}, from ${date}`,
    noAverage: '–No responses',
    showTable: 'Show as table',
    showChart: 'Show as chart',
    distribution: 'Responses per rating',
    trend: 'Responses and average rating per week, last 12 weeks',
  },
  nl: {
    locale: 'nl-NL',
    stars: (n: number) => `${n} ${n === 1 ? 'ster' : 'sterren'}`,
    week: (n: number, date: string) => `Week ${n}, vanaf ${date}`,
    noAverage: '–Geen reacties',
    showTable: 'Als tabel tonen',
    showChart: 'Als grafiek tonen',
    distribution: 'Reacties per beoordeling',
    trend: 'Reacties en gemiddelde beoordeling per week, laatste 12 weken',
  },
} as const;

/** What the tables must say for the seeded responses, formatted in `lang`. */
function expectedRows(lang: Lang, seeded: SeededInsights, weekStarts: string[]) {
  const t = insightTexts[lang];
  const percent = new Intl.NumberFormat(t.locale, { style: 'percent', maximumFractionDigits: 0 });
  const average = new Intl.NumberFormat(t.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return {
    distribution: [5, 4, 3, 2, 1].map((stars) => {
      const count = seeded.histogram[stars - 1]!;
      return [t.stars(stars), String(count), percent.format(count / seeded.reviewCount)];
    }),
    trend: seeded.weeks.map((w, i) => [
      t.week(Number(w.week.slice(-2)), formatDateTime(`${weekStarts[i]}T00:00:00Z`, lang, 'date', 'UTC')),
      String(w.count),
      w.averageRating === null ? t.noAverage : average.format(w.averageRating),
    ]),
  };
}

/** A published survey of a new owner with responses dated across the last weeks, counted by the stack's worker. */
async function ownerWithSeededSurvey(businessName: string) {
  const owner = await createConfirmedUser(stack);
  const user = { ...owner, tokens: await signIn(stack, owner.email, owner.password) };
  const survey = await publishSurvey(user, (await createSampleSurvey(user, businessName)).id);
  const seeded = await seedResponsesAcrossWeeks(survey.id);
  // The stats worker counts from the stream: wait until it has counted every response and the click.
  const insights = await vi.waitFor(
    async () => {
      const body = surveyInsightsSchema.parse(
        (await callApi('GET', `/api/surveys/${survey.id}/insights`, { user })).body,
      );
      expect(body.reviewCount).toBe(seeded.reviewCount);
      expect(body.reviewClickRate).not.toBe(0);
      return body;
    },
    { timeout: 15_000, interval: 100 },
  );
  return { owner, seeded, weekStarts: insights.weeks.map((w) => w.weekStart) };
}

const tableRows = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent ?? '')));

async function expectInsights(page: Page, lang: Lang, width: number, seeded: SeededInsights, weekStarts: string[]) {
  const t = insightTexts[lang];
  const card = page.getByTestId('insights');
  // The charts drawn (two SVGs), and the tables screen readers read, with the seeded values.
  await card.locator('.recharts-surface').nth(1).waitFor();
  const expected = expectedRows(lang, seeded, weekStarts);
  expect(await tableRows(page, 'insights-distribution-table')).toEqual(expected.distribution);
  expect(await tableRows(page, 'insights-trend-table')).toEqual(expected.trend);
  expect(await card.getByRole('table', { name: t.distribution }).count()).toBe(1);
  expect(await card.getByRole('table', { name: t.trend }).count()).toBe(1);
  const percent = new Intl.NumberFormat(t.locale, { style: 'percent', maximumFractionDigits: 0 });
  expect(await page.getByTestId('insight-five-star-share').getByTestId('insight-value').textContent()).toBe(
    percent.format(seeded.histogram[4] / seeded.reviewCount),
  );
  expect(await page.getByTestId('insight-review-click-rate').getByTestId('insight-value').textContent()).toBe(
    percent.format(seeded.reviewClicks / seeded.reviewCount),
  );
  // Nothing wider than the page, the card within it.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const box = (await card.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  await card.scrollIntoViewIfNeeded();
  await saveScreenshot(page, `${screenshotDir}insights-charts-${lang}-${width}.png`, { fullPage: true });
  await expectNoAxeViolations(page);

  // The table alternative, shown.
  await card.getByRole('button', { name: t.showTable }).click();
  await card.getByRole('button', { name: t.showChart, pressed: true }).waitFor();
  expect(await card.locator('.recharts-surface').count()).toBe(0);
  expect(await card.getByTestId('insights-trend-table').isVisible()).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await saveScreenshot(page, `${screenshotDir}insights-table-${lang}-${width}.png`, { fullPage: true });
  await expectNoAxeViolations(page);
}

describe.each(['en', 'nl'] as const)('dashboard insights (%s)', (lang) => {
  const locale = insightTexts[lang].locale;

  describe('at 1280 px', () => {
    const b = useBrowser({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 }, locale });
    it('shows the distribution and the weekly trend of responses seeded across weeks; axe clean', async () => {
      const page = b.page();
      const { owner, seeded, weekStarts } = await ownerWithSeededSurvey(
        lang === 'nl' ? 'Bakkerij Trend' : 'Trend Bakery',
      );
      // The chart code is the dashboard's alone: the sign-in page does not load it.
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      });
      await page.goto(lang === 'nl' ? '/nl/auth' : '/auth');
      await page.getByRole('tab').first().waitFor();
      expect(scripts.filter((s) => s.includes('insights-card'))).toEqual([]);
      await signInThroughUi(page, lang, owner);
      await expectInsights(page, lang, 1280, seeded, weekStarts);
      expect(scripts.filter((s) => s.includes('insights-card'))).toHaveLength(1);
    });
  });

  describe('at 390 px', () => {
    const b = useBrowser({ ...phoneContext, locale });
    it('shows the same on a phone, nothing cut off; axe clean', async () => {
      const page = b.page();
      const { owner, seeded, weekStarts } = await ownerWithSeededSurvey(
        lang === 'nl' ? 'Bakkerij Mobiel' : 'Mobile Trend',
      );
      await signInThroughUi(page, lang, owner);
      await expectInsights(page, lang, 390, seeded, weekStarts);
    });
  });
});
