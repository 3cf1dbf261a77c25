import { Entity, type EntityConfiguration } from 'electrodb';
import type { RequestChannel } from '@reviewroute/shared';
import { transactWhileBusy } from './busy-retry';
import { deleteAll } from './batch-delete';
import { isConditionalCheckFailure } from './conditional-check';
import type { Entities } from './entities';
import { allPages } from './paging';
import {
  claimRecipient,
  claimRecipientReminder,
  unclaimRecipient,
  unclaimRecipientReminder,
  type RecipientRecord,
} from './request-recipients';
import { addressHashOf, notPlatformSuppressed, notSuppressed } from './request-suppressions';
import { tableService } from './table-service';
import { countText, createDynamoTextAllowance } from './text-allowance';
import type { TransactionEntities } from './transaction';

/**
 * The claims of review requests (the owning module of the "asked recently" contact marks and the owner's daily
 * counts): a request or reminder is claimed in one transaction before its mail or text (the recipient's state and
 * channel, the address's or number's 30-day mark per owner, the owner's and the platform's suppression checks,
 * the day's count under the plan's cap, and a text's count in the month's allowance), so a retried, overlapping or
 * crashed run mails and texts nobody twice.
 */

/**
 * What a claim found: `claimed` (the recipient is `sending` now, its address marked as asked and counted in the
 * day); otherwise nothing changed: `suppressed` (on the owner's or the platform's list), `recently-asked` (this
 * owner asked the address within the window, for any survey), `capped` (the day's cap is reached), `spent` (a
 * text past the month's allowance), `not-queued` (claimed or settled before: a retry, or another run).
 */
export type ClaimOutcome = 'claimed' | 'suppressed' | 'recently-asked' | 'capped' | 'spent' | 'not-queued';

/** What a reminder's claim found. */
export type ReminderClaimOutcome = 'claimed' | 'not-eligible' | 'suppressed' | 'capped' | 'spent';

/**
 * What a request goes by and to: an e-mail address, or a mobile number (E.164) by text; the suppression lists and
 * the contact mark key it by its hash. A text also counts in the owner's month (`texts`: the month and the plan's
 * monthly texts).
 */
export interface ClaimVia {
  channel: RequestChannel;
  contact: string;
  texts?: { month: string; allowance: number };
}

export interface ClaimInput extends ClaimVia {
  recipient: Pick<RecipientRecord, 'batchId' | 'id' | 'userId' | 'surveyId'>;
  now: string;
  /** Asked before this time: may be asked again. */
  askedBefore: string;
  /** Epoch seconds the contact mark expires (the end of the window). */
  contactExpiresAt: number;
  /** The UTC day (`YYYY-MM-DD`) and its cap. */
  day: string;
  dailyCap: number;
}

export interface RequestClaimStore {
  /** queued -> sending, in one transaction with the address's contact mark, the suppression checks and the day's count. */
  claim(input: ClaimInput): Promise<ClaimOutcome>;
  /**
   * Gives a claim back (the send did not happen: SES was busy): sending -> queued, the contact mark removed if
   * it is this recipient's, the day's count less one.
   */
  release(recipient: Pick<RecipientRecord, 'batchId' | 'id' | 'userId'>, day: string, via: ClaimVia): Promise<void>;
  /**
   * The one reminder's claim, in one transaction: the recipient (sent, not rated, no reminder yet) -> reminder
   * `sending`, the suppression check, the day's count under the cap.
   */
  claimReminder(input: Omit<ClaimInput, 'askedBefore' | 'contactExpiresAt'>): Promise<ReminderClaimOutcome>;
  /** Gives a reminder's claim back (SES was busy): the reminder state removed, the day's (and a text's month's) count less one. */
  releaseReminder(
    recipient: Pick<RecipientRecord, 'batchId' | 'id' | 'userId'>,
    day: string,
    via: ClaimVia,
  ): Promise<void>;
}

/** The day's counts outlive their day by one (TTL), so a run at midnight still reads the right one. */
const dayCountExpiry = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 2 * 24 * 3600;

