import type { EntityItem } from 'electrodb';
import type { Profile } from '@reviewroute/shared';
import type { Entities } from './entities';
import type { ProfileRepository } from './repositories';
import { isConditionalCheckFailure } from './conditional-check';
import { splitChanges } from './survey-repository';

const toProfile = (item: EntityItem<Entities['profile']>): Profile => ({
  userId: item.userId,
  fullName: item.fullName ?? '',
  businessName: item.businessName ?? '',
  businessIndustry: item.businessIndustry ?? '',
  phone: item.phone ?? '',
  businessAddress: item.businessAddress ?? '',
  surveyUrlCopied: item.surveyUrlCopied ?? false,
  updatedAt: item.updatedAt ?? null,
});

export function createDynamoProfileRepository(entitiesOf: () => Entities): ProfileRepository {
  return {
    async get(userId) {
      const { data } = await entitiesOf().profile.get({ userId }).go();
      return data ? toProfile(data) : undefined;
    },

    async update(userId, changes, updatedAt) {
      const { set, remove } = splitChanges(changes);
      // upsert semantics: an update creates the profile on first use (the spec's "upsert profiles").
      const update = entitiesOf()
        .profile.update({ userId })
        .set({ ...set, updatedAt });
      const { data } = await (remove.length ? update.remove(remove) : update).go({ response: 'all_new' });
      return toProfile({ ...data, userId } as EntityItem<Entities['profile']>);
    },

    async prefill(userId, values) {
      const present = Object.fromEntries(Object.entries(values).filter(([, value]) => value));
      if (Object.keys(present).length === 0) return;
      try {
        await entitiesOf()
          .profile.update({ userId })
          .ifNotExists(present)
          .where(({ updatedAt }, { notExists }) => notExists(updatedAt))
          .go({ response: 'none' });
      } catch (error) {
        // Saved by the owner already: their own values stay.
        if (!isConditionalCheckFailure(error)) throw error;
      }
    },

    async deleteByOwner(userId) {
      await entitiesOf().profile.delete({ userId }).go({ response: 'none' });
    },
  };
}
