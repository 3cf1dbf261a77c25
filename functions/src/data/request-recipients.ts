import { Entity, type EntityConfiguration, type EntityItem } from 'electrodb';
import {
  languages,
  requestRecipientStates,
  requestRetentionDays,
  requestSkipReasons,
  requestChannels,
  suppressionReasons,
  type FunnelMark,
  type Language,
  type RequestChannel,
  type SuppressionReason,
  type RequestRecipientState,
  type RequestSkipReason,
} from '@reviewroute/shared';
import { deleteInBatches, deleteAll } from './batch-delete';
import { isConditionalCheckFailure } from './conditional-check';
import type { Entities } from './entities';
import type { RequestTokenHashes } from '../lib/request-token';
import { tableService } from './table-service';
import type { TransactionEntities } from './transaction';

/**
 * The customers of the review-request batches (the owning module of the recipients): one item per customer in
 * its batch's partition, whose state moves queued -> sending -> sent (or skipped, failed) by conditional
 * updates only, so no request is ever sent twice. The claims (request-claims.ts) and the funnel's count
 * (request-funnel.ts) change a recipient inside their own transactions through the items exported here.
 */

/** The one reminder of a request: claimed before its mail (never sent twice), then sent or failed. */
export type ReminderState = 'sending' | 'sent' | 'failed';

export interface RecipientRecord {
  batchId: string;
  /** The row's index, zero-padded: the partition's order. */
  id: string;
  userId: string;
  surveyId: string;
  name: string;
  /** How the customer is reached (one of the two at least): their address, their mobile number in E.164. */
  email: string | null;
  phone: string | null;
  /** The number's country (ISO 3166 alpha-2): the text's rules (allowed countries, sender, hours) follow it. */
  phoneCountry: string | null;
  language: Language;
  /**
   * SHA-256 of the personal survey link's secret and of the unsubscribe link's (lib/request-token.ts): the
   * secrets themselves are only in the customer's mails. Null on a request stored before they were hashed.
   */
  linkHash: string | null;
  unsubscribeHash: string | null;
  /** Only on a request stored before the secrets were hashed: its one plaintext secret, of both links. */
  secret: string | null;
  state: RequestRecipientState;
  reason: RequestSkipReason | null;
  claimedAt: string | null;
  sentAt: string | null;
  /** What the customer did with the personal link. */
  openedAt: string | null;
  ratedAt: string | null;
  clickedAt: string | null;
  /** The funnel steps and outcomes already counted in the survey's funnel (the funnel worker's marks). */
  counted: FunnelMark[];
  /** The channel the request went by (set at its claim); null before, and on requests sent before texts: e-mail. */
  channel: RequestChannel | null;
  /** When the mail service or the phone network reported the request delivered. */
  deliveredAt: string | null;
  /** The address went on the suppression list after this request (unsubscribed, STOP, bounced, complained). */
  suppressedAs: SuppressionReason | null;
  reminderState: ReminderState | null;
  reminderClaimedAt: string | null;
  remindedAt: string | null;
}

export type NewRecipient = Pick<
  RecipientRecord,
  'batchId' | 'id' | 'userId' | 'surveyId' | 'name' | 'email' | 'language'
> &
  Partial<Pick<RecipientRecord, 'phone' | 'phoneCountry'>> &
  RequestTokenHashes & {
    /** Why the row is skipped when it is recorded (its address is suppressed); absent: queued. */
    skippedAs?: RequestSkipReason;
  };

const daySeconds = 24 * 3600;

/**
 * When a customer's data expires (epoch seconds, the table's TTL): `requestRetentionDays` after it was settled
 * (sent, skipped, failed) or its batch was done.
 */
export const retentionExpiry = (at: string | number): number =>
  Math.floor((typeof at === 'number' ? at : Date.parse(at)) / 1000) + requestRetentionDays * daySeconds;

/**
 * The expiry a batch and its rows get when recorded, in case it is never done (its survey taken offline, its plan
 * lapsed): twice the retention after its send time. Sending or finishing it sets the usual one.
 */
export const unsentExpiry = (sendAt: string): number => retentionExpiry(sendAt) + requestRetentionDays * daySeconds;

/** The link steps the public page reports; each implies the ones before it. */
export type LinkStage = 'opened' | 'rated' | 'clicked';
export const linkStages = ['opened', 'rated', 'clicked'] as const satisfies readonly LinkStage[];

/**
 * The funnel steps a recipient has reached (from its state, its delivery report and link marks), in funnel order.
 * A sent request whose link was opened was delivered, whether or not the report came.
 */
