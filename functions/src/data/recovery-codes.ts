import { createHash } from 'node:crypto';
import { Entity, type EntityConfiguration } from 'electrodb';
import { transactWhileBusy } from './busy-retry';
import type { Entities } from './entities';
import { isConditionalCheckFailure } from './conditional-check';
import { epochSeconds, tombstoneAbsent, tombstoneRefused } from './erasure-repository';
import { AccountErasedError } from '../lib/erasure-guard';
import { tableService } from './table-service';

/**
 * The owning module of an owner's recovery codes of two-step verification: one item per owner with the SHA-256
 * of each unused code (never the code itself), so a copy of the table signs nobody in. A code is used up by one
 * conditional update that removes its hash, so two requests with the same code cannot both pass.
 */

/** How a code is kept: SHA-256 of the owner's id and the normalised code (ten random characters, ~49 bits). */
export const recoveryCodeHash = (userId: string, code: string): string =>
  createHash('sha256').update(`${userId}\n${code}`).digest('hex');

/** What is known of an owner's set without its codes. */
export interface RecoveryCodeSet {
  remaining: number;
  createdAt: string;
}

export interface RecoveryCodeStore {
  /** Replaces the owner's set with these codes (hashed here); refused for an erased account (AccountErasedError). */
  replace(userId: string, codes: readonly string[], createdAt: string): Promise<void>;
  /** Uses one code up: true when it was an unused code of the owner's set (it is gone now), else false. */
  consume(userId: string, code: string): Promise<boolean>;
  /** The owner's set, undefined when there is none. */
  get(userId: string): Promise<RecoveryCodeSet | undefined>;
  /** Removes the owner's set (two-step verification turned off, the account erased). Idempotent. */
  deleteByOwner(userId: string): Promise<void>;
}

export function createDynamoRecoveryCodeStore(
  entitiesOf: () => Entities,
  clock: () => number = Date.now,
): RecoveryCodeStore {
  return {
    async replace(userId, codes, createdAt) {
      const { service } = entitiesOf();
      const hashes = codes.map((code) => recoveryCodeHash(userId, code));
      const reasons = await transactWhileBusy('Replacing recovery codes', () =>
        service.transaction
          .write((tx) => [
            tx.recoveryCodes.put({ userId, hashes, createdAt }).commit(),
            tombstoneAbsent(userId, epochSeconds(clock))(tx),
          ])
          .go(),
      );
      if (reasons && tombstoneRefused(reasons)) throw new AccountErasedError('Replacing recovery codes');
      if (reasons) throw new Error(`Replacing recovery codes was refused: ${reasons.map((r) => r.code).join(', ')}`);
    },

    async consume(userId, code) {
      const hash = recoveryCodeHash(userId, code);
      try {
        await entitiesOf()
          .recoveryCodes.update({ userId })
          .delete({ hashes: [hash] })
          .where((attr, op) => op.contains(attr.hashes, hash))
          .go({ response: 'none' });
        return true;
      } catch (error) {
        if (isConditionalCheckFailure(error)) return false;
        throw error;
      }
    },

    async get(userId) {
      const { data } = await entitiesOf().recoveryCodes.get({ userId }).go({ consistent: true });
      if (!data) return undefined;
      return { remaining: data.hashes?.length ?? 0, createdAt: data.createdAt };
    },

    async deleteByOwner(userId) {
      await entitiesOf().recoveryCodes.delete({ userId }).go({ response: 'none' });
    },
  };
}

/** This module's entities on the one table (`entities.ts` gathers every owner's into the one electrodb Service). */
export function recoveryCodeEntities(config: EntityConfiguration) {
  /**
   * An owner's unused recovery codes, as hashes in a string set (DynamoDB drops the attribute when the last one is
   * used), in the owner's partition beside the profile.
   */
  const recoveryCodes = new Entity(
    {
      model: { entity: 'recoveryCodes', version: '1', service: tableService },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        hashes: { type: 'set', items: 'string' },
        createdAt: { type: 'string', required: true },
      },
      indexes: {
        byOwner: {
          pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'RECOVERY-CODES', casing: 'none' },
        },
      },
    },
    config,
  );
  return { recoveryCodes };
}
