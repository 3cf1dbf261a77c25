import { Entity, type EntityConfiguration } from 'electrodb';
import { emptySendingHealth, sendingChannels, type SendingChannel, type SendingHealthState } from '@reviewroute/shared';
import { isConditionalCheckFailure } from './conditional-check';
import type { Entities } from './entities';
import { tableService } from './table-service';

/**
 * The owner's sending health per channel (the owning module of its item): the last 200 sends and what came back
 * about them, and whether the channel is paused (decisions 26; the rule is `applySendingEvent` in shared). One
 * small item per owner and channel, read and written whole under a version condition: a send or an SES event
 * costs one read and one write, whatever the owner's volume. A pause to tell the owner of waits as a due item for
 * the pause-notices worker.
 */

export interface SendingHealthChange {
  before: SendingHealthState;
  after: SendingHealthState;
}

/** A pause the owner has not been told of yet (the pause-notices worker's). */
export interface DuePauseNotice {
  userId: string;
  channel: SendingChannel;
  pausedAt: string;
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
  /**
   * The owner is to be told of this pause: the workers that pause an owner may not send owner mail (the requests
   * worker sends only as the requests' sender), so the pause-notices worker does. Writing it again changes nothing.
   */
  queuePauseNotice(notice: DuePauseNotice): Promise<void>;
  /** The notices not sent yet, oldest pause first, at most `limit` (one partition: one query). */
  duePauseNotices(limit: number): Promise<DuePauseNotice[]>;
  /** Takes the notice off the list: true for the one call that found it there (so each is sent at most once). */
  takePauseNotice(notice: Pick<DuePauseNotice, 'userId' | 'channel'>): Promise<boolean>;
}

/** Concurrent writers of one owner's item (a run's parallel sends, an SES event) retry this often at most. */
const maxAttempts = 20;

/**
 * A pause of random length before a writer that lost the race reads again: a run's parallel sends otherwise retry
 * in lockstep, one winner a round, and the last of them runs out of tries (its batch step failing for a counter).
 */
const backOff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 2 ** attempt)));

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
          await backOff(attempt);
        }
      }
    },

    async queuePauseNotice(notice) {
      await entitiesOf().pauseNoticeDue.put(notice).go();
    },

    async duePauseNotices(limit) {
      const { data } = await entitiesOf().pauseNoticeDue.query.due({}).go({ limit, consistent: true });
      return data
        .map((n) => ({ userId: n.userId, channel: n.channel, pausedAt: n.pausedAt }))
        .sort((a, b) => (a.pausedAt < b.pausedAt ? -1 : 1));
    },

    async takePauseNotice({ userId, channel }) {
      try {
        await entitiesOf()
          .pauseNoticeDue.delete({ userId, channel })
          .where((attr, op) => op.exists(attr.pausedAt))
          .go();
        return true;
      } catch (error) {
        if (isConditionalCheckFailure(error)) return false;
        throw error;
      }
    },
  };
}

/** The owner's items of every channel (the account erasure's). Idempotent. */
export async function deleteSendingHealthOf(entitiesOf: () => Entities, userId: string): Promise<void> {
  for (const channel of sendingChannels) {
    await entitiesOf().sendingHealth.delete({ userId, channel }).go();
    await entitiesOf().pauseNoticeDue.delete({ userId, channel }).go();
  }
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
  /**
   * A pause whose owner is not told yet, in one partition of its own (few at any time), so the pause-notices
   * worker finds them with one query. No owner data but the id; taken (deleted) when the notice goes out.
   */
  const pauseNoticeDue = new Entity(
    {
      model: { entity: 'pauseNoticeDue', version: '1', service: tableService },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        channel: { type: [...sendingChannels], required: true, readOnly: true },
        pausedAt: { type: 'string', required: true },
      },
      indexes: {
        due: {
          pk: { field: 'pk', composite: [], template: 'PAUSE-NOTICES', casing: 'none' },
          sk: { field: 'sk', composite: ['userId', 'channel'], template: 'OWNER#${userId}#${channel}', casing: 'none' },
        },
      },
    },
    config,
  );
  return { sendingHealth, pauseNoticeDue };
}