export function reachedStages(
  r: Pick<RecipientRecord, 'state' | 'deliveredAt' | 'openedAt' | 'ratedAt' | 'clickedAt'> &
    Partial<Pick<RecipientRecord, 'suppressedAs'>>,
): FunnelMark[] {
  const out: FunnelMark[] = [];
  if (r.state === 'sent') out.push('sent');
  if (r.state === 'sent' && (r.deliveredAt || r.openedAt)) out.push('delivered');
  if (r.openedAt) out.push('opened');
  if (r.ratedAt) out.push('rated');
  if (r.clickedAt) out.push('clicked');
  // The outcomes beside the steps: a failed request, and what became of a sent one's address.
  if (r.state === 'failed') out.push('failed');
  if (r.suppressedAs) out.push(r.suppressedAs === 'complaint' ? 'complained' : r.suppressedAs);
  return out;
}

/** Row index -> recipient id: zero-padded so the partition sorts in row order. */
export const recipientIdOf = (index: number): string => String(index).padStart(5, '0');

export interface RequestRecipientStore {
  /** A page of a batch's recipients in row order, after the given id; `next` when more may follow. */
  pageRecipients(
    batchId: string,
    after: string | undefined,
    limit: number,
  ): Promise<{ items: RecipientRecord[]; next: string | null }>;
  getRecipient(batchId: string, recipientId: string): Promise<RecipientRecord | undefined>;
  /** sending -> sent. */
  markSent(batchId: string, recipientId: string, sentAt: string): Promise<void>;
  /** queued -> skipped with the reason; false when it was not queued. */
  skip(batchId: string, recipientId: string, reason: RequestSkipReason): Promise<boolean>;
  /** sending -> failed with the reason (SES refused it; or an interrupted send, never retried). */
  fail(batchId: string, recipientId: string, reason: RequestSkipReason): Promise<void>;
  /**
   * Marks what the customer did with the personal link (only the marks not set yet are written; a deleted
   * recipient is not recreated).
   */
  markLink(batchId: string, recipientId: string, marks: Partial<Record<`${LinkStage}At`, string>>): Promise<void>;
  /**
   * The address went on the suppression list after this request: the row says so from now on (its first reason
   * stays). A deleted recipient is not recreated.
   */
  markSuppressed(batchId: string, recipientId: string, reason: SuppressionReason): Promise<void>;
  /** reminder sending -> sent. */
  markReminded(batchId: string, recipientId: string, at: string): Promise<void>;
  /** reminder sending -> failed (refused, or interrupted): never sent again. */
  failReminder(batchId: string, recipientId: string): Promise<void>;
}

/** The recipient as stored (electrodb's item of the entity below). */
type RecipientItem = EntityItem<Entities['requestRecipient']>;

/** The recipient item's mark of a funnel step. */
const countedAttribute = {
  sent: 'sentCounted',
  delivered: 'deliveredCounted',
  opened: 'openedCounted',
  rated: 'ratedCounted',
  clicked: 'clickedCounted',
  failed: 'failedCounted',
  // A row's suppression is counted once, under its first reason (the only one it keeps).
  unsubscribed: 'suppressedCounted',
  bounced: 'suppressedCounted',
  complained: 'suppressedCounted',
} as const satisfies Record<FunnelMark, keyof RecipientItem>;

const toRecipient = (item: RecipientItem): RecipientRecord => ({
  batchId: item.batchId,
  id: item.recipientId,
  userId: item.userId,
  surveyId: item.surveyId,
  name: item.name,
  email: item.email ?? null,
  phone: item.phone ?? null,
  phoneCountry: item.phoneCountry ?? null,
  language: item.language,
  linkHash: item.linkHash ?? null,
  unsubscribeHash: item.unsubscribeHash ?? null,
  secret: item.secret ?? null,
  state: item.state,
  reason: item.reason ?? null,
  claimedAt: item.claimedAt ?? null,
  sentAt: item.sentAt ?? null,
  openedAt: item.openedAt ?? null,
  ratedAt: item.ratedAt ?? null,
  clickedAt: item.clickedAt ?? null,
  counted: (Object.keys(countedAttribute) as FunnelMark[]).filter((stage) => item[countedAttribute[stage]] === true),
  channel: item.channel ?? null,
  deliveredAt: item.deliveredAt ?? null,
  suppressedAs: item.suppressedAs ?? null,
  reminderState: item.reminderState ?? null,
  reminderClaimedAt: item.reminderClaimedAt ?? null,
  remindedAt: item.remindedAt ?? null,
});

