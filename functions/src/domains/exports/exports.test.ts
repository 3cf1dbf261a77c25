import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { DynamoDBRecord } from 'aws-lambda';
import type { Survey } from '@reviewroute/shared';
import { MemoryExportFiles, presignGet } from '../../data/export-files';
import { MemoryExportJobStore } from '../../data/export-jobs';
import { MemoryResponseStore, MemorySurveyRepository } from '../../data/memory';
import type { SurveyResponseRecord } from '../../data/repositories';
import { createOwnerContactsStub } from './testing';
import { csvFileName, csvHeader, csvRows, utf8Bom } from './csv';
import { claimAndRun, exportStaleMs } from './exporter';
import { newExportJobOf } from './exports-worker';
import { createExportService } from './service';

const owner = '8f1c2b4e-0000-4000-8000-000000000001';
const other = '8f1c2b4e-0000-4000-8000-000000000002';
const surveyId = '0195a3c4-7b00-7000-8000-000000000001';

const response = (i: number, extra: Partial<SurveyResponseRecord> = {}): SurveyResponseRecord => ({
  id: `0195a3c4-7b00-7000-8000-${String(i).padStart(12, '0')}`,
  surveyId,
  rating: (i % 5) + 1,
  comment: i % 2 ? `Comment ${i}` : null,
  customerName: (i % 5) + 1 <= 2 ? `Name ${i}` : null,
  customerEmail: (i % 5) + 1 <= 2 ? `c${i}@example.com` : null,
  userAgent: 'test',
  googleReviewClicked: i % 3 === 0,
  createdAt: new Date(Date.UTC(2026, 10, 1 + (i % 20), 12)).toISOString(),
  ...extra,
});

function world(count = 25) {
  let clock = Date.parse('2026-11-26T10:00:00.000Z');
  const now = () => new Date(clock);
  const surveys = new MemorySurveyRepository();
  surveys.surveys.set(`${owner}/${surveyId}`, { id: surveyId, userId: owner, businessName: 'Café Zoë & Co' } as Survey);
  const responses = new MemoryResponseStore();
  responses.responses.set(
    surveyId,
    Array.from({ length: count }, (_, i) => response(i + 1)),
  );
  const jobs = new MemoryExportJobStore();
  const files = new MemoryExportFiles();
  const languages = new Map([[owner, 'nl' as const]]);
  let n = 0;
  const service = createExportService({
    surveys,
    jobs,
    files,
    contacts: createOwnerContactsStub(languages),
    now,
    newId: () => `0195a3c4-7c00-7000-8000-${String(++n).padStart(12, '0')}`,
  });
  const exporter = { jobs, responses, surveys, files, now, pageSize: 7 };
  return { service, exporter, jobs, files, languages, advance: (ms: number) => (clock += ms) };
}

const parse = (text: string) => Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

describe('the CSV writer', () => {
  it('writes headers in the owner’s language and every value, quoted where needed', () => {
    expect(csvHeader('en')).toBe('Date,Rating,Comment,Name,Email,Clicked Google review,State,Response ID\r\n');
    expect(csvHeader('nl')).toContain('Datum,Beoordeling,Opmerking,Naam,E-mail');
    const text = csvRows(
      [
        { ...response(1), comment: 'Line one\n"quoted", and a comma', state: 'new' },
        { ...response(2), state: 'handled' },
      ],
      'nl',
    );
    const rows = parse(text);
    expect(rows).toHaveLength(2);
    expect(rows[0]![2]).toBe('Line one\n"quoted", and a comma');
    expect(rows[0]![5]).toBe('nee');
    expect(rows[1]![6]).toBe('afgehandeld');
    expect(csvRows([], 'en')).toBe('');
  });

  it('defuses comments a spreadsheet would run as formulas', () => {
    const rows = parse(csvRows([{ ...response(1), comment: '=HYPERLINK("http://evil")', state: 'new' }], 'en'));
    expect(rows[0]![2]).toBe('\'=HYPERLINK("http://evil")');
  });

  it('names the file after the business and the day', () => {
    expect(csvFileName('nl', 'Café Zoë & Co', '2026-11-26')).toBe('reacties-cafe-zoe-co-2026-11-26.csv');
    expect(csvFileName('en', '***', '2026-11-26')).toBe('responses-survey-2026-11-26.csv');
  });
});

