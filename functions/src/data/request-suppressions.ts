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
 * The suppression lists (the owning module of their entries): addresses the owner's review requests never go to
 * again (unsubscribed, bounced, complained), each by a hash of the address; and the platform's list (decisions
 * 26): an address that hard-bounced or complained about any owner's request gets no owner's request again. The
 * platform's entries belong to no owner, so they outlive every account (no erasure reaches them). Every mail's
 * claim checks both in its own transaction (`notSuppressed`, `notPlatformSuppressed`, request-claims.ts).
 */

/** How an address is keyed (suppressions, contact marks): SHA-256 of its trimmed lower-case form, never the address. */
export const addressHashOf = (email: string): string =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/**
 * The platform list's key for an address: a domain-separated hash of its owner-list hash (so the same address
 * never has the same key on both lists, and no list's key is the plain SHA-256 of the address's other uses).
 */
export const platformHashOf = (addressHash: string): string =>
  createHash('sha256').update(`reviewroute/platform-suppression/v1\0${addressHash}`).digest('hex');

/** What puts an address on the platform's list: a hard bounce or a complaint (an unsubscribe is the owner's). */
export type PlatformSuppressionReason = Exclude<SuppressionReason, 'unsubscribed'>;

export interface SuppressionStore {
  /**
   * The suppressions among these address hashes: the owner's, and the platform's for every owner (the owner's
   * reason shown where both hold one).
   */
  suppressionsOf(userId: string, hashes: readonly string[]): Promise<Map<string, SuppressionReason>>;
  /** Puts the address on the owner's suppression list (a hash of it); an existing entry keeps its first reason. */
  suppress(userId: string, email: string, reason: SuppressionReason, at: string): Promise<void>;
  /** Puts the address on the platform's list (a hash of it), for every owner; an entry keeps its first reason. */
  suppressForAll(email: string, reason: PlatformSuppressionReason, at: string): Promise<void>;
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

/** A claim's check, as an item of its transaction: the address is not on the platform's list. */
export const notPlatformSuppressed = (
  { platformSuppression }: Pick<TransactionEntities, 'platformSuppression'>,
  addressHash: string,
) =>
  platformSuppression
    .check({ platformHash: platformHashOf(addressHash) })
    .where((attr, op) => op.notExists(attr.reason))
    .commit();

/** A create that finds its item there already changes nothing (the first reason stays). */
async function createOnce(create: () => Promise<unknown>): Promise<void> {
  try {
    await create();
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}

/**
 * BatchGetItem calls of one look-up in flight at once: an upload of 5,000 customers asks both lists for each address
 * (100 keys a call), which one call after the other would add seconds to the upload.
 */
const batchGetConcurrency = 8;

export function createDynamoSuppressions(entitiesOf: () => Entities): SuppressionStore {
  return {
    async suppressionsOf(userId, hashes) {
      const unique = [...new Set(hashes)];
      if (unique.length === 0) return new Map();
      const { suppression, platformSuppression } = entitiesOf();
      const byPlatformHash = new Map(unique.map((hash) => [platformHashOf(hash), hash]));
      const [own, platform] = await Promise.all([
        suppression
          .get(unique.map((addressHash) => ({ userId, addressHash })))
          .go({ consistent: true, concurrency: batchGetConcurrency }),
        platformSuppression
          .get([...byPlatformHash.keys()].map((platformHash) => ({ platformHash })))
          .go({ consistent: true, concurrency: batchGetConcurrency }),
      ]);
      const found = new Map<string, SuppressionReason>();
      for (const p of platform.data) found.set(byPlatformHash.get(p.platformHash)!, p.reason);
      for (const s of own.data) found.set(s.addressHash, s.reason);
      return found;
    },

    async suppress(userId, email, reason, at) {
      await createOnce(() =>
        entitiesOf()
          .suppression.create({ userId, addressHash: addressHashOf(email), reason, createdAt: at })
          .go(),
      );
    },

    async suppressForAll(email, reason, at) {
      await createOnce(() =>
        entitiesOf()
          .platformSuppression.create({ platformHash: platformHashOf(addressHashOf(email)), reason, createdAt: at })
          .go(),
      );
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
  /**
   * An address no owner's request goes to again (a hard bounce or a complaint about any owner's), by a hash of
   * it, in a partition of its own: no owner's, so no erasure deletes it.
   */
  const platformSuppression = new Entity(
    {
      model: { entity: 'platformSuppression', version: '1', service: tableService },
      attributes: {
        platformHash: { type: 'string', required: true, readOnly: true },
        reason: { type: ['bounced', 'complaint'] as const, required: true },
        createdAt: { type: 'string', required: true },
      },
      indexes: {
        byHash: {
          pk: { field: 'pk', composite: ['platformHash'], template: 'BLOCKED#${platformHash}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'PLATFORM', casing: 'none' },
        },
      },
    },
    config,
  );
  return { suppression, platformSuppression };
}
