import { isConditionalCheckFailure } from './conditional-check';
import type { Entities } from './entities';

/** The day's random salt of client keys (client-key-salts.ts). */
export interface ClientKeySaltStore {
  /** The random salt of a UTC day (`YYYY-MM-DD`), created by the first caller of that day. */
  saltOf(day: string, candidate: string, expiresAt: number): Promise<string>;
}

/** The owner of the day's client-key salt (`SALT#{day}/SALT`): made by the first caller of a day, then shared. */
export function createDynamoClientKeySalts(entitiesOf: () => Entities): ClientKeySaltStore {
  return {
    async saltOf(day, candidate, expiresAt) {
      const { clientKeySalt } = entitiesOf();
      try {
        await clientKeySalt.create({ day, salt: candidate, expiresAt }).go();
        return candidate;
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
        // Another instance made today's salt first: everyone uses that one.
        const { data } = await clientKeySalt.get({ day }).go({ consistent: true });
        if (!data) throw new Error(`The client-key salt of ${day} vanished`, { cause: error });
        return data.salt;
      }
    },
  };
}
