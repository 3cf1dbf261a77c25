/**
 * The low-rating alert marks: `alerted` on the response itself (its owner, response-store.ts, writes it:
 * `createDynamoAlertMarks`), so the survey's and the account's erasure remove it with the response. A mark is
 * claimed before the alert mail is sent and released only when the send failed, so a stream record delivered
 * again (a retried batch) finds it and sends nothing.
 */
export interface OwnerAlertStore {
  /** Claims the response's alert: true when this call set the mark; false when it was set, or the response is gone. */
  claim(surveyId: string, responseId: string): Promise<boolean>;
  /** Gives a claim back (its mail could not be sent), so the record's retry may try again. */
  release(surveyId: string, responseId: string): Promise<void>;
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