describe('the export job', () => {
  it('writes every response page by page, with the BOM and Dutch headers for a Dutch owner', async () => {
    const w = world(25);
    const { id } = await w.service.start(owner, surveyId, undefined);
    expect((await w.service.status(owner, surveyId, id)).state).toBe('queued');

    expect(await claimAndRun(w.exporter, surveyId, id)).toBe('done');
    const file = w.files.files.get(`exports/${surveyId}/${id}.csv`)!;
    expect(file.text.startsWith(utf8Bom)).toBe(true);
    expect(file.name).toBe('reacties-cafe-zoe-co-2026-11-26.csv');
    const [header, ...rows] = parse(file.text);
    expect(header![0]).toBe('Datum');
    expect(rows).toHaveLength(25);
    expect(rows.map((r) => r[7]).sort()).toEqual(Array.from({ length: 25 }, (_, i) => response(i + 1).id).sort());
    // One write per page of 7 (and the header): never the whole file at once.
    expect(w.files.parts).toHaveLength(1 + 4);

    const status = await w.service.status(owner, surveyId, id);
    expect(status).toMatchObject({ state: 'done', rows: 25 });
    expect(status.downloadUrl).toContain(`exports/${surveyId}/${id}.csv`);
  });

  it('applies the inbox filter (every response is new until the inbox marks them)', async () => {
    const w = world(25);
    const { id } = await w.service.start(owner, surveyId, { rating: 'low', contact: 'yes' });
    await claimAndRun(w.exporter, surveyId, id);
    const [, ...rows] = parse(w.files.files.get(`exports/${surveyId}/${id}.csv`)!.text);
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => Number(r[1]) <= 2 && r[4] !== '')).toBe(true);

    const { id: handled } = await w.service.start(owner, surveyId, { state: 'handled' });
    await claimAndRun(w.exporter, surveyId, handled);
    expect((await w.service.status(owner, surveyId, handled)).rows).toBe(0);
  });

  it('writes a job once however often its record comes, and again only after its run died', async () => {
    const w = world(3);
    const { id } = await w.service.start(owner, surveyId, undefined);
    expect(await claimAndRun(w.exporter, surveyId, id)).toBe('done');
    expect(await claimAndRun(w.exporter, surveyId, id)).toBe('skipped');

    const { id: stuck } = await w.service.start(owner, surveyId, undefined);
    await w.jobs.claim(surveyId, stuck, new Date().toISOString(), '');
    await w.jobs.progress(surveyId, stuck, 1, '2026-11-26T10:00:00.000Z');
    expect(await claimAndRun(w.exporter, surveyId, stuck)).toBe('skipped');
    w.advance(exportStaleMs + 1);
    expect((await w.service.status(owner, surveyId, stuck)).state).toBe('failed');
    expect(await claimAndRun(w.exporter, surveyId, stuck)).toBe('done');
  });

  it('fails the job and leaves no file when a page cannot be read', async () => {
    const w = world(10);
    const { id } = await w.service.start(owner, surveyId, undefined);
    const failing = {
      ...w.exporter,
      responses: { pageBySurvey: () => Promise.reject(new Error('throttled')) },
    };
    expect(await claimAndRun(failing, surveyId, id)).toBe('failed');
    expect(w.files.files.size).toBe(0);
    expect(await w.service.status(owner, surveyId, id)).toMatchObject({ state: 'failed', downloadUrl: null });
  });

  it('answers 404 for another owner’s survey or job, and an English owner gets English headers', async () => {
    const w = world(2);
    await expect(w.service.start(other, surveyId, undefined)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const { id } = await w.service.start(owner, surveyId, undefined);
    await expect(w.service.status(other, surveyId, id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(w.service.status(owner, surveyId, 'nope/../x')).rejects.toMatchObject({ code: 'NOT_FOUND' });

    w.languages.set(owner, 'en' as never);
    const { id: english } = await w.service.start(owner, surveyId, undefined);
    await claimAndRun(w.exporter, surveyId, english);
    expect(parse(w.files.files.get(`exports/${surveyId}/${english}.csv`)!.text)[0]![0]).toBe('Date');
  });
});

describe('the exports worker', () => {
  it('takes only new export jobs from the stream', () => {
    const record = (eventName: string, entity: string) =>
      ({
        eventName,
        dynamodb: {
          NewImage: { __edb_e__: { S: entity }, surveyId: { S: surveyId }, exportId: { S: 'e1' } },
        },
      }) as unknown as DynamoDBRecord;
    expect(newExportJobOf(record('INSERT', 'exportJob'))).toEqual({ surveyId, exportId: 'e1' });
    expect(newExportJobOf(record('MODIFY', 'exportJob'))).toBeUndefined();
    expect(newExportJobOf(record('INSERT', 'response'))).toBeUndefined();
  });
});

describe('the download link', () => {
  it('is a SigV4 query signature (the AWS documentation’s example values)', () => {
    // The example of "Authenticating Requests: Using Query Parameters (AWS Signature Version 4)".
    const url = presignGet({
      bucket: 'examplebucket',
      key: 'test.txt',
      host: 'examplebucket.s3.amazonaws.com',
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
      expiresInSeconds: 86400,
      now: new Date('2013-05-24T00:00:00Z'),
    });
    expect(url.startsWith('https://examplebucket.s3.amazonaws.com/test.txt?')).toBe(true);
    expect(new URL(url).searchParams.get('X-Amz-Credential')).toBe(
      'AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request',
    );
    expect(new URL(url).searchParams.get('X-Amz-Signature')).toBe(
      'aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  it('is path style on the emulator’s endpoint', () => {
    const url = presignGet({
      bucket: 'survey-assets',
      key: 'exports/s 1/e.csv',
      endpoint: 'http://localhost:4569/',
      region: 'eu-west-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', sessionToken: 'tok' },
      expiresInSeconds: 900,
      now: new Date('2026-11-26T10:00:00Z'),
    });
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe('http://localhost:4569/survey-assets/exports/s%201/e.csv');
    expect(parsed.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(parsed.searchParams.get('X-Amz-Security-Token')).toBe('tok');
    expect(parsed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });
});
