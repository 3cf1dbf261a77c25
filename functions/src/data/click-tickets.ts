import { deleteInBatches } from './batch-delete';
import type { Entities } from './entities';
import type { ClickTicketStore, ResponseTicket } from './repositories';
import type { TransactionEntities } from './transaction';

/**
 * The owner of the review click's tickets (`RESPONSE#{id}/TICKET`): response id -> its survey and the
 * hash of its one-time click token, for the click route, which only knows the response id.
 */

/** Creates a response's ticket: an item of the submit transaction (response-store.ts), beside its response. */
export const createTicket = (
  responseTicket: TransactionEntities['responseTicket'],
  ticket: ResponseTicket & { expiresAt: number },
) => responseTicket.create(ticket).commit();

export function createDynamoClickTickets(entitiesOf: () => Entities): ClickTicketStore {
  return {
    async get(responseId) {
      const { responseTicket } = entitiesOf();
      const { data } = await responseTicket.get({ responseId }).go({ consistent: true });
      return data ? { responseId, surveyId: data.surveyId, clickTokenHash: data.clickTokenHash } : undefined;
    },

    async delete(responseIds) {
      if (responseIds.length === 0) return;
      const { responseTicket } = entitiesOf();
      await deleteInBatches(
        (keys) => responseTicket.delete(keys).go(),
        responseIds.map((responseId) => ({ responseId })),
        'click tickets',
      );
    },
  };
}
