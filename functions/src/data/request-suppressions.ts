import { createHash } from 'node:crypto';
import { Entity, type EntityConfiguration } from 'electrodb';
import { suppressionReasons, type SuppressionReason } from '@reviewroute/shared';
import { allPages } from './paging';
import { deleteAll } from './batch-delete';
import { isConditionalCheckFailure } from './conditional-check';
import type { Entities } from './entities';
import { tableService } from './table-service';
import type { TransactionEntities } from './transaction';

/**
 * The owner's suppression list (the owning module of its entries): addresses the owner's review requests never
 * go to again (unsubscribed, bounced, complained), each by a hash of the address. Every mail's claim checks it
 * in its own transaction (`notSuppressed`, request-claims.ts).
 */

/** How an address is keyed (suppressions, contact marks): SHA-256 of its trimmed lower-case form, never the address. */
export const addressHashOf = (email: string): string =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

export interface SuppressionStore {
  /** The owner's suppressions among these address hashes. */
  suppressionsOf(userId: string, hashes: readonly string[]): Promise<Map<string, SuppressionReason>>;
  /** Puts the address on the owner's suppression list (a hash of it); an existing entry keeps its first reason. */
  suppress(userId: string, email: string, reason: SuppressionReason, at: string): Promise<void>;
  listSuppressions(userId: string): Promise<{ addressHash: string; reason: SuppressionReason; createdAt: string }[]>;
}

/** A claim's check, as an item of its transaction: the address is not on the owner's list. */
export const notSuppressed = (
  { suppression }: Pick<TransactionEntities, 'suppression'>,
  userId: string,
  addressHash: string,
) =>
  suppression
    .check({ userId, addressHash })
    .where((attr, op) => op.notExists(attr.reason))
    .commit();

export function createDynamoSuppressions(entitiesOf: () => Entities): SuppressionStore {
  return {
    async suppressionsOf(userId, hashes) {
      const unique = [...new Set(hashes)];
      if (unique.length === 0) return new Map();
      const { data } = await entitiesOf()
        .suppression.get(unique.map((addressHash) => ({ userId, addressHash })))
        .go({ consistent: true });
      return new Map(data.map((s) => [s.addressHash, s.reason]));
    },

    async suppress(userId, email, reason, at) {
      try {
        await entitiesOf()
          .suppression.create({ userId, addressHash: addressHashOf(email), reason, createdAt: at })
          .go();
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
      }
    },

    async listSuppressions(userId) {
      const items = await allPages((cursor) =>
        entitiesOf().suppression.query.byOwner({ userId }).go({ cursor, consistent: true }),
      );
      return items.map((s) => ({ addressHash: s.addressHash, reason: s.reason, createdAt: s.createdAt }));
    },
  };
}

/** The owner's whole list (the account erasure's). Idempotent. */
export async function deleteSuppressionsOf(entitiesOf: () => Entities, userId: string): Promise<void> {
  const { suppression } = entitiesOf();
  const suppressions = await allPages((cursor) =>
    suppression.query.byOwner({ userId }).go({ cursor, consistent: true, attributes: ['addressHash'] }),
  );
  await deleteAll(
    (keys) => suppression.delete(keys).go(),
    suppressions.map((s) => ({ userId, addressHash: s.addressHash })),
    'suppressions',
  );
}

/** This module's entities on the one table (`entities.ts` gathers every owner's into the one electrodb Service). */
export function suppressionEntities(config: EntityConfiguration) {
  /** An address the owner's requests never go to again, and why (a hash of the address, never the address). */
  const suppression = new Entity(
    {
      model: { entity: 'suppression', version: '1', service: tableService },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        addressHash: { type: 'string', required: true, readOnly: true },
        reason: { type: [...suppressionReasons], required: true },
        createdAt: { type: 'string', required: true },
      },
      indexes: {
        byOwner: {
          pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}', casing: 'none' },
          sk: { field: 'sk', composite: ['addressHash'], template: 'SUPPRESSED#${addressHash}', casing: 'none' },
        },
      },
    },
    config,
  );
  return { suppression };
}
