import type { SuppressionReason } from '@reviewroute/shared';
import { addressHashOf, type SuppressionStore } from '../../data/request-suppressions';

/** How the suppression lists know a customer: their mobile number (E.164) and their e-mail address. */
interface Reachable {
  email?: string | null;
  phone?: string | null;
}

/** A customer's addresses, the number first: a customer with both is asked by text first. */
export const addressesOf = (row: Reachable): string[] =>
  [row.phone, row.email].filter((address): address is string => typeof address === 'string' && address !== '');

/**
 * Each row with the reason it is skipped when it is scheduled, so the owner's list and the webhook's answer say why
 * at once instead of "scheduled" and a skip at its turn: the customer opted out by one of their addresses (they
 * unsubscribed, sent STOP or complained: that holds for every way of asking them), or every address they gave is on
 * the owner's or the platform's list (a bounced address is dead, not the customer's wish: another one may be asked,
 * and the send checks it again at its claim). One read of both lists for all rows.
 */
export async function skipSuppressed<R extends Reachable>(
  store: Pick<SuppressionStore, 'suppressionsOf'>,
  userId: string,
  rows: readonly R[],
): Promise<(R & { skippedAs?: SuppressionReason })[]> {
  const hashes = rows.flatMap((row) => addressesOf(row).map(addressHashOf));
  const suppressed = hashes.length > 0 ? await store.suppressionsOf(userId, hashes) : new Map();
  if (suppressed.size === 0) return [...rows];
  return rows.map((row) => {
    const reasons = addressesOf(row).map((address) => suppressed.get(addressHashOf(address)));
    const optedOut = reasons.find((reason) => reason === 'unsubscribed' || reason === 'complaint');
    const skippedAs = optedOut ?? (reasons.length > 0 && reasons.every(Boolean) ? reasons[0] : undefined);
    return skippedAs ? { ...row, skippedAs } : row;
  });
}
