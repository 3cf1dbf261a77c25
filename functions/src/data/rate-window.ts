import { Entity, type EntityConfiguration } from 'electrodb';
import { deleteInBatches } from './batch-delete';
import type { Entities } from './entities';
import { isConditionalCheckFailure } from './conditional-check';
import { tableService } from './table-service';

/** At most `limit` events per fixed window of `windowSeconds`. */
export interface RateRule {
  limit: number;
  windowSeconds: number;
}

/**
 * One key's counter in the current fixed window: the `rateWindow` item (`key`, `window`), the limit it
 * may reach, when the item may expire and when the window ends (the 429's Retry-After).
 */
export interface RateSlot {
  key: string;
  /** Epoch second the window starts. */
  window: number;
  limit: number;
  /** Epoch second after which the item may go (a window later: an expiry is never early). */
  expiresAt: number;
  /** Epoch second the window ends: a refused caller may try again then. */
  endsAt: number;
}

/** The slot of `key` under `rule` at `at`. Keys name their own space (`contact:…`, `survey:…`). */
export function rateSlot(key: string, rule: RateRule, at: Date): RateSlot {
  const epoch = Math.floor(at.getTime() / 1000);
  const window = epoch - (epoch % rule.windowSeconds);
  return {
    key,
    window,
    limit: rule.limit,
    endsAt: window + rule.windowSeconds,
    expiresAt: window + 2 * rule.windowSeconds,
  };
}

/** Seconds until the slot's window ends, at least 1. */
export const retryAfterSeconds = (slot: RateSlot, at: Date): number =>
  Math.max(1, slot.endsAt - Math.floor(at.getTime() / 1000));

/** Counts `count` events (default 1) in a slot; false (nothing counted) when they do not all fit in the window. */
export interface RateLimiter {
  consume(slot: RateSlot, count?: number): Promise<boolean>;
}

/** The fixed-window counters (`RATE#{key}/WINDOW#{w}`): this module is the only writer of their items. */
export interface RateWindowStore extends RateLimiter {
  /** Every window of a key (an erased survey's `survey:{id}`). Idempotent. */
  deleteByKey(key: string): Promise<void>;
}

/** The conditional increment of a slot's counter by `count`: only while all of them fit under the limit. */
const incrementSlot = (rateWindow: Entities['rateWindow'], slot: RateSlot, count: number) =>
  rateWindow
    .update({ clientKey: slot.key, window: slot.window })
    .add({ count })
    .set({ expiresAt: slot.expiresAt })
    .where((a, op) => `${op.notExists(a.count)} OR ${op.lte(a.count, slot.limit - count)}`);

/** The limiter on the table: one item per key and window, expiring with it (TTL). */
export function createDynamoRateLimiter(entitiesOf: () => Entities): RateWindowStore {
  return {
    async consume(slot, count = 1) {
      if (count > slot.limit) return false;
      try {
        await incrementSlot(entitiesOf().rateWindow, slot, count).go({ response: 'none' });
        return true;
      } catch (error) {
        if (isConditionalCheckFailure(error)) return false;
        throw error;
      }
    },

    async deleteByKey(clientKey) {
      const { rateWindow } = entitiesOf();
      const { data } = await rateWindow.query
        .byClient({ clientKey })
        .go({ attributes: ['clientKey', 'window'], pages: 'all', consistent: true });
      await deleteInBatches(
        (keys) => rateWindow.delete(keys).go(),
        data.map(({ window }) => ({ clientKey, window })),
        'rate windows',
      );
    },
  };
}
/**
 * A limiter that costs no table write on the common path: this Lambda instance counts each slot in memory
 * first, and only a key past `softShare` of its limit here is counted in the table window too (which then
 * refuses once the table count reaches the limit). One instance alone never lets more than the limit
 * through; a key spread over many instances (each under its soft share) is held by the WAF's edge rules
 * instead (docs/data-model.md "Known limits"). Counts are kept for the newest window only.
 *
 * Past its soft share an instance takes its events from the table in blocks of `limit / blocksPerLimit`
 * (one conditional write each, one at a time per key; a block that no longer fits falls back to single
 * events), not one write per event: a crowd at one code (1,000 customers against a survey limit of 1,200)
 * costs a few dozen writes on one hot item instead of hundreds, each a second round trip inside a submit.
 * A block is counted before it is used, so the table never lags behind what passed: an instance leaves at
 * most one block less than the limit to the others, never more than the limit through. A small limit (a
 * client's 10) has blocks of one: counted exactly as before.
 */
export function createSoftRateLimiter(table: RateLimiter, softShare = 0.5, blocksPerLimit = 50): RateLimiter {
  /** `${window}/${key}` -> events seen here, and how many of those past the soft share the table granted. */
  const counts = new Map<string, { seen: number; granted: number; granting?: Promise<boolean> }>();
  let newest = 0;
  /** One table write at a time per key: the events waiting meanwhile are served by the block it brings. */
  const grant = (entry: { granted: number; granting?: Promise<boolean> }, slot: RateSlot, block: number) =>
    (entry.granting ??= (async () => {
      try {
        const count = block > 1 && (await table.consume(slot, block)) ? block : (await table.consume(slot)) ? 1 : 0;
        entry.granted += count;
        return count > 0;
      } finally {
        entry.granting = undefined;
      }
    })());
  return {
    async consume(slot) {
      if (slot.window > newest) {
        // A new window: the old counts can never matter again.
        newest = slot.window;
        for (const id of [...counts.keys()]) if (Number(id.slice(0, id.indexOf('/'))) < newest) counts.delete(id);
      }
      const id = `${slot.window}/${slot.key}`;
      let entry = counts.get(id);
      if (!entry) counts.set(id, (entry = { seen: 0, granted: 0 }));
      const seen = ++entry.seen;
      if (seen > slot.limit) return false;
      const soft = Math.ceil(slot.limit * softShare);
      if (seen <= soft) return true;
      const block = Math.max(1, Math.floor(slot.limit / blocksPerLimit));
      // The events past the soft share are served in order from what the table granted.
      while (seen - soft > entry.granted) if (!(await grant(entry, slot, block))) return false;
      return true;
    },
  };
}

/** This module's entities on the one table (`entities.ts` gathers every owner's into the one electrodb Service). */
export function rateWindowEntities(config: EntityConfiguration) {
  /** A fixed-window counter of one client's public submits (decisions 14: the key is a salted hash, never an IP). */
  const rateWindow = new Entity(
    {
      model: { entity: 'rateWindow', version: '1', service: tableService },
      attributes: {
        clientKey: { type: 'string', required: true, readOnly: true },
        window: { type: 'number', required: true, readOnly: true },
        count: { type: 'number' },
        expiresAt: { type: 'number' },
      },
      indexes: {
        byClient: {
          pk: { field: 'pk', composite: ['clientKey'], template: 'RATE#${clientKey}', casing: 'none' },
          sk: { field: 'sk', composite: ['window'], template: 'WINDOW#${window}', casing: 'none' },
        },
      },
    },
    config,
  );
  return { rateWindow };
}
