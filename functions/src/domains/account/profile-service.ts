import { emptyProfile, type Profile, type ProfileUpdate } from '@reviewroute/shared';
import type { ProfileRepository } from '../../data/repositories';

/** The owner's profile (spec 3) and the onboarding URL-copied flag (decisions 9). */
export function createProfileService(deps: { profiles: ProfileRepository; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    /** A profile that was never saved reads as empty (the spec ignores the "no row" case). */
    async get(userId: string): Promise<Profile> {
      return (await deps.profiles.get(userId)) ?? emptyProfile(userId);
    },

    async update(userId: string, changes: ProfileUpdate): Promise<Profile> {
      return deps.profiles.update(userId, changes, now().toISOString());
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
