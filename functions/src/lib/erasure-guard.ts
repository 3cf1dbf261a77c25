import { longestTokenValiditySeconds } from '@reviewroute/shared';

/**
 * How long an erasure tombstone lives after it is written (seconds): every ID or access token issued before
 * the deletion has expired by then, with 5 minutes to spare for clock skew between Cognito and us.
 */
export const erasureTombstoneSeconds = longestTokenValiditySeconds + 5 * 60;

/** The `expiresAt` (epoch seconds, the table's TTL) of a tombstone written at `nowMs`. */
export const erasureTombstoneExpiry = (nowMs: number): number => Math.floor(nowMs / 1000) + erasureTombstoneSeconds;

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
