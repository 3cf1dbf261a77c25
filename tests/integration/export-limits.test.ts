import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import {
  exportJobSchema,
  exportStartedSchema,
  exportsPerOwnerHour,
  pathOf,
  type ExportJob,
  type StartExport,
} from '@reviewroute/shared';
import { newId } from '@reviewroute/functions/lib/ids';
import { apiCall, callApi, createSampleSurvey, publishSurvey, stackEntities, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';
import { waitForMail } from '../support/inbox';

const stack = inject('localStack');

/** Responses written in bulk through the handlers' own entity (every index key as a submit writes it). */
async function seedResponses(surveyId: string, count: number) {
  const { response } = stackEntities();
  const start = Date.now() - count * 60_000;
  const items = Array.from({ length: count }, (_, i) => {
    const at = start + i * 60_000;
    return {
      surveyId,
      responseId: newId(at),
      rating: (i % 5) + 1,
      comment: `Comment ${i}, with "quotes", a comma and some more words to read`,
      userAgent: 'export-limits-test',
      googleReviewClicked: false,
      createdAt: new Date(at).toISOString(),
      // Counted already and old: neither the stats nor the alerts worker has anything to do for them.
      counted: true,
    };
  });
  for (let i = 0; i < items.length; i += 2500) {
    const { unprocessed } = await response.put(items.slice(i, i + 2500)).go({ concurrency: 4 });
    expect(unprocessed).toEqual([]);
  }
}

const start = (owner: ApiUser, surveyId: string, body: StartExport) =>
  callApi('POST', pathOf('start-export', { surveyId }), { user: owner, body });

async function statusOf(owner: ApiUser, surveyId: string, exportId: string): Promise<ExportJob> {
  const answer = await callApi('GET', pathOf('get-export', { surveyId, exportId }), { user: owner });
  expect(answer.status).toBe(200);
  return exportJobSchema.parse(answer.body);
}

describe('CSV exports on a path of their own', () => {
  it('a low rating’s alert arrives while an export of many rows is still being written; the same export again joins it, another is refused', async () => {
    const owner = await createSignedInUser(stack, { locale: 'en' });
    const survey = await publishSurvey(owner, (await createSampleSurvey(owner, 'Busy Brasserie')).id);
    const rows = 30_000;
    await seedResponses(survey.id, rows);

    const started = await start(owner, survey.id, { language: 'en' });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const { id } = exportStartedSchema.parse(started.body);
    await expect
      .poll(async () => (await statusOf(owner, survey.id, id)).state, { timeout: 30_000, interval: 100 })
      .toBe('running');

    // While it runs: the same export again (a second click, another tab) is the running one; another is refused.
    const again = await start(owner, survey.id, { language: 'en' });
    expect(again.status).toBe(202);
    expect(exportStartedSchema.parse(again.body).id).toBe(id);
    const other = await start(owner, survey.id, { filter: { rating: 'low' }, language: 'en' });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ error: { code: 'EXPORT_RUNNING' } });

    // A customer's 1-star rating meanwhile: its alert does not wait for the export.
    const submitted = Date.now();
    const answer = await apiCall(
      stack.urls.api,
      'POST',
      pathOf('submit-response', { surveyCode: survey.surveyCode! }),
      {
        body: { rating: 1, comment: 'Cold soup', idempotencyKey: randomUUID(), elapsedMs: 9000 },
      },
    );
    expect(answer.status).toBe(201);
    const alert = await waitForMail(stack.urls.inbox, owner.email, { subject: 'Low rating', timeoutMs: 30_000 });
    const alertSeconds = (Date.now() - submitted) / 1000;
    expect(alert.subject).toBe('Low rating for Busy Brasserie: 1/5');
    const meanwhile = await statusOf(owner, survey.id, id);
    expect(
      meanwhile.state,
      `the export was ${meanwhile.state} when the alert came ${alertSeconds} s after the submit`,
    ).toBe('running');
    expect(meanwhile.rows).toBeLessThan(rows);
    expect(alertSeconds).toBeLessThan(30);

    // The export goes on to its end, and then the survey is free for another.
    await expect
      .poll(async () => (await statusOf(owner, survey.id, id)).state, { timeout: 240_000, interval: 500 })
      .toBe('done');
    // The 1-star response came after the export began: it may or may not be in the file.
    expect((await statusOf(owner, survey.id, id)).rows).toBeGreaterThanOrEqual(rows);
    const next = await start(owner, survey.id, { filter: { rating: 'low' }, language: 'en' });
    expect(next.status).toBe(202);
    expect(exportStartedSchema.parse(next.body).id).not.toBe(id);
  }, 360_000);

  it(`lets an owner start ${exportsPerOwnerHour} exports an hour, then answers 429 with Retry-After`, async () => {
    const owner = await createSignedInUser(stack);
    const other = await createSignedInUser(stack);
    // A survey each, so every start is a new export (none joins a running one).
    const surveys = [];
    for (let i = 0; i <= exportsPerOwnerHour; i += 1)
      surveys.push(await createSampleSurvey(owner, `Limited Lunchroom ${i}`));
    for (const survey of surveys.slice(0, exportsPerOwnerHour)) {
      const answer = await start(owner, survey.id, { language: 'en' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    }
    const refused = await start(owner, surveys.at(-1)!.id, { language: 'en' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: { code: 'EXPORT_LIMIT_REACHED' } });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    // Another owner is not held by it.
    const theirs = await createSampleSurvey(other, 'Other Oven');
    expect((await start(other, theirs.id, { language: 'en' })).status).toBe(202);
  }, 120_000);
});
