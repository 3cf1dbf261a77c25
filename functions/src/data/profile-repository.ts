import type { EntityItem } from 'electrodb';
import type { Profile } from '@reviewroute/shared';
import type { Entities } from './entities';
import type { ProfileRepository } from './repositories';
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

    async deleteByOwner(userId) {
      await entitiesOf().profile.delete({ userId }).go({ response: 'none' });
    },
  };
}
