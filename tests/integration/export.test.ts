import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import Papa from 'papaparse';
import { describe, expect, inject, it } from 'vitest';
import {
  exportJobSchema,
  exportStartedSchema,
  pathOf,
  type ExportJob,
  type InboxFilter,
  type Survey,
} from '@reviewroute/shared';
import { s3ClientOf } from '@reviewroute/functions/data/asset-store';
import { createDynamoResponseStore, responseIdOf } from '@reviewroute/functions/data/response-store';
import { callApi, createSampleSurvey, publishSurvey, stackEntities, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';

const stack = inject('localStack');

/** 25 responses as the public submit stores them: ratings 1–5 in turn, five 1-stars without a comment. */
async function seed(survey: Survey) {
  const responses = createDynamoResponseStore(() => stackEntities());
  const seeded = Array.from({ length: 25 }, (_, i) => {
    const rating = (i % 5) + 1;
    return {
      id: responseIdOf(survey.id, randomUUID()),
      surveyId: survey.id,
      rating,
      comment: rating === 1 ? null : `Reactie ${i}, met "aanhalingstekens" en een komma`,
      customerName: rating <= 2 ? `Klant ${i}` : null,
      customerEmail: rating === 2 ? `klant${i}@example.com` : null,
      userAgent: 'export-test',
      googleReviewClicked: false,
      createdAt: new Date(Date.UTC(2026, 10, 1 + i, 9)).toISOString(),
    };
  });
  for (const response of seeded)
    expect(await responses.submit({ response, clickTokenHash: `hash-${response.id}` })).toBe('stored');
  return seeded;
}

async function startExport(owner: ApiUser, surveyId: string, filter?: InboxFilter) {
  const answer = await callApi('POST', pathOf('start-export', { surveyId }), {
    user: owner,
    body: filter ? { filter } : {},
  });
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

const rowsOf = (bytes: Uint8Array) =>
  Papa.parse<Record<string, string>>(new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes), {
    header: true,
    skipEmptyLines: true,
  });

describe('CSV export of a survey’s responses', () => {
  it('writes every response with Dutch headers and a BOM, downloadable through the local stack; other owners get 404', async () => {
    const owner = await createSignedInUser(stack, { locale: 'nl' });
    const other = await createSignedInUser(stack);
    const survey = await createSampleSurvey(owner, 'Bakkerij Export');
    await publishSurvey(owner, survey.id);
    const seeded = await seed(survey);

    const id = await startExport(owner, survey.id);
    const job = await finished(owner, survey.id, id);
    expect(job).toMatchObject({ state: 'done', rows: 25 });
    const bytes = await download(job, /^attachment; filename="reacties-bakkerij-export-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const parsed = rowsOf(bytes);
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual([
      'Datum',
      'Beoordeling',
      'Opmerking',
      'Naam',
      'E-mail',
      'Google-review aangeklikt',
      'Status',
      'Reactie-ID',
    ]);
    expect(parsed.data).toHaveLength(25);
    const byId = new Map(parsed.data.map((row) => [row['Reactie-ID'], row]));
    for (const r of seeded) {
      expect(byId.get(r.id)).toEqual({
        Datum: r.createdAt,
        Beoordeling: String(r.rating),
        Opmerking: r.comment ?? '',
        Naam: r.customerName ?? '',
        'E-mail': r.customerEmail ?? '',
        'Google-review aangeklikt': 'nee',
        Status: 'nieuw',
        'Reactie-ID': r.id,
      });
    }

    // Another owner learns nothing: neither the survey nor the job exists for them.
    const started = await callApi('POST', pathOf('start-export', { surveyId: survey.id }), { user: other, body: {} });
    expect(started.status).toBe(404);
    const status = await callApi('GET', pathOf('get-export', { surveyId: survey.id, exportId: id }), { user: other });
    expect(status.status).toBe(404);
  }, 180_000);

  it('exports only what the inbox filter names, and goes with its survey', async () => {
    const owner = await createSignedInUser(stack);
    const survey = await createSampleSurvey(owner, 'Filtered Export');
    await publishSurvey(owner, survey.id);
    const seeded = await seed(survey);

    const id = await startExport(owner, survey.id, { rating: 'low', contact: 'yes' });
    const job = await finished(owner, survey.id, id);
    const parsed = rowsOf(await download(job, /^attachment; filename="responses-filtered-export-/));
    expect(parsed.meta.fields?.[0]).toBe('Date');
    expect(parsed.data.map((row) => row['Response ID']).sort()).toEqual(
      seeded
        .filter((r) => r.rating <= 2 && (r.customerName || r.customerEmail))
        .map((r) => r.id)
        .sort(),
    );

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