/**
 * What every mail's claim (the request's and the reminder's) also asks of the table, in its own transaction:
 * the address is on neither the owner's nor the platform's suppression list, and the owner's day stays below the
 * plan's cap (counted by the claim itself), and a text within the month's allowance (last, when a text). In this
 * order, after the claim's own items: the callers read the refusals by index.
 */
function sendGuards(
  tx: TransactionEntities,
  userId: string,
  addressHash: string,
  day: string,
  dailyCap: number,
  texts: ClaimVia['texts'],
) {
  return [
    notSuppressed(tx, userId, addressHash),
    notPlatformSuppressed(tx, addressHash),
    tx.requestDailyCount
      .update({ userId, day })
      .add({ count: 1 })
      .set({ expiresAt: dayCountExpiry(day) })
      .where((attr, op) => `${op.notExists(attr.count)} OR ${op.lt(attr.count, dailyCap)}`)
      .commit(),
    ...(texts ? [countText(tx, userId, texts.month, texts.allowance)] : []),
  ];
}

export function createDynamoRequestClaims(entitiesOf: () => Entities): RequestClaimStore {
  const texts = createDynamoTextAllowance(entitiesOf);
  return {
    async claim({ recipient, channel, contact, texts, now, askedBefore, contactExpiresAt, day, dailyCap }) {
      // No texts this month at all: the count's condition passes an absent item, so it is refused here.
      if (texts && texts.allowance <= 0) return 'spent';
      const addressHash = addressHashOf(contact);
      const { service } = entitiesOf();
      const reasons = await transactWhileBusy(`Claiming request ${recipient.batchId}/${recipient.id}`, () =>
        service.transaction
          .write((tx) => [
            claimRecipient(tx, recipient, now, channel),
            tx.requestContact
              .put({
                userId: recipient.userId,
                surveyId: recipient.surveyId,
                addressHash,
                batchId: recipient.batchId,
                recipientId: recipient.id,
                contactedAt: now,
                expiresAt: contactExpiresAt,
              })
              .where((attr, op) => `${op.notExists(attr.contactedAt)} OR ${op.lt(attr.contactedAt, askedBefore)}`)
              .commit(),
            ...sendGuards(tx, recipient.userId, addressHash, day, dailyCap, texts),
          ])
          .go(),
      );
      if (!reasons) return 'claimed';
      const failed = (i: number) => reasons[i]?.code === 'ConditionalCheckFailed';
      if (failed(0)) return 'not-queued';
      if (failed(2) || failed(3)) return 'suppressed';
      if (failed(1)) return 'recently-asked';
      if (failed(4)) return 'capped';
      if (failed(5)) return 'spent';
      throw new Error(`Claim refused: ${reasons.map((r) => r.code).join(', ')}`);
    },

    async release(recipient, day, via) {
      const { requestContact, requestDailyCount } = entitiesOf();
      const addressHash = addressHashOf(via.contact);
      await requestContact
        .delete({ userId: recipient.userId, addressHash })
        .where((attr, op) => `${op.eq(attr.batchId, recipient.batchId)} AND ${op.eq(attr.recipientId, recipient.id)}`)
        .go()
        .catch((error: unknown) => {
          if (!isConditionalCheckFailure(error)) throw error;
        });
      await requestDailyCount.update({ userId: recipient.userId, day }).add({ count: -1 }).go();
      if (via.texts) await texts.giveBackText(recipient.userId, via.texts.month);
      await unclaimRecipient(entitiesOf, recipient);
    },

    async claimReminder({ recipient, contact, texts, now, day, dailyCap }) {
      if (texts && texts.allowance <= 0) return 'spent';
      const addressHash = addressHashOf(contact);
      const { service } = entitiesOf();
      const reasons = await transactWhileBusy(`Claiming reminder ${recipient.batchId}/${recipient.id}`, () =>
        service.transaction
          .write((tx) => [
            claimRecipientReminder(tx, recipient, now),
            ...sendGuards(tx, recipient.userId, addressHash, day, dailyCap, texts),
          ])
          .go(),
      );
      if (!reasons) return 'claimed';
      const failed = (i: number) => reasons[i]?.code === 'ConditionalCheckFailed';
      if (failed(0)) return 'not-eligible';
      if (failed(1) || failed(2)) return 'suppressed';
      if (failed(3)) return 'capped';
      if (failed(4)) return 'spent';
      throw new Error(`Reminder claim refused: ${reasons.map((r) => r.code).join(', ')}`);
    },

    async releaseReminder(recipient, day, via) {
      await entitiesOf().requestDailyCount.update({ userId: recipient.userId, day }).add({ count: -1 }).go();
      if (via.texts) await texts.giveBackText(recipient.userId, via.texts.month);
      await unclaimRecipientReminder(entitiesOf, recipient);
    },
  };
}

