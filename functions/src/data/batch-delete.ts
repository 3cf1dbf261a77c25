/**
 * Batch deletes (electrodb splits them into BatchWriteItem calls of 25 keys), retried with backoff while
 * DynamoDB hands keys back unprocessed (throttling). Deleting a key that is gone is no error.
 */
export async function deleteInBatches<K>(
  remove: (keys: K[]) => Promise<{ unprocessed: K[] }>,
  keys: K[],
  what: string,
): Promise<void> {
  let pending = keys;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === 8) throw new Error(`Could not delete ${pending.length} ${what}`);
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
    pending = (await remove(pending)).unprocessed;
  }
}

/** BatchWriteItem deletes of `keys` through an electrodb delete (whose answer names the keys left unprocessed). */
export const deleteAll = <K>(remove: (keys: K[]) => Promise<{ unprocessed: unknown[] }>, keys: K[], what: string) =>
  deleteInBatches(async (batch: K[]) => ({ unprocessed: (await remove(batch)).unprocessed as K[] }), keys, what);
