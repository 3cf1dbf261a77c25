import type { Entities } from './entities';
import { isConditionalCheckFailure } from './conditional-check';

/**
 * The owner of the low-rating alert marks (`ALERT#{surveyId}` / `RESPONSE#{responseId}`): the only module
 * that writes them. A mark is claimed before the alert mail is sent and released only when the send failed,
 * so a stream record delivered again (a retried batch, a second poller) finds it and sends nothing.
 */
export interface OwnerAlertStore {
  /** Claims the response's alert: true when this call created the mark, false when it was there already. */
  claim(surveyId: string, responseId: string, createdAt: string, expiresAt: number): Promise<boolean>;
  /** Gives a claim back (its mail could not be sent), so the record's retry may try again. */
  release(surveyId: string, responseId: string): Promise<void>;
}

export function createDynamoOwnerAlertStore(entitiesOf: () => Entities): OwnerAlertStore {
  return {
    async claim(surveyId, responseId, createdAt, expiresAt) {
      try {
        // create = put if not exists: of two deliveries of one record, exactly one claims it.
        await entitiesOf().ownerAlert.create({ surveyId, responseId, createdAt, expiresAt }).go({ response: 'none' });
        return true;
      } catch (error) {
        if (isConditionalCheckFailure(error)) return false;
        throw error;
      }
    },
    async release(surveyId, responseId) {
      await entitiesOf().ownerAlert.delete({ surveyId, responseId }).go({ response: 'none' });
    },
  };
}

/** The in-memory twin for unit tests. */
export class MemoryOwnerAlertStore implements OwnerAlertStore {
  readonly marks = new Set<string>();
  async claim(surveyId: string, responseId: string) {
    const key = `${surveyId}/${responseId}`;
    if (this.marks.has(key)) return false;
    this.marks.add(key);
    return true;
  }
  async release(surveyId: string, responseId: string) {
    this.marks.delete(`${surveyId}/${responseId}`);
  }
}
