import type { Entities } from '../../data/entities';
import { isConditionalCheckFailure } from '../../data/survey-repository';
import type { PlacesLimiter } from './service';

/** The per-owner counter on the table: the public submit's rate-window entity, one conditional increment per call. */
export function createDynamoPlacesLimiter(entitiesOf: () => Entities): PlacesLimiter {
  return {
    async consume(key, window, limit, expiresAt) {
      try {
        await entitiesOf()
          .rateWindow.update({ clientKey: key, window })
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
  };
}