type Who = Pick<RecipientRecord, 'batchId' | 'id'>;
type RecipientTransaction = Pick<TransactionEntities, 'requestRecipient'>;

/** A request's key in the table. */
const keyOf = (r: Who) => ({ batchId: r.batchId, recipientId: r.id });

/** A request's claim, as an item of its transaction: queued -> sending. */
export const claimRecipient = (
  { requestRecipient }: RecipientTransaction,
  r: Who,
  now: string,
  channel: RequestChannel = 'email',
) =>
  requestRecipient
    .patch(keyOf(r))
    .set({ state: 'sending', claimedAt: now, channel })
    .where((attr, op) => op.eq(attr.state, 'queued'))
    .commit();

/** A reminder's claim, as an item of its transaction: a sent, unrated request with no reminder yet -> reminder `sending`. */
export const claimRecipientReminder = ({ requestRecipient }: RecipientTransaction, r: Who, now: string) =>
  requestRecipient
    .patch(keyOf(r))
    .set({ reminderState: 'sending', reminderClaimedAt: now })
    .where(
      (attr, op) =>
        `${op.eq(attr.state, 'sent')} AND ${op.notExists(attr.ratedAt)} AND ${op.notExists(attr.reminderState)}`,
    )
    .commit();

/** The funnel count's marks of these steps, as an item of its transaction: each if absent, the step reached. */
export const markFunnelCounted = (
  { requestRecipient }: RecipientTransaction,
  r: Who,
  stages: readonly FunnelMark[],
) => {
  const reached = { opened: 'openedAt', rated: 'ratedAt', clicked: 'clickedAt' } as const;
  const suppressedAs = { unsubscribed: 'unsubscribed', bounced: 'bounced', complained: 'complaint' } as const;
  return requestRecipient
    .patch(keyOf(r))
    .set(Object.fromEntries(stages.map((stage) => [countedAttribute[stage], true])))
    .where((attr, op) =>
      stages
        .map((stage) =>
          [
            op.notExists(attr[countedAttribute[stage]]),
            stage === 'sent'
              ? op.eq(attr.state, 'sent')
              : stage === 'delivered'
                ? `${op.eq(attr.state, 'sent')} AND (${op.exists(attr.deliveredAt)} OR ${op.exists(attr.openedAt)})`
                : stage === 'failed'
                  ? op.eq(attr.state, 'failed')
                  : stage === 'unsubscribed' || stage === 'bounced' || stage === 'complained'
                    ? op.eq(attr.suppressedAs, suppressedAs[stage])
                    : op.exists(attr[reached[stage]]),
          ].join(' AND '),
        )
        .join(' AND '),
    )
    .commit();
};

/** Gives a request's claim back (the claim's other items are its caller's): sending -> queued. */
export async function unclaimRecipient(entitiesOf: () => Entities, r: Who): Promise<void> {
  await entitiesOf()
    .requestRecipient.patch(keyOf(r))
    .set({ state: 'queued' })
    .remove(['claimedAt'])
    .where((attr, op) => op.eq(attr.state, 'sending'))
    .go()
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) throw error;
    });
}

/**
 * The delivery report of a sent request (SES's Delivery event, the phone network's): `deliveredAt`, the first
 * report's time only. A deleted recipient is not recreated.
 */
export async function markRecipientDelivered(entitiesOf: () => Entities, r: Who, at: string): Promise<void> {
  await entitiesOf()
    .requestRecipient.patch(keyOf(r))
    .set({ deliveredAt: at })
    .where((attr, op) => op.notExists(attr.deliveredAt))
    .go()
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) throw error;
    });
}

/**
 * A sent text the phone network could not deliver: sent -> failed (`undelivered`); true when this call moved it,
 * so a redelivered report counts once.
 */
export async function failRecipientDelivery(entitiesOf: () => Entities, r: Who): Promise<boolean> {
  try {
    await entitiesOf()
      .requestRecipient.patch(keyOf(r))
      .set({ state: 'failed', reason: 'undelivered' })
      .where((attr, op) => op.eq(attr.state, 'sent'))
      .go();
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** Gives a reminder's claim back: the reminder state removed. */
export async function unclaimRecipientReminder(entitiesOf: () => Entities, r: Who): Promise<void> {
  await entitiesOf()
    .requestRecipient.patch(keyOf(r))
    .remove(['reminderState', 'reminderClaimedAt'])
    .where((attr, op) => op.eq(attr.reminderState, 'sending'))
    .go()
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) throw error;
    });
}

