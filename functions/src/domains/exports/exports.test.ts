import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { DynamoDBRecord } from 'aws-lambda';
import { exportsPerOwnerHour, type Survey } from '@reviewroute/shared';
import { MemoryExportFiles } from '../../../testing/data/memory-export-files';
import { presignGet } from '../../data/export-files';
import { MemoryExportJobStore } from '../../../testing/data/memory-export-jobs';
import { createMemoryRateLimiter } from '../../../testing/data/memory-rate-limiter';
import { MemoryResponseStore, MemorySurveyRepository } from '../../../testing/data/memory';
import type { InboxResponseRecord, SurveyResponseRecord } from '../../data/response-store';
import { createOwnerContactsStub } from '../../../testing/domains/exports';
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
  const seeded = Array.from({ length: count }, (_, i) => response(i + 1));
  responses.responses.set(surveyId, structuredClone(seeded));
  const jobs = new MemoryExportJobStore();
  const files = new MemoryExportFiles();
  const languages = new Map([[owner, 'nl' as const]]);
  let n = 0;
  const service = createExportService({
    surveys,
    jobs,
    limiter: createMemoryRateLimiter(),
    files,
    contacts: createOwnerContactsStub(languages),
    now,
    newId: () => `0195a3c4-7c00-7000-8000-${String(++n).padStart(12, '0')}`,
  });
  const exporter = { jobs, responses, surveys, files, now, pageSize: 7 };
  return { service, exporter, jobs, files, languages, responses, seeded, advance: (ms: number) => (clock += ms) };
}

const parse = (text: string, delimiter = '') =>
  Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true, delimiter }).data;

/** The responses newest first, as the file lists them: by createdAt, the id breaking ties. */
const newestFirst = (responses: readonly SurveyResponseRecord[]) =>
  [...responses].sort((a, b) => (`${a.createdAt}#${a.id}` < `${b.createdAt}#${b.id}` ? 1 : -1));

const inbox = (r: SurveyResponseRecord, extra: Partial<InboxResponseRecord> = {}): InboxResponseRecord => ({
  ...r,
  state: 'new',
  note: null,
  ...extra,
});

