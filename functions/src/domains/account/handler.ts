import { ApiError } from '../../lib/api-error';
import { createDomainHandler } from '../../lib/http';
import { createDynamoProfileRepository } from '../../data/profile-repository';
import { createProfileService, type ProfileService } from './profile-service';
import { describeOwner } from './service';

/** The account API; the profile service is built on first use. */
export function createAccountHandler(profilesOf: () => ProfileService) {
  return createDomainHandler('account', {
    me: ({ owner }) => ({ body: describeOwner(owner!) }),
    'get-profile': async ({ owner }) => ({ body: await profilesOf().get(owner!.userId) }),
    'update-profile': async ({ owner, body }) => ({ body: await profilesOf().update(owner!.userId, body) }),
    // Placeholder until the dashboard's account summary is implemented.
    'get-account': () => {
      throw new ApiError('NOT_FOUND');
    },
  });
}

let profiles: ProfileService | undefined;

export const handler = createAccountHandler(
  () => (profiles ??= createProfileService({ profiles: createDynamoProfileRepository() })),
);
