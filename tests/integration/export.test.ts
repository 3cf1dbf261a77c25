import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { describe, expect, inject, it } from 'vitest';
import {
  exportJobSchema,
  exportStartedSchema,
  formatSpreadsheetDateTime,
  pathOf,
  type ExportJob,
  type StartExport,
  type Survey,
} from '@reviewroute/shared';
import { s3ClientOf } from '@reviewroute/functions/data/asset-store';
import { createDynamoResponseStore, responseIdOf } from '@reviewroute/functions/data/response-store';
import { callApi, createSampleSurvey, publishSurvey, stackEntities, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';
import { exportHeaders, newestFirst, parseExportCsv } from '../support/csv-export';

const stack = inject('localStack');

/**
 * 25 responses as the public submit stores them: ratings 1–5 in turn, five 1-stars without a comment, created a
 * day apart but submitted in another order (ids are hashes, so neither the id nor the write order is the time
 * order), one an hour before summer time ends and one across midnight in Amsterdam.
 */
async function seed(survey: Survey) {
  const responses = createDynamoResponseStore(() => stackEntities());
  const seeded = Array.from({ length: 25 }, (_, i) => {
    const rating = (i % 5) + 1;
    return {
      id: responseIdOf(survey.id, randomUUID()),
      surveyId: survey.id,
      rating,
      comment: rating === 1 ? null : `Reactie ${i}; met "aanhalingstekens", een komma\nen een tweede regel`,
      customerName: rating <= 2 ? `Klant ${i}` : null,
      customerEmail: rating === 2 ? `klant${i}@example.com` : null,
      userAgent: 'export-test',
      googleReviewClicked: false,
      createdAt:
        i === 0
          ? '2026-10-25T00:30:00.000Z'
          : i === 1
            ? '2026-11-01T23:15:00.000Z'
            : new Date(Date.UTC(2026, 10, 2 + ((i * 7) % 25), 9)).toISOString(),
    };
  });
  seeded[3]!.comment = '=HYPERLINK("http://evil.example")';
  for (const response of [...seeded].reverse())
    expect(await responses.submit({ response, clickTokenHash: `hash-${response.id}` })).toBe('stored');
  expect(await responses.recordReviewClick(survey.id, seeded[4]!.id, `hash-${seeded[4]!.id}`)).toBe('clicked');
  seeded[4]!.googleReviewClicked = true;
  return seeded;
}

async function startExport(owner: ApiUser, surveyId: string, body: StartExport) {
  const answer = await callApi('POST', pathOf('start-export', { surveyId }), { user: owner, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  return exportStartedSchema.parse(answer.body).id;
}

/** Polls the status route until the worker finished the job (the stream delivers it within about a second). */
async function finished(owner: ApiUser, surveyId: string, exportId: string): Promise<ExportJob> {
  let job: ExportJob | undefined;
  await expect
    .poll(
      async () => {
        const answer = await callApi('GET', pathOf('get-export', { surveyId, exportId }), { user: owner });
        expect(answer.status).toBe(200);
        job = exportJobSchema.parse(answer.body);
        return job.state;
      },
      { timeout: 60_000, interval: 200 },
    )
    .toMatch(/^(done|failed)$/);
  return job!;
}

async function download(job: ExportJob, fileName: RegExp): Promise<Uint8Array> {
  expect(job.downloadUrl).toBeTruthy();
  const res = await fetch(job.downloadUrl!);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toMatch(fileName);
  return new Uint8Array(await res.arrayBuffer());
}

describe('CSV export of a survey’s responses', () => {
  it('started from the Dutch inbox: semicolons, Dutch headers and values, Amsterdam time, newest first, with the notes and handled state; other owners get 404', async () => {
    // An owner who signed up in English: the page the export is started from decides the file's language.
    const owner = await createSignedInUser(stack, { locale: 'en' });
    const other = await createSignedInUser(stack);
    const survey = await createSampleSurvey(owner, 'Bakkerij Export');
    await publishSurvey(owner, survey.id);
    const seeded = await seed(survey);

    // What the owner did in the inbox, through its own routes.
    const handled = [seeded[2]!.id, seeded[5]!.id];
    const state = await callApi('POST', pathOf('set-inbox-state', { surveyId: survey.id }), {
      user: owner,
      body: { ids: handled, state: 'handled' },
    });
    expect(state.status, JSON.stringify(state.body)).toBe(200);
    const notes = new Map([
      [seeded[2]!.id, 'Teruggebeld; klant is tevreden'],
      [seeded[7]!.id, '-1 ster door de wachttijd\nvolgende week navragen'],
    ]);
    for (const [responseId, note] of notes) {
      const saved = await callApi('PUT', pathOf('set-inbox-note', { surveyId: survey.id, responseId }), {
        user: owner,
        body: { note },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }

    const id = await startExport(owner, survey.id, { language: 'nl' });
    const job = await finished(owner, survey.id, id);
    expect(job).toMatchObject({ state: 'done', rows: 25 });
    const bytes = await download(job, /^attachment; filename="reacties-bakkerij-export-\d{4}-\d{2}-\d{2}\.csv"$/);
    const parsed = parseExportCsv(bytes);
    expect(parsed.meta.delimiter).toBe(';');
    expect(parsed.meta.fields).toEqual(exportHeaders.nl);
    expect(parsed.data.map((row) => row['Reactie-ID'])).toEqual(newestFirst(seeded).map((r) => r.id));
    const byId = new Map(parsed.data.map((row) => [row['Reactie-ID'], row]));
    for (const r of seeded) {
      expect(byId.get(r.id)).toEqual({
        Datum: formatSpreadsheetDateTime(r.createdAt, 'Europe/Amsterdam'),
        Beoordeling: String(r.rating),
        Opmerking: r.comment?.startsWith('=') ? `'${r.comment}` : (r.comment ?? ''),
        Naam: r.customerName ?? '',
        'E-mail': r.customerEmail ?? '',
        'Google-review aangeklikt': r.googleReviewClicked ? 'ja' : 'nee',
        Status: handled.includes(r.id) ? 'afgehandeld' : 'nieuw',
        Privénotitie: r.id === seeded[7]!.id ? `'${notes.get(r.id)}` : (notes.get(r.id) ?? ''),
        // Seeded as stored before evidence and consent were kept: nothing guessed, not on the website.
        'Uitgenodigd via': '',
        'Uitgenodigd op': '',
        'Openbare review aan iedere klant aangeboden': '',
        'Getoond op website': 'nee',
        'Naam op website': '',
        'Reactie-ID': r.id,
      });
    }
    // Local time, summer and winter, and the day as Amsterdam counts it.
    expect(byId.get(seeded[0]!.id)!.Datum).toBe('2026-10-25 02:30:00');
    expect(byId.get(seeded[1]!.id)!.Datum).toBe('2026-11-02 00:15:00');
    expect(byId.get(seeded[2]!.id)!.Datum).toBe('2026-11-16 10:00:00');
    expect(byId.get(seeded[4]!.id)!['Google-review aangeklikt']).toBe('ja');

    // Another owner learns nothing: neither the survey nor the job exists for them.
    const started = await callApi('POST', pathOf('start-export', { surveyId: survey.id }), { user: other, body: {} });
    expect(started.status).toBe(404);
    const status = await callApi('GET', pathOf('get-export', { surveyId: survey.id, exportId: id }), { user: other });
    expect(status.status).toBe(404);
  }, 180_000);

  it('started from the English inbox: commas and English, only what the inbox filter names, and goes with its survey', async () => {
    // A Dutch owner on the English pages gets the English file.
    const owner = await createSignedInUser(stack, { locale: 'nl' });
    const survey = await createSampleSurvey(owner, 'Filtered Export');
    await publishSurvey(owner, survey.id);
    const seeded = await seed(survey);

    const id = await startExport(owner, survey.id, { filter: { rating: 'low', contact: 'yes' }, language: 'en' });
    const job = await finished(owner, survey.id, id);
    const parsed = parseExportCsv(await download(job, /^attachment; filename="responses-filtered-export-/));
    expect(parsed.meta.delimiter).toBe(',');
    expect(parsed.meta.fields).toEqual(exportHeaders.en);
    const kept = newestFirst(seeded.filter((r) => r.rating <= 2 && (r.customerName || r.customerEmail)));
    expect(parsed.data.map((row) => row['Response ID'])).toEqual(kept.map((r) => r.id));
    expect(parsed.data[0]).toMatchObject({
      Date: formatSpreadsheetDateTime(kept[0]!.createdAt, 'Europe/Amsterdam'),
      Comment: kept[0]!.comment ?? '',
      'Clicked Google review': 'no',
      State: 'new',
      'Private note': '',
    });

    expect((await callApi('DELETE', pathOf('delete-survey', { surveyId: survey.id }), { user: owner })).status).toBe(
      204,
    );
    const { data: jobs } = await stackEntities()
      .exportJob.query.bySurvey({ surveyId: survey.id })
      .go({ consistent: true });
    expect(jobs).toEqual([]);
    const listed = await s3ClientOf(stack.env)().send(
      new ListObjectsV2Command({ Bucket: stack.resources.bucketName, Prefix: `exports/${survey.id}/` }),
    );
    expect(listed.Contents ?? []).toEqual([]);
  }, 180_000);
});
