import type { Language } from '@reviewroute/shared';
import type { OwnerContacts } from '../../src/data/owner-contacts';

/** Owners' languages by user id, as Cognito's `locale` would give them. */
export function createOwnerContactsStub(languages: ReadonlyMap<string, Language>): OwnerContacts {
  return {
    async contactOf(userId) {
      const language = languages.get(userId);
      return language ? { email: `${userId}@example.com`, language } : undefined;
    },
  };
}
