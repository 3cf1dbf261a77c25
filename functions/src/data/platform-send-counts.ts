import { Entity, type EntityConfiguration } from 'electrodb';
import { sendingChannels, type SendingChannel } from '@reviewroute/shared';
import { isConditionalCheckFailure } from './conditional-check';
import type { Entities } from './entities';
import { tableService } from './table-service';

/**
 * The platform's daily send counts (the owning module of the count item): review requests of all owners together
 * per channel and UTC day, counted by one atomic update per send under the platform's daily cap (decisions 26), so
 * no owner, nor all of them together, can spend the sender's whole day. One small item per channel and day.
 */

/** A channel the platform counts sends of (the sending-health channels: mail and text). */
export type PlatformSendChannel = SendingChannel;

/** What a take found: `taken` with the day's count including it, or refused at the cap (nothing counted). */
export type PlatformTake = { taken: true; count: number } | { taken: false };

export interface PlatformSendCountStore {
  /** One send more on the channel's day, if the day's count is below `cap`. */
  take(channel: PlatformSendChannel, day: string, cap: number): Promise<PlatformTake>;
  /** Gives a take back (its send did not happen). */
  giveBack(channel: PlatformSendChannel, day: string): Promise<void>;
}

/** A day's count outlives its day by one (TTL), so a run at midnight still reads the right one. */
const dayCountExpiry = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 2 * 24 * 3600;

export function createDynamoPlatformSendCounts(entitiesOf: () => Entities): PlatformSendCountStore {
  return {
    async take(channel, day, cap) {
      try {
        const { data } = await entitiesOf()
          .platformSendCount.update({ channel, day })
          .add({ count: 1 })
          .set({ expiresAt: dayCountExpiry(day) })
          .where((attr, op) => `${op.notExists(attr.count)} OR ${op.lt(attr.count, cap)}`)
          .go({ response: 'updated_new' });
        return { taken: true, count: data.count ?? 1 };
      } catch (error) {
        if (isConditionalCheckFailure(error)) return { taken: false };
        throw error;
      }
    },

    async giveBack(channel, day) {
      await entitiesOf()
        .platformSendCount.update({ channel, day })
        .add({ count: -1 })
        .where((attr, op) => op.gt(attr.count, 0))
        .go({ response: 'none' })
        .catch((error: unknown) => {
          if (!isConditionalCheckFailure(error)) throw error;
        });
    },
  };
}

/** This module's entities on the one table (`entities.ts` gathers every owner's into the one electrodb Service). */
export function platformSendCountEntities(config: EntityConfiguration) {
  /** Sends of all owners on one channel and UTC day, in the platform's own partition; expires (TTL) a day after. */
  const platformSendCount = new Entity(
    {
      model: { entity: 'platformSendCount', version: '1', service: tableService },
      attributes: {
        channel: { type: [...sendingChannels], required: true, readOnly: true },
        day: { type: 'string', required: true, readOnly: true },
        count: { type: 'number' },
        expiresAt: { type: 'number' },
      },
      indexes: {
        byDay: {
          pk: { field: 'pk', composite: [], template: 'PLATFORM#SENDS', casing: 'none' },
          sk: { field: 'sk', composite: ['channel', 'day'], template: 'COUNT#${channel}#${day}', casing: 'none' },
        },
      },
    },
    config,
  );
  return { platformSendCount };
}
