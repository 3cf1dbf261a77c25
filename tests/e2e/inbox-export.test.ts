import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { exportsPerOwnerHour, formatSpreadsheetDateTime, pathOf, type Survey } from '@reviewroute/shared';
import { createDynamoResponseStore, responseIdOf } from '@reviewroute/functions/data/response-store';
import { downloadedBytes, expectNoAxeViolations, saveScreenshot, useBrowser } from '../support/browser';
import { phoneContext } from '../support/phone';
import { createConfirmedUser, signIn, type TestUser } from '../support/cognito';
import { signInThroughUi } from '../support/app-flows';
import { callApi, createSampleSurvey, publishSurvey, stackEntities, type ApiUser } from '../support/api';
import { exportHeaders, newestFirst, parseExportCsv } from '../support/csv-export';

const stack = inject('localStack');

/**
 * The inbox's "Export CSV" as a Dutch owner uses it: the file follows the page's language (headers, words, the
 * semicolon Dutch Excel splits on), lists the responses newest first in Amsterdam time, with the owner's notes
 * and handled marks. The English file (commas) is checked beside it, and in tests/e2e/inbox.test.ts.
 */

interface Seeded {
  id: string;
  rating: number;
  comment: string | null;
  createdAt: string;
}

/** Twelve responses an hour apart, stored in another order than their time, as the public submit stores them. */
async function seedResponses(survey: Survey): Promise<Seeded[]> {
  const store = createDynamoResponseStore(stackEntities);
  const start = Date.now() - 24 * 60 * 60_000;
  const seeded = Array.from({ length: 12 }, (_, i) => ({
    id: responseIdOf(survey.id, randomUUID()),
    rating: (i % 5) + 1,
    comment: i % 4 === 0 ? null : `Bezoek ${i}; "prima", echt waar`,
    createdAt: new Date(start + ((i * 5) % 12) * 60 * 60_000).toISOString(),
  }));
  for (const r of seeded) {
    await store.submit({
      response: {
        ...r,
        surveyId: survey.id,
        customerName: null,
        customerEmail: null,
        userAgent: 'e2e-export',
        googleReviewClicked: false,
      },
      clickTokenHash: `hash-${r.id}`,
      ownerId: survey.userId,
    });
  }
  return seeded;
}

async function ownerWithResponses(businessName: string) {
  const owner: TestUser = await createConfirmedUser(stack, { locale: 'en' });
  const user = { ...owner, tokens: await signIn(stack, owner.email, owner.password) };
  const survey = await publishSurvey(user, (await createSampleSurvey(user, businessName)).id);
  const seeded = await seedResponses(survey);
  return { owner, user, survey, seeded };
}

/**
 * Uses up the owner's exports of this hour through the API (`started` of them were started in the page), each of
 * a draft survey of its own, so none joins a running one.
 */
async function useUpExports(user: ApiUser, started: number) {
  for (let i = started; i < exportsPerOwnerHour; i += 1) {
    const draft = await createSampleSurvey(user, `Export draft ${i}`);
    const answer = await callApi('POST', pathOf('start-export', { surveyId: draft.id }), { user, body: {} });
    expect(answer.status).toBe(202);
  }
}

/** Clicks the export button (named in the page's language) and reads the file the browser saves. */
async function exportCsv(page: Page, button: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  return { fileName: download.suggestedFilename(), parsed: parseExportCsv(await downloadedBytes(download)) };
}

