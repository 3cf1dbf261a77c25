import type { Entities } from './entities';

/**
 * The entities as a write transaction hands them to its callback. A write that must commit together with
 * another owner's items is written by its owner as a function of these (a transaction item), and the
 * transaction that needs it includes it: the item's rules stay with its owner.
 */
export type TransactionEntities = Parameters<Parameters<Entities['service']['transaction']['write']>[0]>[0];
