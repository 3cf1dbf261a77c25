import { Entity, type EntityConfiguration } from 'electrodb';
import { isConditionalCheckFailure } from './conditional-check';
import type { Entities } from './entities';
import { tableService } from './table-service';

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

/** This module's entities on the one table (`entities.ts` gathers every owner's into the one electrodb Service). */
export function clientKeySaltEntities(config: EntityConfiguration) {
  /**
   * The random salt of one UTC day for client keys. It expires, after which yesterday's keys can no longer
   * be linked back to an address by trying every IP (a plain hash of an IPv4 address could be).
   */
  const clientKeySalt = new Entity(
    {
      model: { entity: 'clientKeySalt', version: '1', service: tableService },
      attributes: {
        day: { type: 'string', required: true, readOnly: true },
        salt: { type: 'string', required: true, readOnly: true },
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        byDay: {
          pk: { field: 'pk', composite: ['day'], template: 'SALT#${day}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'SALT', casing: 'none' },
        },
      },
    },
    config,
  );
  return { clientKeySalt };
}
