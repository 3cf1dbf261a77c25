/**
 * How long an erasure tombstone lives after it is written (seconds): 400 days. It must outlive everything
 * that can still arrive for the deleted account and would otherwise write for it:
 * - an ID or access token issued before the deletion (the longest validity, 1 h, plus clock skew);
 * - Mollie's webhook for a payment made before the deletion: retried for about a day, and called again on
 *   every later change of the payment (an open bank transfer expires after up to 100 days; a refund or a
 *   chargeback can come months later: cards up to 120 days, SEPA direct debit up to 13 months).
 * So 13 months plus a month's margin. What is kept is the SHA-256 of a random user id (Cognito's `sub`,
 * which is never reused) and an expiry: nothing that names the person (decisions 14).
 */
export const erasureTombstoneSeconds = 400 * 24 * 60 * 60;

/** The `expiresAt` (epoch seconds, the table's TTL) of a tombstone written at `nowMs`. */
export const erasureTombstoneExpiry = (nowMs: number): number => Math.floor(nowMs / 1000) + erasureTombstoneSeconds;

/**
 * A creating write refused by its tombstone condition: the owner's account was deleted (the write would
 * outlive the erasure). The API answers it 401, as the route's early check does.
 */
export class AccountErasedError extends Error {
  constructor(readonly what: string) {
    super(`${what}: the account was deleted`);
    this.name = 'AccountErasedError';
  }
}

/** Whether a user's account was deleted while their tokens may still be valid (a live tombstone). */
export type ErasedCheck = (userId: string) => Promise<boolean>;

/** Where the tombstones are (the erasure repository in data/, handed in by the handler's wiring). */
export interface TombstoneReader {
  /** Whether the user has a tombstone that is live at `now` (epoch seconds). */
  isErased(userId: string, now: number): Promise<boolean>;
}

/** The check on the tombstones, at the clock's time (ms). */
export function erasedCheckOf(tombstones: TombstoneReader, clock: () => number = Date.now): ErasedCheck {
  return (userId) => tombstones.isErased(userId, Math.floor(clock() / 1000));
}