describe('CSV export from the Dutch inbox at 1280 px', () => {
  const b = useBrowser({ locale: 'nl-NL', reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });

  it('is Dutch with semicolons, newest first in Amsterdam time, with notes and handled state; from the English inbox English with commas', async () => {
    const page = b.page();
    const { owner, user, survey, seeded } = await ownerWithResponses('Exportbakkerij');
    const [handled, noted] = newestFirst(seeded);
    expect(
      (
        await callApi('POST', pathOf('set-inbox-state', { surveyId: survey.id }), {
          user,
          body: { ids: [handled!.id], state: 'handled' },
        })
      ).status,
    ).toBe(200);
    const note = 'Teruggebeld; komt volgende week';
    expect(
      (
        await callApi('PUT', pathOf('set-inbox-note', { surveyId: survey.id, responseId: noted!.id }), {
          user,
          body: { note },
        })
      ).status,
    ).toBe(200);

    await signInThroughUi(page, 'nl', owner);
    await page.goto(`/nl/inbox?survey=${survey.id}`);
    await page.getByRole('heading', { name: 'Feedback-inbox', level: 1 }).waitFor();
    const dutch = await exportCsv(page, 'CSV exporteren');
    expect(dutch.fileName).toMatch(/^reacties-exportbakkerij-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(dutch.parsed.meta.delimiter).toBe(';');
    expect(dutch.parsed.meta.fields).toEqual(exportHeaders.nl);
    const rows = dutch.parsed.data;
    expect(rows.map((row) => row['Reactie-ID'])).toEqual(newestFirst(seeded).map((r) => r.id));
    expect(rows.map((row) => row.Datum)).toEqual(
      newestFirst(seeded).map((r) => formatSpreadsheetDateTime(r.createdAt, 'Europe/Amsterdam')),
    );
    expect(rows[0]).toMatchObject({ Status: 'afgehandeld', Privénotitie: '', 'Google-review aangeklikt': 'nee' });
    expect(rows[1]).toMatchObject({ Status: 'nieuw', Privénotitie: note });
    // A comment with the separator, quotes and a comma comes back whole.
    const commented = newestFirst(seeded).map((r) => r.comment ?? '');
    expect(rows.map((row) => row.Opmerking)).toEqual(commented);
    await page.getByTestId('export-status').filter({ hasText: 'CSV met 12 rijen is klaar' }).waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'tests/.artifacts/inbox-export-1280-nl.png');

    // Switched to English, the same owner gets the English file.
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Feedback inbox', level: 1 }).waitFor();
    const english = await exportCsv(page, 'Export CSV');
    expect(english.fileName).toMatch(/^responses-exportbakkerij-/);
    expect(english.parsed.meta.delimiter).toBe(',');
    expect(english.parsed.meta.fields).toEqual(exportHeaders.en);
    expect(english.parsed.data[0]).toMatchObject({ State: 'handled', 'Response ID': handled!.id });
    expect(english.parsed.data[1]).toMatchObject({ State: 'new', 'Private note': note });

    // The hour's exports used up: the page says so instead of "failed".
    await useUpExports(user, 2);
    await page.getByRole('button', { name: 'Export CSV', exact: true }).click();
    await page
      .getByTestId('export-status')
      .filter({ hasText: 'You have started as many exports this hour as allowed.' })
      .waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'tests/.artifacts/inbox-export-limit-1280-en.png');
  }, 240_000);
});

describe('CSV export from the Dutch inbox at 390 px', () => {
  const b = useBrowser({ ...phoneContext, locale: 'nl-NL' });

  it('downloads the Dutch file and says it is ready, within the screen', async () => {
    const page = b.page();
    const { owner, user, survey, seeded } = await ownerWithResponses('Telefoonbakkerij');
    await signInThroughUi(page, 'nl', owner);
    await page.goto(`/nl/inbox?survey=${survey.id}`);
    await page.getByRole('heading', { name: 'Feedback-inbox', level: 1 }).waitFor();
    const { parsed } = await exportCsv(page, 'CSV exporteren');
    expect(parsed.meta.delimiter).toBe(';');
    expect(parsed.data.map((row) => row['Reactie-ID'])).toEqual(newestFirst(seeded).map((r) => r.id));
    await page.getByTestId('export-status').filter({ hasText: 'CSV met 12 rijen is klaar' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'tests/.artifacts/inbox-export-390-nl.png');

    await useUpExports(user, 1);
    await page.getByRole('button', { name: 'CSV exporteren', exact: true }).click();
    await page
      .getByTestId('export-status')
      .filter({ hasText: 'Je hebt dit uur al zoveel exports gestart als is toegestaan.' })
      .waitFor();
    // Trying again at once would be refused again: no retry offered.
    expect(await page.getByRole('button', { name: 'Opnieuw proberen' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'tests/.artifacts/inbox-export-limit-390-nl.png');
  }, 240_000);
});
