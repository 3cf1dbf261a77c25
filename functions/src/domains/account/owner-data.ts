import { defineOwnerData } from '../../data/owner-data';
import { createDynamoProfileRepository, type ProfileRepository } from '../../data/profile-repository';
import { createDynamoRateLimiter, type RateWindowStore } from '../../data/rate-window';
import { securityRateKey } from './security-service';

/** The owner's profile in the erasure and on the export's first page, and the counted password proofs that name them. */
export const accountOwnerData = defineOwnerData<{
  profiles: Pick<ProfileRepository, 'get' | 'deleteByOwner'>;
  rateLimiter: Pick<RateWindowStore, 'deleteByKey'>;
}>({
  domain: 'account',
  storesOf: (entities) => ({
    profiles: createDynamoProfileRepository(entities),
    rateLimiter: createDynamoRateLimiter(entities),
  }),
  create({ profiles, rateLimiter }) {
    return {
      async eraseOwner(userId) {
        await profiles.deleteByOwner(userId);
        // The counted password proofs (the deletion's own among them) name the user.
        await rateLimiter.deleteByKey(securityRateKey(userId));
      },
      exportSummary: async (userId) => ({ profile: (await profiles.get(userId)) ?? null }),
    };
  },
});