describe('the CSV writer', () => {
  it('writes English with commas and Dutch with semicolons, headers and values in the file’s language', () => {
    expect(csvHeader('en')).toBe(
      'Date,Rating,Comment,Name,Email,Clicked Google review,State,Private note,Invited by,Invited at,' +
        'Public review offered to every customer,Shown on website,Name on website,Response ID\r\n',
    );
    expect(csvHeader('nl')).toBe(
      'Datum;Beoordeling;Opmerking;Naam;E-mail;Google-review aangeklikt;Status;Privénotitie;Uitgenodigd via;' +
        'Uitgenodigd op;Openbare review aan iedere klant aangeboden;Getoond op website;Naam op website;Reactie-ID\r\n',
    );
    const rows = [
      inbox(response(1), { comment: 'Line one\n"quoted"; a semicolon, and a comma', note: 'Called; back' }),
      inbox(response(3), { state: 'handled' }),
    ];
    const dutch = csvRows(rows, 'nl');
    expect(dutch.split('\r\n')[1]).toBe(`2026-11-04 13:00:00;4;Comment 3;;;ja;afgehandeld;;;;;nee;;${response(3).id}`);
    const parsed = parse(dutch, ';');
    expect(parsed).toHaveLength(2);
    expect(parsed[0]).toEqual([
      '2026-11-02 13:00:00',
      '2',
      'Line one\n"quoted"; a semicolon, and a comma',
      'Name 1',
      'c1@example.com',
      'nee',
      'nieuw',
      'Called; back',
      '',
      '',
      '',
      'nee',
      '',
      response(1).id,
    ]);
    expect(parsed[1]!.slice(5, 8)).toEqual(['ja', 'afgehandeld', '']);

    const english = parse(csvRows(rows, 'en'), ',');
    expect(english[0]![2]).toBe('Line one\n"quoted"; a semicolon, and a comma');
    expect(english[1]!.slice(0, 8)).toEqual(['2026-11-04 13:00:00', '4', 'Comment 3', '', '', 'yes', 'handled', '']);
    expect(csvRows([], 'en')).toBe('');
  });

  it('writes each response’s evidence and website consent in the file’s language', () => {
    const consent = { shownAs: 'Anna', nameStyle: 'first-name', hiddenReason: null, hiddenAt: null } as const;
    const rows = [
      inbox(response(1), {
        evidence: {
          invitation: 'booking-system',
          invitedAt: '2026-07-01T22:30:00.000Z',
          everyoneOfferedPublicReview: false,
        },
        websiteConsent: consent,
      }),
      inbox(response(2), {
        evidence: { invitation: 'public-link', invitedAt: null, everyoneOfferedPublicReview: true },
        websiteConsent: {
          ...consent,
          shownAs: 'A.V.',
          hiddenReason: 'not-about-business',
          hiddenAt: '2026-07-03T10:00:00.000Z',
        },
      }),
      inbox(response(3), {
        evidence: { invitation: 'email-request', invitedAt: null, everyoneOfferedPublicReview: false },
      }),
    ];
    const cells = (language: 'en' | 'nl') =>
      parse(csvRows(rows, language), language === 'en' ? ',' : ';').map((row) => row.slice(8, 13));
    expect(cells('nl')).toEqual([
      ['boekingssysteem, na een bezoek', '2026-07-02 00:30:00', 'nee', 'ja', 'Anna'],
      ['openbare link of QR-code', '', 'ja', 'nee, verborgen: gaat niet over het bedrijf', 'A.V.'],
      ['reviewverzoek per e-mail', '', 'nee', 'nee', ''],
    ]);
    expect(cells('en')).toEqual([
      ['booking system, after a visit', '2026-07-02 00:30:00', 'no', 'yes', 'Anna'],
      ['public link or QR code', '', 'yes', 'no, hidden: not about the business', 'A.V.'],
      ['review request by e-mail', '', 'no', 'no', ''],
    ]);
  });

  it('writes times in the business’s time zone, summer time included, in a form spreadsheets read as dates', () => {
    const at = (createdAt: string) => parse(csvRows([inbox(response(2, { createdAt }))], 'nl'), ';')[0]![0];
    expect(at('2026-07-01T22:30:00.000Z')).toBe('2026-07-02 00:30:00');
    expect(at('2026-12-31T23:59:59.000Z')).toBe('2027-01-01 00:59:59');
    expect(at('2026-03-29T01:00:00.000Z')).toBe('2026-03-29 03:00:00');
  });

  it('defuses texts a spreadsheet would run as formulas, on more lines too', () => {
    const rows = parse(
      csvRows(
        [
          inbox(response(1), { comment: '=HYPERLINK("http://evil")', note: '@SUM(A1)' }),
          inbox(response(2), { comment: '=1+1\nsecond line', note: '-2+3', customerName: '+31 6 1234' }),
        ],
        'en',
      ),
      ',',
    );
    expect(rows[0]![2]).toBe('\'=HYPERLINK("http://evil")');
    expect(rows[0]![7]).toBe("'@SUM(A1)");
    expect(rows[1]![2]).toBe("'=1+1\nsecond line");
    expect(rows[1]![3]).toBe("'+31 6 1234");
    expect(rows[1]![7]).toBe("'-2+3");
    // The rating is a number and stays one.
    expect(rows[1]![1]).toBe('3');
  });

  it('names the file after the business and the day', () => {
    expect(csvFileName('nl', 'Café Zoë & Co', '2026-11-26')).toBe('reacties-cafe-zoe-co-2026-11-26.csv');
    expect(csvFileName('en', '***', '2026-11-26')).toBe('responses-survey-2026-11-26.csv');
  });
});

