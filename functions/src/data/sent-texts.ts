import { Entity, type EntityConfiguration } from 'electrodb';
import type { Entities } from './entities';
import { retentionExpiry } from './request-recipients';
import { tableService } from './table-service';

/**
 * The review-request texts by End User Messaging's message id (the owning module of their items): which request
 * each text was, nothing of the customer, so a STOP reply (which names only the text it answers) finds the
 * request and its owner. Written by the text-events worker from the text's first delivery event (its Context names
 * the request); expires (TTL) with its request's data.
 */

export interface SentTextRecord {
  batchId: string;
  recipientId: string;
}

export interface SentTextStore {
  /** Records a text's request; the same again is a no-op (every delivery event of the text records it). */
  putSentText(messageId: string, request: SentTextRecord, at: string): Promise<void>;
  getSentText(messageId: string): Promise<SentTextRecord | undefined>;
}

export function createDynamoSentTexts(entitiesOf: () => Entities): SentTextStore {
  return {
    async putSentText(messageId, request, at) {
      await entitiesOf()
        .sentText.put({ messageId, ...request, expiresAt: retentionExpiry(at) })
        .go({ response: 'none' });
    },

    async getSentText(messageId) {
      const { data } = await entitiesOf().sentText.get({ messageId }).go();
      return data ? { batchId: data.batchId, recipientId: data.recipientId } : undefined;
    },
  };
}

/** This module's entities on the one table (`entities.ts` gathers every owner's into the one electrodb Service). */
export function sentTextEntities(config: EntityConfiguration) {
  /** One sent text, in its own partition (`SENTTEXT#{messageId}`): one GetItem traces a reply to its request. */
  const sentText = new Entity(
    {
      model: { entity: 'sentText', version: '1', service: tableService },
      attributes: {
        messageId: { type: 'string', required: true, readOnly: true },
        batchId: { type: 'string', required: true },
        recipientId: { type: 'string', required: true },
        /** Epoch seconds: the table's TTL deletes it with its request's data. */
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        byMessage: {
          pk: { field: 'pk', composite: ['messageId'], template: 'SENTTEXT#${messageId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'SENTTEXT', casing: 'none' },
        },
      },
    },
    config,
  );
  return { sentText };
}
