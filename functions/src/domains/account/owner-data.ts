import { defineOwnerData } from '../../data/owner-data';
import { createDynamoProfileRepository, type ProfileRepository } from '../../data/profile-repository';
import { createDynamoRateLimiter, type RateWindowStore } from '../../data/rate-window';
import { createDynamoRecoveryCodeStore, type RecoveryCodeStore } from '../../data/recovery-codes';
import { securityRateKey } from './security-service';

/**
 * The owner's profile in the erasure and on the export's first page; the counted password proofs that name them and
 * their recovery codes (hashes of secrets, not the owner's data to take away) are erased only.
 */
export const accountOwnerData = defineOwnerData<{
  profiles: Pick<ProfileRepository, 'get' | 'deleteByOwner'>;
  rateLimiter: Pick<RateWindowStore, 'deleteByKey'>;
  recoveryCodes: Pick<RecoveryCodeStore, 'deleteByOwner'>;
}>({
  domain: 'account',
  storesOf: (entities) => ({
    profiles: createDynamoProfileRepository(entities),
    rateLimiter: createDynamoRateLimiter(entities),
    recoveryCodes: createDynamoRecoveryCodeStore(entities),
  }),
  create({ profiles, rateLimiter, recoveryCodes }) {
    return {
      async eraseOwner(userId) {
        await profiles.deleteByOwner(userId);
        // The counted password proofs (the deletion's own among them) name the user.
        await rateLimiter.deleteByKey(securityRateKey(userId));
        await recoveryCodes.deleteByOwner(userId);
      },
      exportSummary: async (userId) => ({ profile: (await profiles.get(userId)) ?? null }),
    };
  },
});