describe('the export job', () => {
  it('writes every response newest first, page by page, in the language the export was started in', async () => {
    const w = world(25);
    const { id } = await w.service.start(owner, surveyId, { language: 'nl' });
    expect((await w.service.status(owner, surveyId, id)).state).toBe('queued');

    expect(await claimAndRun(w.exporter, surveyId, id)).toBe('done');
    const file = w.files.files.get(`exports/${surveyId}/${id}.csv`)!;
    expect(file.text.startsWith(utf8Bom)).toBe(true);
    expect(file.name).toBe('reacties-cafe-zoe-co-2026-11-26.csv');
    const [header, ...rows] = parse(file.text, ';');
    expect(header![0]).toBe('Datum');
    expect(rows.map((r) => r.at(-1))).toEqual(newestFirst(w.seeded).map((r) => r.id));
    const dates = rows.map((r) => r[0]!);
    expect(dates).toEqual([...dates].sort().reverse());
    // One write per page of 7 (and the header): never the whole file at once.
    expect(w.files.parts).toHaveLength(1 + 4);

    const status = await w.service.status(owner, surveyId, id);
    expect(status).toMatchObject({ state: 'done', rows: 25 });
    expect(status.downloadUrl).toContain(`exports/${surveyId}/${id}.csv`);
  });

  it('carries each response’s handled state and private note', async () => {
    const w = world(4);
    const [first, second] = w.seeded;
    await w.responses.setInboxState(surveyId, [first!.id], 'handled');
    await w.responses.setNote(surveyId, second!.id, 'Gebeld, komt terug');
    const { id } = await w.service.start(owner, surveyId, { language: 'nl' });
    await claimAndRun(w.exporter, surveyId, id);
    const rows = new Map(
      parse(w.files.files.get(`exports/${surveyId}/${id}.csv`)!.text, ';')
        .slice(1)
        .map((r) => [r.at(-1), r]),
    );
    expect(rows.get(first!.id)!.slice(6, 8)).toEqual(['afgehandeld', '']);
    expect(rows.get(second!.id)!.slice(6, 8)).toEqual(['nieuw', 'Gebeld, komt terug']);
  });

  it('applies the inbox filter, newest first', async () => {
    const w = world(25);
    const { id } = await w.service.start(owner, surveyId, { filter: { rating: 'low', contact: 'yes' } });
    await claimAndRun(w.exporter, surveyId, id);
    const [, ...rows] = parse(w.files.files.get(`exports/${surveyId}/${id}.csv`)!.text, ';');
    expect(rows.map((r) => r.at(-1))).toEqual(
      newestFirst(w.seeded.filter((r) => r.rating <= 2 && r.customerEmail)).map((r) => r.id),
    );
    expect(rows).toHaveLength(10);

    const { id: handled } = await w.service.start(owner, surveyId, { filter: { state: 'handled' } });
    await claimAndRun(w.exporter, surveyId, handled);
    expect((await w.service.status(owner, surveyId, handled)).rows).toBe(0);
  });

  it('records progress for every page looked at, even when the filter keeps none of it', async () => {
    const w = world(25);
    const progress: number[] = [];
    const jobs = w.exporter.jobs;
    const exporter = {
      ...w.exporter,
      jobs: {
        claim: jobs.claim.bind(jobs),
        finish: jobs.finish.bind(jobs),
        progress: (s: string, e: string, rows: number, at: string) => {
          progress.push(rows);
          return jobs.progress(s, e, rows, at);
        },
      },
    };
    const { id } = await w.service.start(owner, surveyId, { filter: { q: 'nothing matches this' } });
    expect(await claimAndRun(exporter, surveyId, id)).toBe('done');
    expect(progress).toEqual([0, 0, 0, 0]);
  });

  it('writes a job once however often its record comes, and again only after its run died', async () => {
    const w = world(3);
    const { id } = await w.service.start(owner, surveyId, {});
    expect(await claimAndRun(w.exporter, surveyId, id)).toBe('done');
    expect(await claimAndRun(w.exporter, surveyId, id)).toBe('skipped');

    const { id: stuck } = await w.service.start(owner, surveyId, {});
    await w.jobs.claim(surveyId, stuck, new Date().toISOString(), '');
    await w.jobs.progress(surveyId, stuck, 1, '2026-11-26T10:00:00.000Z');
    expect(await claimAndRun(w.exporter, surveyId, stuck)).toBe('skipped');
    w.advance(exportStaleMs + 1);
    expect((await w.service.status(owner, surveyId, stuck)).state).toBe('failed');
    expect(await claimAndRun(w.exporter, surveyId, stuck)).toBe('done');
  });

  it('fails the job and leaves no file when a page cannot be read', async () => {
    const w = world(10);
    const { id } = await w.service.start(owner, surveyId, {});
    const failing = {
      ...w.exporter,
      responses: {
        // eslint-disable-next-line require-yield -- fails before its first page
        async *inboxNewestFirst(): AsyncGenerator<InboxResponseRecord[]> {
          throw new Error('throttled');
        },
      },
    };
    expect(await claimAndRun(failing, surveyId, id)).toBe('failed');
    expect(w.files.files.size).toBe(0);
    expect(await w.service.status(owner, surveyId, id)).toMatchObject({ state: 'failed', downloadUrl: null });
  });

  it('answers 404 for another owner’s survey or job; without a language the owner’s stored one decides', async () => {
    const w = world(2);
    await expect(w.service.start(other, surveyId, {})).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const { id } = await w.service.start(owner, surveyId, {});
    await expect(w.service.status(other, surveyId, id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(w.service.status(owner, surveyId, 'nope/../x')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await claimAndRun(w.exporter, surveyId, id);
    expect(parse(w.files.files.get(`exports/${surveyId}/${id}.csv`)!.text, ';')[0]![0]).toBe('Datum');

    // Started from the English inbox, a Dutch owner's file is English.
    const { id: english } = await w.service.start(owner, surveyId, { language: 'en' });
    await claimAndRun(w.exporter, surveyId, english);
    const file = w.files.files.get(`exports/${surveyId}/${english}.csv`)!;
    expect(parse(file.text, ',')[0]![0]).toBe('Date');
    expect(file.name).toBe('responses-cafe-zoe-co-2026-11-26.csv');
  });

  it('names the file after the business’s day, not UTC’s', async () => {
    const w = world(1);
    w.advance(14 * 60 * 60 * 1000 - 1000); // 2026-11-26T23:59:59Z: 00:59:59 on the 27th in Amsterdam
    const { id } = await w.service.start(owner, surveyId, { language: 'en' });
    await claimAndRun(w.exporter, surveyId, id);
    expect(w.files.files.get(`exports/${surveyId}/${id}.csv`)!.name).toBe('responses-cafe-zoe-co-2026-11-27.csv');
  });
});

describe('starting exports', () => {
  it('runs one export per survey at a time: the same one asked again joins it, another is refused until it ends', async () => {
    const w = world(3);
    const { id } = await w.service.start(owner, surveyId, { filter: { rating: 'low' }, language: 'nl' });
    // A second click or another tab: the running export's id, nothing new queued.
    expect(await w.service.start(owner, surveyId, { filter: { rating: 'low' }, language: 'nl' })).toEqual({ id });
    expect(w.jobs.jobs.size).toBe(1);
    for (const other of [{ language: 'nl' as const }, { filter: { rating: 'low' as const }, language: 'en' as const }])
      await expect(w.service.start(owner, surveyId, other)).rejects.toMatchObject({
        code: 'EXPORT_RUNNING',
        statusCode: 409,
      });
    // Still held while it runs and shows progress.
    await w.jobs.claim(surveyId, id, w.exporter.now().toISOString(), '');
    w.advance(exportStaleMs - 1000);
    await w.jobs.progress(surveyId, id, 1, w.exporter.now().toISOString());
    w.advance(exportStaleMs - 1000);
    await expect(w.service.start(owner, surveyId, { language: 'nl' })).rejects.toMatchObject({
      code: 'EXPORT_RUNNING',
    });

    // Once it is done the survey is free again.
    await w.jobs.finish(surveyId, id, 'done', 3, w.exporter.now().toISOString());
    const { id: next } = await w.service.start(owner, surveyId, { language: 'nl' });
    expect(next).not.toBe(id);

    // A run that died (no sign of life for exportStaleMs) holds the survey no longer.
    w.advance(exportStaleMs + 1);
    const { id: after } = await w.service.start(owner, surveyId, { language: 'en' });
    expect(after).not.toBe(next);
  });

  it(`lets an owner start ${exportsPerOwnerHour} exports an hour, then answers 429 with Retry-After until the next hour`, async () => {
    const w = world(1);
    for (let i = 0; i < exportsPerOwnerHour; i += 1) {
      const { id } = await w.service.start(owner, surveyId, { language: 'en' });
      // Joining the running one costs nothing.
      expect(await w.service.start(owner, surveyId, { language: 'en' })).toEqual({ id });
      expect(await claimAndRun(w.exporter, surveyId, id)).toBe('done');
    }
    const refused = await w.service.start(owner, surveyId, { language: 'en' }).catch((error: unknown) => error);
    // 10:00 now: the hour's window ends at 11:00.
    expect(refused).toMatchObject({
      code: 'EXPORT_LIMIT_REACHED',
      statusCode: 429,
      headers: { 'retry-after': '3600' },
    });
    w.advance(60 * 60 * 1000);
    await expect(w.service.start(owner, surveyId, { language: 'en' })).resolves.toMatchObject({
      id: expect.any(String),
    });
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
