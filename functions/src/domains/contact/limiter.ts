import type { Entities } from '../../data/entities';
import { createDynamoResponseRepository } from '../../data/response-repository';
import { isConditionalCheckFailure } from '../../data/survey-repository';
import type { ContactLimiter } from './service';

/**
 * The contact limiter on the table: the public submit's rate-window entity (one conditional increment per
 * message, expiring with the window) and its daily client-key salt.
 */
export function createDynamoContactLimiter(entitiesOf: () => Entities): ContactLimiter {
  const responses = createDynamoResponseRepository(entitiesOf);
  return {
    async consume(clientKey, window, limit, expiresAt) {
      try {
        await entitiesOf()
          .rateWindow.update({ clientKey, window })
          .add({ count: 1 })
          .set({ expiresAt })
          .where((a, op) => `${op.notExists(a.count)} OR ${op.lt(a.count, limit)}`)
          .go();
        return true;
      } catch (error) {
        if (isConditionalCheckFailure(error)) return false;
        throw error;
      }
    },
    daySalt: (day, candidate, expiresAt) => responses.clientKeySalt(day, candidate, expiresAt),
  };
}
