import { Entity, type EntityConfiguration } from 'electrodb';
import { isConditionalCheckFailure } from './conditional-check';
import type { Entities } from './entities';
import { tableService } from './table-service';
import type { TransactionEntities } from './transaction';

/**
 * The review requests' send queue (the owning module of the queue entries): a batch with requests left to send,
 * and when the requests worker looks at it next. Entered in the batch's scheduling transaction
 * (`enqueueBatch`, request-batches.ts); the worker reschedules and dequeues it.
 */

/** A batch with requests left to send, and when the worker looks at it next. */
export interface DueBatch {
  batchId: string;
  userId: string;
  surveyId: string;
  dueAt: string;
}

export interface RequestQueueStore {
  /** Batches due at `now` (ISO), oldest due first, at most `limit`. */
  dueBatches(now: string, limit: number): Promise<DueBatch[]>;
  /** Looks at the batch again at `dueAt`. */
  reschedule(batchId: string, dueAt: string): Promise<void>;
  /** Nothing left to send: the queue entry goes. */
  dequeue(batchId: string): Promise<void>;
}

/** The batch's queue entry as an item of its scheduling transaction. */
export const enqueueBatch = ({ requestQueue }: TransactionEntities, due: DueBatch) => requestQueue.put(due).commit();

export function createDynamoRequestQueue(entitiesOf: () => Entities): RequestQueueStore {
  return {
    async dueBatches(now, limit) {
      const { data } = await entitiesOf().requestQueue.query.byBatch({}).go({ consistent: true, pages: 'all' });
      return data
        .filter((d) => d.dueAt <= now)
        .sort((a, b) => (a.dueAt < b.dueAt ? -1 : 1))
        .slice(0, limit)
        .map((d) => ({ batchId: d.batchId, userId: d.userId, surveyId: d.surveyId, dueAt: d.dueAt }));
    },

    async reschedule(batchId, dueAt) {
      try {
        await entitiesOf().requestQueue.patch({ batchId }).set({ dueAt }).go();
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
      }
    },

    async dequeue(batchId) {
      await entitiesOf().requestQueue.delete({ batchId }).go();
    },
  };
}

/** This module's entities on the one table (`entities.ts` gathers every owner's into the one electrodb Service). */
export function requestQueueEntities(config: EntityConfiguration) {
  /**
   * A batch that still has requests to send, and when the worker should look at it next: one small partition,
   * so the requests worker finds the due batches with one query (like the erasure jobs).
   */
  const requestQueue = new Entity(
    {
      model: { entity: 'requestQueue', version: '1', service: tableService },
      attributes: {
        batchId: { type: 'string', required: true, readOnly: true },
        userId: { type: 'string', required: true, readOnly: true },
        surveyId: { type: 'string', required: true, readOnly: true },
        dueAt: { type: 'string', required: true },
      },
      indexes: {
        byBatch: {
          pk: { field: 'pk', composite: [], template: 'REQUEST-QUEUE', casing: 'none' },
          sk: { field: 'sk', composite: ['batchId'], template: 'BATCH#${batchId}', casing: 'none' },
        },
      },
    },
    config,
  );
  return { requestQueue };
}
