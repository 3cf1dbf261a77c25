import { Entity, type EntityConfiguration } from 'electrodb';
import { textsWhenSpentChoices, type TextsWhenSpent } from '@reviewroute/shared';
import { isConditionalCheckFailure } from './conditional-check';
import type { Entities } from './entities';
import { tableService } from './table-service';
import type { TransactionEntities } from './transaction';

/**
 * The owner's monthly text allowance (decisions 25; the owning module of the month's count and of the owner's
 * request settings): each text's claim counts one in the owner's item of the calendar month (UTC), in the claim's
 * own transaction and under the plan's allowance, so no retry, overlap or crash texts past it. The owner's choice
 * when it is spent (wait for next month, or e-mail whoever has an address) is kept beside it.
 */

/** The calendar month (UTC) a moment counts in: `2026-11`. */
export const textMonthOf = (iso: string): string => iso.slice(0, 7);

/** The first moment of the month after `month` (ISO), when a spent allowance is whole again. */
export function nextTextMonthStart(month: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, mon, 1)).toISOString();
}

/** A month's count outlives its month by two (TTL): the requests page reads only the current one. */
const monthCountExpiry = (month: string) => Math.floor(Date.parse(nextTextMonthStart(month)) / 1000) + 62 * 24 * 3600;

/** A text's count, as an item of its claim's transaction: one more in the month, below the plan's allowance. */
export const countText = (
  { textMonthCount }: Pick<TransactionEntities, 'textMonthCount'>,
  userId: string,
  month: string,
  allowance: number,
) =>
  textMonthCount
    .update({ userId, month })
    .add({ count: 1 })
    .set({ expiresAt: monthCountExpiry(month) })
    .where((attr, op) => `${op.notExists(attr.count)} OR ${op.lt(attr.count, allowance)}`)
    .commit();

export interface RequestSettings {
  textsWhenSpent: TextsWhenSpent;
}

export const defaultRequestSettings: RequestSettings = { textsWhenSpent: 'wait' };

export interface TextAllowanceStore {
  /** Texts the owner's claims counted in the month. */
  textsUsed(userId: string, month: string): Promise<number>;
  /** Gives a text's count back (its send did not happen). */
  giveBackText(userId: string, month: string): Promise<void>;
  getRequestSettings(userId: string): Promise<RequestSettings>;
  setRequestSettings(userId: string, settings: RequestSettings): Promise<RequestSettings>;
  /** The owner's counts and settings (the account erasure's). Idempotent. */
  deleteTextAllowanceOf(userId: string): Promise<void>;
}

export function createDynamoTextAllowance(entitiesOf: () => Entities): TextAllowanceStore {
  return {
    async textsUsed(userId, month) {
      const { data } = await entitiesOf().textMonthCount.get({ userId, month }).go({ consistent: true });
      return data?.count ?? 0;
    },

    async giveBackText(userId, month) {
      await entitiesOf()
        .textMonthCount.update({ userId, month })
        .add({ count: -1 })
        .where((attr, op) => op.gt(attr.count, 0))
        .go({ response: 'none' })
        .catch((error: unknown) => {
          if (!isConditionalCheckFailure(error)) throw error;
        });
    },

    async getRequestSettings(userId) {
      const { data } = await entitiesOf().requestSettings.get({ userId }).go();
      return { textsWhenSpent: data?.textsWhenSpent ?? defaultRequestSettings.textsWhenSpent };
    },

    async setRequestSettings(userId, settings) {
      await entitiesOf()
        .requestSettings.put({ userId, ...settings })
        .go({ response: 'none' });
      return settings;
    },

    async deleteTextAllowanceOf(userId) {
      const { textMonthCount, requestSettings } = entitiesOf();
      const { data } = await textMonthCount.query.byOwner({ userId }).go({ pages: 'all', attributes: ['month'] });
      for (const { month } of data) await textMonthCount.delete({ userId, month }).go();
      await requestSettings.delete({ userId }).go();
    },
  };
}

/** This module's entities on the one table (`entities.ts` gathers every owner's into the one electrodb Service). */
export function textAllowanceEntities(config: EntityConfiguration) {
  /** Texts an owner's claims counted in one calendar month (UTC), in the owner's partition. */
  const textMonthCount = new Entity(
    {
      model: { entity: 'textMonthCount', version: '1', service: tableService },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        month: { type: 'string', required: true, readOnly: true },
        count: { type: 'number' },
        expiresAt: { type: 'number' },
      },
      indexes: {
        byOwner: {
          pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}', casing: 'none' },
          sk: { field: 'sk', composite: ['month'], template: 'TEXTCOUNT#${month}', casing: 'none' },
        },
      },
    },
    config,
  );

  /** The owner's review-request settings: what texts do once the month's allowance is spent. */
  const requestSettings = new Entity(
    {
      model: { entity: 'requestSettings', version: '1', service: tableService },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        textsWhenSpent: { type: [...textsWhenSpentChoices], required: true },
      },
      indexes: {
        byOwner: {
          pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'REQSETTINGS', casing: 'none' },
        },
      },
    },
    config,
  );
  return { textMonthCount, requestSettings };
}
