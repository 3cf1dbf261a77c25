import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';
import { languages, type Profile, type ProfileUpdate } from '@reviewroute/shared';
import type { Entities } from './entities';
import { transactWhileBusy } from './busy-retry';
import { epochSeconds, tombstoneAbsent, tombstoneRefused } from './erasure-repository';
import { AccountErasedError } from '../lib/erasure-guard';
import { splitChanges } from './survey-repository';
import { tableService } from './table-service';

export interface ProfileRepository {
  get(userId: string): Promise<Profile | undefined>;
  /**
   * Creates the profile on first use. Without `updatedAt` the profile's own `updatedAt` stays as it is: recording
   * the interface language is not the owner saving their profile (which ends its prefill).
   */
  update(userId: string, changes: ProfileUpdate, updatedAt?: string): Promise<Profile>;
  /**
   * Prefills a profile the owner never saved with what the wizard already knows (owner name, business name,
   * industry): fields only, no `updatedAt`, and nothing at all once the profile was saved. Idempotent.
   */
  prefill(userId: string, values: Pick<ProfileUpdate, 'fullName' | 'businessName' | 'businessIndustry'>): Promise<void>;
  /** The account erasure's. Idempotent. */
  deleteByOwner(userId: string): Promise<void>;
}

const toProfile = (item: EntityItem<Entities['profile']>): Profile => ({
  userId: item.userId,
  fullName: item.fullName ?? '',
  businessName: item.businessName ?? '',
  businessIndustry: item.businessIndustry ?? '',
  phone: item.phone ?? '',
  businessAddress: item.businessAddress ?? '',
  vatNumber: item.vatNumber ?? '',
  surveyUrlCopied: item.surveyUrlCopied ?? false,
  language: item.language ?? null,
  updatedAt: item.updatedAt ?? null,
});

/** `clock`: the time the tombstone condition of its upserts is evaluated at (ms). */
export function createDynamoProfileRepository(
  entitiesOf: () => Entities,
  clock: () => number = Date.now,
): ProfileRepository {
  return {
    async get(userId) {
      const { data } = await entitiesOf().profile.get({ userId }).go();
      return data ? toProfile(data) : undefined;
    },

    async update(userId, changes, updatedAt) {
      const { set, remove } = splitChanges(changes);
      // upsert semantics: an update creates the profile on first use (the spec's "upsert profiles"), so it
      // carries the owner's tombstone as a condition: it never brings back an erased account's profile.
      const { service } = entitiesOf();
      const reasons = await transactWhileBusy(`Updating the profile`, () =>
        service.transaction
          .write((tx) => {
            const update = tx.profile.update({ userId }).set({ ...set, ...(updatedAt ? { updatedAt } : {}) });
            return [
              (remove.length ? update.remove(remove) : update).commit(),
              tombstoneAbsent(userId, epochSeconds(clock))(tx),
            ];
          })
          .go(),
      );
      if (reasons && tombstoneRefused(reasons)) throw new AccountErasedError('Updating the profile');
      if (reasons) throw new Error(`Updating the profile was refused: ${reasons.map((r) => r.code).join(', ')}`);
      // A transaction returns nothing: read what it wrote (consistent, the owner sees their own write).
      const { data } = await entitiesOf().profile.get({ userId }).go({ consistent: true });
      return toProfile({ ...data, userId } as EntityItem<Entities['profile']>);
    },

    async prefill(userId, values) {
      const present = Object.fromEntries(Object.entries(values).filter(([, value]) => value));
      if (Object.keys(present).length === 0) return;
      const { service } = entitiesOf();
      const reasons = await transactWhileBusy(`Prefilling the profile`, () =>
        service.transaction
          .write((tx) => [
            tx.profile
              .update({ userId })
              // Each field only where it is absent: a profile prefilled before keeps its values.
              .data((attr, op) => {
                for (const [name, value] of Object.entries(present))
                  op.ifNotExists(attr[name as 'fullName' | 'businessName' | 'businessIndustry'], value as string);
              })
              .where((attr, op) => op.notExists(attr.updatedAt))
              .commit(),
            tombstoneAbsent(userId, epochSeconds(clock))(tx),
          ])
          .go(),
      );
      if (reasons && tombstoneRefused(reasons)) throw new AccountErasedError('Prefilling the profile');
      // The profile's own condition failing means: saved by the owner already, their own values stay.
      if (reasons && reasons[0]?.code !== 'ConditionalCheckFailed')
        throw new Error(`Prefilling the profile was refused: ${reasons.map((r) => r.code).join(', ')}`);
    },

    async deleteByOwner(userId) {
      await entitiesOf().profile.delete({ userId }).go({ response: 'none' });
    },
  };
}

/** This module's entities on the one table (`entities.ts` gathers every owner's into the one electrodb Service). */
export function profileEntities(config: EntityConfiguration) {
  /** The owner's profile, in the owner's partition beside their surveys. */
  const profile = new Entity(
    {
      model: { entity: 'profile', version: '1', service: tableService },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        fullName: { type: 'string' },
        businessName: { type: 'string' },
        businessIndustry: { type: 'string' },
        phone: { type: 'string' },
        businessAddress: { type: 'string' },
        // Normalized by the shared schema ("NL123456789B01"); copied onto each invoice as it is issued.
        vatNumber: { type: 'string' },
        surveyUrlCopied: { type: 'boolean' },
        // The interface language the owner last used, for their mails (shared profileSchema).
        language: { type: [...languages] },
        updatedAt: { type: 'string' },
      },
      indexes: {
        byUser: {
          pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'PROFILE', casing: 'none' },
        },
      },
    },
    config,
  );
  return { profile };
}
