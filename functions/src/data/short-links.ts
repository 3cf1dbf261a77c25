import { Entity, type EntityConfiguration } from 'electrodb';
import type { ShortLinkPurpose } from '../lib/short-link';
import { isConditionalCheckFailure } from './conditional-check';
import type { Entities } from './entities';
import { tableService } from './table-service';

/**
 * The texts' short links (the owning module of their items): each code's SHA-256 names the request it opens and
 * for what (the survey link, or the unsubscribe page), nothing of the customer. Written by the requests worker
 * before the text goes out, read by `GET /r/{code}`; expires (TTL) with its request's data.
 */

export interface ShortLinkRecord {
  purpose: ShortLinkPurpose;
  batchId: string;
  recipientId: string;
}

export interface ShortLinkStore {
  /** Records a code's hash for its request; the same again is a no-op (a resumed send writes it twice). */
  putShortLink(codeHash: string, link: ShortLinkRecord, expiresAt: number): Promise<void>;
  getShortLink(codeHash: string): Promise<ShortLinkRecord | undefined>;
}

export function createDynamoShortLinks(entitiesOf: () => Entities): ShortLinkStore {
  return {
    async putShortLink(codeHash, link, expiresAt) {
      try {
        await entitiesOf()
          .shortLink.put({ codeHash, ...link, expiresAt })
          .where(
            (attr, op) =>
              `${op.notExists(attr.batchId)} OR (${op.eq(attr.batchId, link.batchId)} AND ${op.eq(attr.recipientId, link.recipientId)})`,
          )
          .go({ response: 'none' });
      } catch (error) {
        // Another request's code of the same hash (never in practice): that link keeps its request.
        if (!isConditionalCheckFailure(error)) throw error;
        throw new Error('Short link code already taken by another request');
      }
    },

    async getShortLink(codeHash) {
      const { data } = await entitiesOf().shortLink.get({ codeHash }).go();
      return data ? { purpose: data.purpose, batchId: data.batchId, recipientId: data.recipientId } : undefined;
    },
  };
}

/** This module's entities on the one table (`entities.ts` gathers every owner's into the one electrodb Service). */
export function shortLinkEntities(config: EntityConfiguration) {
  /** One short link, in its own partition (`SHORTLINK#{hash}`): one GetItem resolves it. */
  const shortLink = new Entity(
    {
      model: { entity: 'shortLink', version: '1', service: tableService },
      attributes: {
        codeHash: { type: 'string', required: true, readOnly: true },
        purpose: { type: ['link', 'unsubscribe'] as const, required: true },
        batchId: { type: 'string', required: true },
        recipientId: { type: 'string', required: true },
        /** Epoch seconds: the table's TTL deletes it with its request's data. */
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        byCode: {
          pk: { field: 'pk', composite: ['codeHash'], template: 'SHORTLINK#${codeHash}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'SHORTLINK', casing: 'none' },
        },
      },
    },
    config,
  );
  return { shortLink };
}