/**
 * A new batch's recipients, all `queued` (a batch write: the batch's scheduling follows once all are written),
 * expiring at `expiresAt` unless sent or skipped before (`unsentExpiry`).
 */
export async function writeRecipients(
  entitiesOf: () => Entities,
  recipients: readonly NewRecipient[],
  expiresAt: number,
): Promise<void> {
  const { requestRecipient } = entitiesOf();
  const items = recipients.map((r) => ({
    batchId: r.batchId,
    recipientId: r.id,
    userId: r.userId,
    surveyId: r.surveyId,
    name: r.name,
    // Absent rather than null: electrodb writes no attribute for undefined.
    email: r.email ?? undefined,
    phone: r.phone ?? undefined,
    phoneCountry: r.phoneCountry ?? undefined,
    language: r.language,
    linkHash: r.linkHash,
    unsubscribeHash: r.unsubscribeHash,
    state: r.skippedAs ? ('skipped' as const) : ('queued' as const),
    ...(r.skippedAs ? { reason: r.skippedAs } : {}),
    expiresAt,
  }));
  // Written in parallel slices: electrodb splits each into BatchWriteItem calls of 25.
  const slice = 250;
  const slices: (typeof items)[] = [];
  for (let i = 0; i < items.length; i += slice) slices.push(items.slice(i, i + slice));
  for (let i = 0; i < slices.length; i += 4)
    await Promise.all(
      slices.slice(i, i + 4).map((part) =>
        deleteInBatches(
          async (pending) => {
            const { unprocessed } = await requestRecipient.put(pending).go();
            const left = new Set(unprocessed.map((u) => u.recipientId));
            return { unprocessed: pending.filter((p) => left.has(p.recipientId)) };
          },
          part,
          'review-request recipients',
        ),
      ),
    );
}

/** Every recipient of a batch. Idempotent. */
export async function deleteRecipientsOf(entitiesOf: () => Entities, batchId: string): Promise<void> {
  const { requestRecipient } = entitiesOf();
  for (;;) {
    const { data } = await requestRecipient.query
      .byBatch({ batchId })
      .go({ limit: 500, attributes: ['batchId', 'recipientId'] });
    if (data.length === 0) break;
    await deleteAll(
      (keys) => requestRecipient.delete(keys).go(),
      data.map((r) => ({ batchId: r.batchId, recipientId: r.recipientId })),
      'review-request recipients',
    );
  }
}

/**
 * The recipients on the one table. Settling one (sent, skipped, failed) sets its expiry (`retentionExpiry`): of
 * its sent time, else of `clock` (ms).
 */
export function createDynamoRecipients(
  entitiesOf: () => Entities,
  clock: () => number = Date.now,
): RequestRecipientStore {
  return {
    async pageRecipients(batchId, after, limit) {
      const query = entitiesOf().requestRecipient.query.byBatch({ batchId });
      const { data } = await (after === undefined ? query : query.gt({ recipientId: after })).go({
        limit,
        consistent: true,
      });
      const items = data.map(toRecipient);
      return { items, next: items.length === limit ? items[items.length - 1]!.id : null };
    },

    async getRecipient(batchId, recipientId) {
      const { data } = await entitiesOf().requestRecipient.get({ batchId, recipientId }).go({ consistent: true });
      return data ? toRecipient(data) : undefined;
    },

    async markSent(batchId, recipientId, sentAt) {
      await entitiesOf()
        .requestRecipient.patch({ batchId, recipientId })
        .set({ state: 'sent', sentAt, expiresAt: retentionExpiry(sentAt) })
        .where((attr, op) => op.eq(attr.state, 'sending'))
        .go();
    },

    async skip(batchId, recipientId, reason) {
      try {
        await entitiesOf()
          .requestRecipient.patch({ batchId, recipientId })
          .set({ state: 'skipped', reason, expiresAt: retentionExpiry(clock()) })
          .where((attr, op) => op.eq(attr.state, 'queued'))
          .go();
        return true;
      } catch (error) {
        if (isConditionalCheckFailure(error)) return false;
        throw error;
      }
    },

    async fail(batchId, recipientId, reason) {
      try {
        await entitiesOf()
          .requestRecipient.patch({ batchId, recipientId })
          .set({ state: 'failed', reason, expiresAt: retentionExpiry(clock()) })
          .where((attr, op) => op.eq(attr.state, 'sending'))
          .go();
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
      }
    },

    async markLink(batchId, recipientId, marks) {
      const set = Object.fromEntries(Object.entries(marks).filter(([, v]) => v));
      if (Object.keys(set).length === 0) return;
      try {
        // patch: only an existing recipient (a deleted one is not recreated).
        await entitiesOf().requestRecipient.patch({ batchId, recipientId }).set(set).go();
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
      }
    },

    async markSuppressed(batchId, recipientId, reason) {
      try {
        await entitiesOf()
          .requestRecipient.patch({ batchId, recipientId })
          .set({ suppressedAs: reason })
          .where((attr, op) => op.notExists(attr.suppressedAs))
          .go();
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
      }
    },

    async markReminded(batchId, recipientId, at) {
      await entitiesOf()
        .requestRecipient.patch({ batchId, recipientId })
        .set({ reminderState: 'sent', remindedAt: at })
        .where((attr, op) => op.eq(attr.reminderState, 'sending'))
        .go();
    },

    async failReminder(batchId, recipientId) {
      try {
        await entitiesOf()
          .requestRecipient.patch({ batchId, recipientId })
          .set({ reminderState: 'failed' })
          .where((attr, op) => op.eq(attr.reminderState, 'sending'))
          .go();
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
      }
    },
  };
}

