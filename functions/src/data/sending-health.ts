import { Entity, type EntityConfiguration } from 'electrodb';
import { emptySendingHealth, sendingChannels, type SendingChannel, type SendingHealthState } from '@reviewroute/shared';
import { isConditionalCheckFailure } from './conditional-check';
import type { Entities } from './entities';
import { tableService } from './table-service';

/**
 * The owner's sending health per channel (the owning module of its item): the last 200 sends and what came back
 * about them, and whether the channel is paused (decisions 26; the rule is `applySendingEvent` in shared). One
 * small item per owner and channel, read and written whole under a version condition: a send or an SES event
 * costs one read and one write, whatever the owner's volume.
 */

export interface SendingHealthChange {
  before: SendingHealthState;
  after: SendingHealthState;
}

export interface SendingHealthStore {
  /** The channel's state (nothing sent yet: the empty state). */
  getSendingHealth(userId: string, channel: SendingChannel): Promise<SendingHealthState>;
  /**
   * Applies `change` to the current state and writes the result if no other write came in between (else reads
   * again and re-applies it): the state before and after. A change that returns its input writes nothing.
   */
  updateSendingHealth(
    userId: string,
    channel: SendingChannel,
    change: (state: SendingHealthState) => SendingHealthState,
  ): Promise<SendingHealthChange>;
}

/** Concurrent writers of one owner's item (a run's parallel sends, an SES event) retry this often at most. */
const maxAttempts = 20;

type Stored = SendingHealthState & { version: number };

export function createDynamoSendingHealth(entitiesOf: () => Entities): SendingHealthStore {
  async function read(userId: string, channel: SendingChannel): Promise<Stored> {
    const { data } = await entitiesOf().sendingHealth.get({ userId, channel }).go({ consistent: true });
    if (!data) return { ...emptySendingHealth, version: 0 };
    return {
      recent: data.recent ?? '',
      pausedAt: data.pausedAt ?? null,
      pauses: data.pauses ?? 0,
      pause: data.pauseCause
        ? {
            cause: data.pauseCause,
            sends: data.pauseSends ?? 0,
            failed: data.pauseFailed ?? 0,
            complained: data.pauseComplained ?? 0,
          }
        : null,
      resumedAt: data.resumedAt ?? null,
      version: data.version,
    };
  }

  return {
    async getSendingHealth(userId, channel) {
      const { version: _version, ...state } = await read(userId, channel);
      return state;
    },

    async updateSendingHealth(userId, channel, change) {
      for (let attempt = 1; ; attempt++) {
        const { version, ...before } = await read(userId, channel);
        const after = change(before);
        if (after === before) return { before, after };
        try {
          await entitiesOf()
            .sendingHealth.put({
              userId,
              channel,
              version: version + 1,
              // Empty strings are never stored (entities.ts): an absent window reads as empty.
              recent: after.recent || undefined,
              pausedAt: after.pausedAt ?? undefined,
              pauses: after.pauses,
              pauseCause: after.pause?.cause,
              pauseSends: after.pause?.sends,
              pauseFailed: after.pause?.failed,
              pauseComplained: after.pause?.complained,
              resumedAt: after.resumedAt ?? undefined,
            })
            .where((attr, op) => (version === 0 ? op.notExists(attr.version) : op.eq(attr.version, version)))
            .go();
          return { before, after };
        } catch (error) {
          if (!isConditionalCheckFailure(error) || attempt >= maxAttempts) throw error;
        }
      }
    },
  };
}

/** The owner's items of every channel (the account erasure's). Idempotent. */
export async function deleteSendingHealthOf(entitiesOf: () => Entities, userId: string): Promise<void> {
  for (const channel of sendingChannels) await entitiesOf().sendingHealth.delete({ userId, channel }).go();
}

/** This module's entities on the one table (`entities.ts` gathers every owner's into the one electrodb Service). */
export function sendingHealthEntities(config: EntityConfiguration) {
  /** An owner's channel: its last sends (`.`, `f`ailed, `c`omplained, oldest first), its pause and resume. */
  const sendingHealth = new Entity(
    {
      model: { entity: 'sendingHealth', version: '1', service: tableService },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        channel: { type: [...sendingChannels], required: true, readOnly: true },
        version: { type: 'number', required: true },
        recent: { type: 'string' },
        pausedAt: { type: 'string' },
        pauses: { type: 'number' },
        pauseCause: { type: ['failed', 'complained'] as const },
        pauseSends: { type: 'number' },
        pauseFailed: { type: 'number' },
        pauseComplained: { type: 'number' },
        resumedAt: { type: 'string' },
      },
      indexes: {
        byOwner: {
          pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}', casing: 'none' },
          sk: { field: 'sk', composite: ['channel'], template: 'SENDHEALTH#${channel}', casing: 'none' },
        },
      },
    },
    config,
  );
  return { sendingHealth };
}