/**
 * The owner's contact marks (the account erasure's; a survey's deletion leaves them: the owner did ask those
 * addresses, and the marks expire after 30 days). Idempotent.
 */
export async function deleteContactsOf(entitiesOf: () => Entities, userId: string): Promise<void> {
  const { requestContact } = entitiesOf();
  for (;;) {
    const { data } = await requestContact.query
      .byOwner({ userId })
      .go({ limit: 500, consistent: true, attributes: ['userId', 'addressHash'] });
    if (data.length === 0) break;
    await deleteAll(
      (keys) => requestContact.delete(keys).go(),
      data.map((c) => ({ userId: c.userId, addressHash: c.addressHash })),
      'review-request contact marks',
    );
  }
}

/** The owner's daily counts (the account erasure's). Idempotent. */
export async function deleteDailyCountsOf(entitiesOf: () => Entities, userId: string): Promise<void> {
  const { requestDailyCount } = entitiesOf();
  const counts = await allPages((cursor) =>
    requestDailyCount.query.byOwner({ userId }).go({ cursor, consistent: true, attributes: ['day'] }),
  );
  await deleteAll(
    (keys) => requestDailyCount.delete(keys).go(),
    counts.map((c) => ({ userId, day: c.day })),
    'daily request counts',
  );
}

/** This module's entities on the one table (`entities.ts` gathers every owner's into the one electrodb Service). */
export function requestClaimEntities(config: EntityConfiguration) {
  /**
   * "This owner asked this address" (a hash of the address, never the address), in the owner's partition,
   * claimed in the same transaction as the request it stands for: at most one request per owner and address in
   * 30 days, whichever of the owner's surveys asks (decisions 26). Expires (TTL) after them. Version 2: marks of
   * version 1 were kept per survey (`SURVEY#{surveyId}`) and expire by their TTL.
   */
  const requestContact = new Entity(
    {
      model: { entity: 'requestContact', version: '2', service: tableService },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        addressHash: { type: 'string', required: true, readOnly: true },
        /** The survey that asked (for the record). */
        surveyId: { type: 'string', required: true },
        batchId: { type: 'string', required: true },
        recipientId: { type: 'string', required: true },
        contactedAt: { type: 'string', required: true },
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        byOwner: {
          pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}', casing: 'none' },
          sk: { field: 'sk', composite: ['addressHash'], template: 'CONTACTED#${addressHash}', casing: 'none' },
        },
      },
    },
    config,
  );

  /** Requests an owner sent on one UTC day: counted in each claim's transaction, up to the plan's cap. */
  const requestDailyCount = new Entity(
    {
      model: { entity: 'requestDailyCount', version: '1', service: tableService },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        day: { type: 'string', required: true, readOnly: true },
        count: { type: 'number' },
        expiresAt: { type: 'number' },
      },
      indexes: {
        byOwner: {
          pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}', casing: 'none' },
          sk: { field: 'sk', composite: ['day'], template: 'REQCOUNT#${day}', casing: 'none' },
        },
      },
    },
    config,
  );
  return { requestContact, requestDailyCount };
}
