import { emptyProfile, type Profile, type ProfileUpdate } from '@reviewroute/shared';
import type { OwnerLocaleWriter } from '../../data/owner-contacts';
import type { ProfileRepository } from '../../data/profile-repository';
import { logger } from '../../lib/logger';

/**
 * The owner's profile (spec 3), the onboarding URL-copied flag (decisions 9) and the interface language the
 * owner last used (their mails' language, decisions 23).
 */
export function createProfileService(deps: {
  profiles: ProfileRepository;
  /** Mirrors a recorded language into Cognito's `locale` (for the mails Cognito's triggers send). */
  writeLocale?: OwnerLocaleWriter;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    /** A profile that was never saved reads as empty (the spec ignores the "no row" case). */
    async get(userId: string): Promise<Profile> {
      return (await deps.profiles.get(userId)) ?? emptyProfile(userId);
    },

    async update(userId: string, changes: ProfileUpdate): Promise<Profile> {
      const { language, ...saved } = changes;
      // The app records the language by itself; only the owner's own fields make the profile "saved".
      const ownChange = Object.values(saved).some((value) => value !== undefined);
      const profile = await deps.profiles.update(userId, changes, ownChange ? now().toISOString() : undefined);
      if (language && deps.writeLocale) {
        // The profile holds the choice and the owner mails read it there; a failed mirror only leaves Cognito's
        // own mails in the language of sign-up, so it is logged, not answered as an error.
        await deps.writeLocale(userId, language).catch((error: unknown) => {
          logger.warn('Cognito’s locale could not follow the recorded language', { error: String(error) });
        });
      }
      return profile;
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
