import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { sampleResponse } from '@reviewroute/shared/testing';
import { createMemoryStores } from '../../../testing/data/memory';
import type { SurveyResponseRecord } from '../../data/response-store';
import { consumeStream } from './stats-worker';

/** A response item as the table's stream shows it (electrodb's attribute names, the entity name). */
const image = (r: SurveyResponseRecord, more: Record<string, { BOOL: boolean }> = {}) => ({
  pk: { S: `SURVEY#${r.surveyId}` },
  sk: { S: `RESPONSE#${r.id}` },
  __edb_e__: { S: 'response' },
  __edb_v__: { S: '1' },
  surveyId: { S: r.surveyId },
  responseId: { S: r.id },
  rating: { N: String(r.rating) },
  googleReviewClicked: { BOOL: false },
  createdAt: { S: r.createdAt },
  ...more,
});

let sequence = 100;
const record = (eventName: DynamoDBRecord['eventName'], dynamodb: DynamoDBRecord['dynamodb']): DynamoDBRecord => ({
  eventName,
  eventSource: 'aws:dynamodb',
  dynamodb: { SequenceNumber: String(++sequence), ...dynamodb },
});
const inserted = (r: SurveyResponseRecord) => record('INSERT', { NewImage: image(r) });
const clicked = (r: SurveyResponseRecord) =>
  record('MODIFY', { OldImage: image(r), NewImage: image(r, { googleReviewClicked: { BOOL: true } }) });
/** The worker's own mark on a response: a change that counts nothing. */
const marked = (r: SurveyResponseRecord) =>
  record('MODIFY', { OldImage: image(r), NewImage: image(r, { counted: { BOOL: true } }) });
const batch = (...records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records: records });

function world() {
  const stores = createMemoryStores();
  const { responses } = stores;
  const answers = [5, 4, 1, 5].map((rating, i) =>
    sampleResponse({
      id: `r${i}`,
      surveyId: i < 3 ? 'survey-a' : 'survey-b',
      rating,
      // r0 on Sunday night, r1 and r2 on Monday (UTC): two ISO weeks of survey-a.
      createdAt:
        ['2026-11-22T23:59:00.000Z', '2026-11-23T00:01:00.000Z', '2026-11-24T10:00:00.000Z'][i] ??
        '2026-11-24T11:00:00.000Z',
    }),
  );
  const store = async () => {
    for (const r of answers) await responses.submit({ response: r, clickTokenHash: `h${r.id}` });
    await responses.recordReviewClick('survey-a', 'r0', 'hr0');
  };
  const [a0, a1, a2, b0] = answers as [
    SurveyResponseRecord,
    SurveyResponseRecord,
    SurveyResponseRecord,
    SurveyResponseRecord,
  ];
  const all = batch(inserted(a0), inserted(a1), marked(a0), clicked(a0), inserted(a2), inserted(b0));
  const expected = {
    a: { surveyId: 'survey-a', count: 3, sum: 10, histogram: [1, 0, 0, 1, 1], reviewClicks: 1 },
    b: { surveyId: 'survey-b', count: 1, sum: 5, histogram: [0, 0, 0, 0, 1], reviewClicks: 0 },
  };
  const tallies = async () => ({
    a: await stores.stats.getTally('survey-a'),
    b: await stores.stats.getTally('survey-b'),
  });
  return { ...stores, store, all, answers, expected, tallies };
}

describe('stats worker (the table stream’s consumer)', () => {
  it('counts each new response and review click of a batch, per survey; other changes count nothing', async () => {
    const w = world();
    await w.store();
    expect(await consumeStream(w.stats, w.all)).toEqual({ batchItemFailures: [] });
    expect(await w.tallies()).toEqual(w.expected);
  });

  it('counts nothing twice when the same batch comes again', async () => {
    const w = world();
    await w.store();
    await consumeStream(w.stats, w.all);
    await consumeStream(w.stats, w.all);
    expect(await w.tallies()).toEqual(w.expected);
  });

  it('counts each response in the ISO week of its createdAt, once, whatever comes again', async () => {
    const w = world();
    await w.store();
    await consumeStream(w.stats, w.all);
    await consumeStream(w.stats, batch(...[...w.all.Records].reverse()));
    expect(await w.stats.getWeeks('survey-a', '2026-W40', '2026-W52')).toEqual([
      { week: '2026-W47', count: 1, sum: 5, histogram: [0, 0, 0, 0, 1] },
      { week: '2026-W48', count: 2, sum: 5, histogram: [1, 0, 0, 1, 0] },
    ]);
    expect(await w.stats.getWeeks('survey-b', '2026-W48', '2026-W48')).toEqual([
      { week: '2026-W48', count: 1, sum: 5, histogram: [0, 0, 0, 0, 1] },
    ]);
    await w.stats.deleteBySurvey('survey-a');
    expect(await w.stats.getWeeks('survey-a', '2026-W40', '2026-W52')).toEqual([]);
  });

  it('counts the same whatever the order, split or merged, of the records', async () => {
    const w = world();
    await w.store();
    const records = [...w.all.Records].reverse();
    await consumeStream(w.stats, batch(...records.slice(0, 3)));
    await consumeStream(w.stats, batch(...records));
    await consumeStream(w.stats, batch(...records.slice(2)));
    expect(await w.tallies()).toEqual(w.expected);
  });

  it('counts each response once after a crash mid-batch and the batch delivered again', async () => {
    const w = world();
    await w.store();
    w.stats.crashAfterSurveys = 1;
    await expect(consumeStream(w.stats, w.all)).rejects.toThrow('Crashed mid-batch');
    // One survey was counted before the crash: the retry of the whole batch adds only the other.
    expect((await w.tallies()).a).toEqual(w.expected.a);
    expect((await w.tallies()).b).toBeUndefined();
    await consumeStream(w.stats, w.all);
    expect(await w.tallies()).toEqual(w.expected);
  });

  it('counts nothing for a response deleted before its record came (its survey’s delete)', async () => {
    const w = world();
    await w.store();
    await w.responses.deleteBySurvey('survey-a');
    await consumeStream(w.stats, w.all);
    expect(await w.tallies()).toEqual({ a: undefined, b: w.expected.b });
  });

  it('reports what it could not count as partial batch failures, by sequence number', async () => {
    const w = world();
    await w.store();
    // A store that could not count survey-b's response now (busy past its retries).
    const busy = {
      count: async () => [{ kind: 'response' as const, surveyId: 'survey-b', responseId: 'r3', rating: 5 }],
    };
    const result = await consumeStream(busy, w.all);
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: w.all.Records[5]!.dynamodb!.SequenceNumber }] });
  });
});