/** This module's entities on the one table (`entities.ts` gathers every owner's into the one electrodb Service). */
export function requestRecipientEntities(config: EntityConfiguration) {
  /**
   * One customer of a batch, in the batch's own partition (a 5,000-row batch is paged in row order), with the
   * hashes of its two tokens' secrets; the state moves queued -> sending -> sent (or skipped, failed) by
   * conditional updates only, so no request is ever sent twice. Expires (TTL) `requestRetentionDays` after it
   * was settled.
   */
  const requestRecipient = new Entity(
    {
      model: { entity: 'requestRecipient', version: '1', service: tableService },
      attributes: {
        batchId: { type: 'string', required: true, readOnly: true },
        /** The row's index, zero-padded (`00042`), so the partition sorts in row order. */
        recipientId: { type: 'string', required: true, readOnly: true },
        userId: { type: 'string', required: true, readOnly: true },
        surveyId: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true, readOnly: true },
        // The address and the mobile number (E.164) with its country: one of the two at least.
        email: { type: 'string', readOnly: true },
        phone: { type: 'string', readOnly: true },
        phoneCountry: { type: 'string', readOnly: true },
        language: { type: [...languages], required: true, readOnly: true },
        // SHA-256 of the two tokens' secrets (lib/request-token.ts); `secret` only on items stored before that.
        linkHash: { type: 'string', readOnly: true },
        unsubscribeHash: { type: 'string', readOnly: true },
        secret: { type: 'string', readOnly: true },
        state: { type: [...requestRecipientStates], required: true },
        reason: { type: [...requestSkipReasons] },
        claimedAt: { type: 'string' },
        sentAt: { type: 'string' },
        // What the customer did with the personal link (the public page reports it with the token).
        openedAt: { type: 'string' },
        ratedAt: { type: 'string' },
        clickedAt: { type: 'string' },
        /** The channel the request went by (its claim sets it); absent: e-mail, or not sent yet. */
        channel: { type: [...requestChannels] },
        /** The mail service's or the phone network's delivery report. */
        deliveredAt: { type: 'string' },
        /** The address went on the suppression list after this request (the row shows it). */
        suppressedAs: { type: [...suppressionReasons] },
        // The funnel worker's marks: each step counted in the survey's funnel once, in the count's transaction.
        sentCounted: { type: 'boolean' },
        deliveredCounted: { type: 'boolean' },
        failedCounted: { type: 'boolean' },
        suppressedCounted: { type: 'boolean' },
        openedCounted: { type: 'boolean' },
        ratedCounted: { type: 'boolean' },
        clickedCounted: { type: 'boolean' },
        // The one reminder: claimed (`sending`) before its mail, so it is never sent twice.
        reminderState: { type: ['sending', 'sent', 'failed'] as const },
        reminderClaimedAt: { type: 'string' },
        remindedAt: { type: 'string' },
        /** Epoch seconds: the table's TTL deletes the customer's row then. */
        expiresAt: { type: 'number' },
      },
      indexes: {
        byBatch: {
          pk: { field: 'pk', composite: ['batchId'], template: 'REQBATCH#${batchId}', casing: 'none' },
          sk: { field: 'sk', composite: ['recipientId'], template: 'RCPT#${recipientId}', casing: 'none' },
        },
      },
    },
    config,
  );
  return { requestRecipient };
}
