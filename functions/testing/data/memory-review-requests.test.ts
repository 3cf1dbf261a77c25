import { describe, expect, it } from 'vitest';
import { MemoryReviewRequestStore } from './memory-review-requests';
import { batchCursorOf, InvalidBatchCursorError, type RequestBatchRecord } from '../../src/data/request-batches';
import { sampleBatch } from './sample-batch';
import { describeRequestQueueContract } from './request-queue-contract';
import { describeSendingHealthContract } from './sending-health-contract';

const owner = 'owner-1';
const survey = 'survey-1';

const batchOf = (n: number, surveyId = survey, userId = owner): RequestBatchRecord =>
  sampleBatch(n, { userId, surveyId, source: n % 2 === 0 ? 'hook' : 'upload' });

async function storeWith(count: number) {
  const store = new MemoryReviewRequestStore();
  for (let n = 1; n <= count; n++) await store.createBatch(batchOf(n), []);
  // Another survey's and another owner's batches never show in the pages.
  await store.createBatch(batchOf(100, 'survey-2'), []);
  await store.createBatch(batchOf(101, survey, 'owner-2'), []);
  return store;
}

describe('the in-memory twin’s batch pages', () => {
  it('pages newest first as the table does: 45 batches are 20, 20 and 5, the last without a cursor', async () => {
    const store = await storeWith(45);
    const pages = [];
    let cursor: string | undefined;
    do {
      const page = await store.pageBatches(owner, survey, cursor, 20);
      pages.push(page.items.map((b) => Number(b.id.slice(-12))));
      cursor = page.next ?? undefined;
    } while (cursor);
    expect(pages.map((p) => p.length)).toEqual([20, 20, 5]);
    expect(pages.flat()).toEqual(Array.from({ length: 45 }, (_, i) => 45 - i));
    // Every batch keeps where it came from.
    expect((await store.pageBatches(owner, survey, undefined, 2)).items.map((b) => b.source)).toEqual([
      'upload',
      'hook',
    ]);
    // The export and the survey's deletion still see all of them.
    expect(await store.listBatchesBySurvey(owner, survey)).toHaveLength(45);
  });

  it('says a full last page is the last, and answers an empty survey with no cursor', async () => {
    const store = await storeWith(20);
    expect((await store.pageBatches(owner, survey, undefined, 20)).next).toBeNull();
    expect(await store.pageBatches(owner, 'survey-empty', undefined, 20)).toEqual({ items: [], next: null });
  });

  it('refuses a cursor that is not a position in this owner’s survey', async () => {
    const store = await storeWith(3);
    const page = (cursor: string) => store.pageBatches(owner, survey, cursor, 20);
    for (const cursor of [
      'not a cursor',
      Buffer.from('[1]').toString('base64url'),
      batchCursorOf('owner-2', survey, batchOf(3).id),
      batchCursorOf(owner, 'survey-2', batchOf(3).id),
      Buffer.from(JSON.stringify({ pk: `USER#${owner}`, sk: `REQBATCH#${survey}#x`, extra: 1 })).toString('base64url'),
    ])
      await expect(page(cursor), cursor).rejects.toBeInstanceOf(InvalidBatchCursorError);
    expect((await page(batchCursorOf(owner, survey, batchOf(3).id))).items.map((b) => b.id)).toEqual([
      batchOf(2).id,
      batchOf(1).id,
    ]);
  });
});

describeRequestQueueContract('in memory', () => new MemoryReviewRequestStore());
describeSendingHealthContract('in memory', () => new MemoryReviewRequestStore());
