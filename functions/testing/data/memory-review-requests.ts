import {
  emptySendingHealth,
  type FunnelMark,
  type RequestFunnel,
  type SendingChannel,
  type SendingHealthState,
  type SuppressionReason,
} from '@reviewroute/shared';
import { addressHashOf, type PlatformSuppressionReason } from '../../src/data/request-suppressions';
import { batchCursorOf, batchOfCursor, type RequestBatchRecord } from '../../src/data/request-batches';
import { funnelAttribute, funnelOf, type FunnelCountOutcome } from '../../src/data/request-funnel';
import { type NewRecipient, type RecipientRecord, reachedStages as reachedOf } from '../../src/data/request-recipients';
import type { ReminderClaimOutcome, ClaimInput, ClaimOutcome, ClaimVia } from '../../src/data/request-claims';
import type { DuePauseNotice } from '../../src/data/sending-health';
import type { DueBatch, OwnerSettlement, QueuedOwner } from '../../src/data/request-queue';
import type { ReviewRequestStore } from '../../src/data/review-requests';
import { HookCallTakenError, type HookCallRecord, type RequestHookRecord } from '../../src/data/request-hooks';

/**
 * The review-request store's in-memory twin, with the table's rules: state changes only from the state the
 * table's conditions name, a claim is all or nothing (contact mark, suppression check, day's count).
 */
export class MemoryReviewRequestStore implements ReviewRequestStore {
  readonly batches = new Map<string, RequestBatchRecord>();
  readonly queue = new Map<string, DueBatch>();
  /** batchId -> recipients in row order. */
  readonly recipients = new Map<string, RecipientRecord[]>();
  /** `${userId}/${hash}` -> the contact mark (per owner: any of their surveys asked). */
  readonly contacts = new Map<string, { batchId: string; recipientId: string; contactedAt: string }>();
  /** `${userId}/${hash}` -> the suppression. */
  readonly suppressions = new Map<string, { reason: SuppressionReason; createdAt: string }>();
  /** address hash -> the platform's suppression (no owner's: no erasure deletes it). */
  readonly platformSuppressions = new Map<string, { reason: PlatformSuppressionReason; createdAt: string }>();
  /** `${userId}/${channel}` -> the sending health. */
  readonly sendingHealth = new Map<string, SendingHealthState>();
  /** `${userId}/${channel}` -> a pause the owner is not told of yet. */
  readonly pauseNotices = new Map<string, DuePauseNotice>();
  /** `${userId}/${day}` -> count. */
  readonly dailyCounts = new Map<string, number>();
  /** `${userId}/${month}` -> texts counted in the month. */
  readonly textCounts = new Map<string, number>();
  /** surveyId -> the funnel item's attributes (`sent`…, `smsSent`…), as the table keeps them. */
  readonly funnels = new Map<string, Record<string, number>>();
  /** surveyId -> its webhook. */
  readonly hooks = new Map<string, RequestHookRecord>();
  /** `${surveyId}/${externalIdHash}` -> the batch that external id scheduled. */
  readonly hookCalls = new Map<string, HookCallRecord>();
  /** The tombstone condition of the batch's creating writes (memory.ts wires the erasures' guard). */
  guard: (userId: string, what: string) => void = () => undefined;

  private recipient(batchId: string, recipientId: string) {
    return this.recipients.get(batchId)?.find((r) => r.id === recipientId);
  }

  async createBatch(batch: RequestBatchRecord, recipients: readonly NewRecipient[], hookCall?: HookCallRecord) {
    this.guard(batch.userId, `Creating batch ${batch.id}`);
    if (hookCall) {
      const key = `${hookCall.surveyId}/${hookCall.externalIdHash}`;
      if (this.hookCalls.has(key)) throw new HookCallTakenError(hookCall.externalIdHash);
      this.hookCalls.set(key, { ...hookCall });
    }
    const stored = { ...batch, state: 'scheduled' as const };
    this.batches.set(batch.id, stored);
    this.recipients.set(
      batch.id,
      recipients.map(({ skippedAs, ...r }) => ({
        ...r,
        secret: null,
        state: skippedAs ? ('skipped' as const) : ('queued' as const),
        phone: r.phone ?? null,
        phoneCountry: r.phoneCountry ?? null,
        reason: skippedAs ?? null,
        channel: null,
        deliveredAt: null,
        suppressedAs: null,
        claimedAt: null,
        sentAt: null,
        openedAt: null,
        ratedAt: null,
        clickedAt: null,
        counted: [],
        reminderState: null,
        reminderClaimedAt: null,
        remindedAt: null,
      })),
    );
    this.queue.set(batch.id, {
      batchId: batch.id,
      userId: batch.userId,
      surveyId: batch.surveyId,
      dueAt: batch.sendAt,
    });
    this.scheduleOwner(batch.userId, batch.sendAt);
    return { ...stored };
  }

  async getBatch(userId: string, surveyId: string, batchId: string) {
    const batch = this.batches.get(batchId);
    return batch && batch.userId === userId && batch.surveyId === surveyId ? { ...batch } : undefined;
  }

  async listBatchesBySurvey(userId: string, surveyId: string) {
    return [...this.batches.values()]
      .filter((b) => b.userId === userId && b.surveyId === surveyId)
      .sort((a, b) => (a.id < b.id ? 1 : -1))
      .map((b) => ({ ...b }));
  }

  /** The table's page: newest first after the cursor's batch, the same cursors, `next` only when more follow. */
  async pageBatches(userId: string, surveyId: string, cursor: string | undefined, limit: number) {
    const after = cursor === undefined ? undefined : batchOfCursor(cursor, userId, surveyId);
    const newest = (await this.listBatchesBySurvey(userId, surveyId)).filter(
      (b) => after === undefined || b.id < after,
    );
    const items = newest.slice(0, limit);
    const last = items[items.length - 1];
    return { items, next: newest.length > limit && last ? batchCursorOf(userId, surveyId, last.id) : null };
  }

  async pageRecipients(batchId: string, after: string | undefined, limit: number) {
    const items = (this.recipients.get(batchId) ?? [])
      .filter((r) => after === undefined || r.id > after)
      .slice(0, limit)
      .map((r) => ({ ...r, counted: [...r.counted] }));
    return { items, next: items.length === limit ? items[items.length - 1]!.id : null };
  }

  async getRecipient(batchId: string, recipientId: string) {
    const r = this.recipient(batchId, recipientId);
    return r && { ...r, counted: [...r.counted] };
  }

  /** The owner entries (request-queue.ts): when each owner's next turn is, and its version. */
  readonly owners = new Map<string, QueuedOwner>();

  /** `scheduleOwner` of request-queue.ts: earlier unless parked, the version counted up either way. */
  private scheduleOwner(userId: string, dueAt: string) {
    const owner = this.owners.get(userId);
    if (!owner) this.owners.set(userId, { userId, dueAt, version: 1, parkedUntil: null });
    else
      this.owners.set(userId, {
        ...owner,
        dueAt: owner.dueAt > dueAt && !owner.parkedUntil ? dueAt : owner.dueAt,
        version: owner.version + 1,
      });
  }

  async dueOwners(now: string, limit: number) {
    return [...this.owners.values()]
      .filter((o) => o.dueAt <= now)
      .sort((a, b) => (a.dueAt < b.dueAt ? -1 : a.dueAt > b.dueAt ? 1 : 0))
      .slice(0, limit)
      .map((o) => ({ ...o }));
  }

  async queuedOwner(userId: string) {
    const owner = this.owners.get(userId);
    return owner && { ...owner };
  }

  /** The owner's batch entries in the table's order: by due time, then batch id. */
  private queuedOf(userId: string) {
    return [...this.queue.values()]
      .filter((d) => d.userId === userId)
      .sort((a, b) => (a.dueAt + a.batchId < b.dueAt + b.batchId ? -1 : 1));
  }

  async dueBatchesOf(userId: string, now: string, limit: number) {
    return this.queuedOf(userId)
      .filter((d) => d.dueAt <= now)
      .slice(0, limit)
      .map((d) => ({ ...d }));
  }

  async queuedBatch(userId: string, batchId: string) {
    const entry = this.queue.get(batchId);
    return entry?.userId === userId ? { ...entry } : undefined;
  }

  async settleOwner(owner: QueuedOwner, { parkUntil, notBefore }: OwnerSettlement) {
    const stored = this.owners.get(owner.userId);
    if (stored?.version !== owner.version) return false;
    const next = this.queuedOf(owner.userId)[0];
    if (parkUntil === undefined && !next) this.owners.delete(owner.userId);
    else
      this.owners.set(owner.userId, {
        ...stored,
        dueAt: parkUntil ?? (next!.dueAt > notBefore ? next!.dueAt : notBefore),
        parkedUntil: parkUntil ?? null,
        version: stored.version + 1,
      });
    return true;
  }

  async wakeOwner(userId: string, at: string) {
    const owner = this.owners.get(userId);
    if (owner?.parkedUntil)
      this.owners.set(userId, { ...owner, dueAt: at, parkedUntil: null, version: owner.version + 1 });
  }

  async setBatchState(
    { batchId }: Pick<DueBatch, 'batchId'>,
    state: RequestBatchRecord['state'],
    waitingUntil: string | null,
  ) {
    const batch = this.batches.get(batchId);
    if (batch) this.batches.set(batchId, { ...batch, state, waitingUntil });
  }

  /** Moves the entry only if it is still where the caller read it (an overlapping run's move stands). */
  async reschedule(entry: DueBatch, dueAt: string) {
    const stored = this.queue.get(entry.batchId);
    if (stored?.dueAt === entry.dueAt) this.queue.set(entry.batchId, { ...stored, dueAt });
  }

  async dequeue(entry: DueBatch) {
    if (this.queue.get(entry.batchId)?.dueAt === entry.dueAt) this.queue.delete(entry.batchId);
  }

  async suppressionsOf(userId: string, hashes: readonly string[]) {
    const found = new Map<string, SuppressionReason>();
    for (const hash of hashes) {
      const s = this.suppressions.get(`${userId}/${hash}`) ?? this.platformSuppressions.get(hash);
      if (s) found.set(hash, s.reason);
    }
    return found;
  }

  private suppressed(userId: string, hash: string) {
    return this.suppressions.has(`${userId}/${hash}`) || this.platformSuppressions.has(hash);
  }

  /** Whether a text's month is spent (`texts` absent: no text, nothing counted). */
  private spent(userId: string, texts: ClaimVia['texts']) {
    return !!texts && (this.textCounts.get(`${userId}/${texts.month}`) ?? 0) >= texts.allowance;
  }

  private countText(userId: string, texts: ClaimVia['texts'], by: number) {
    if (!texts) return;
    const key = `${userId}/${texts.month}`;
    this.textCounts.set(key, (this.textCounts.get(key) ?? 0) + by);
  }

  async claim({
    recipient: who,
    channel,
    contact: to,
    texts,
    now,
    askedBefore,
    day,
    dailyCap,
  }: ClaimInput): Promise<ClaimOutcome> {
    const r = this.recipient(who.batchId, who.id);
    if (!r || r.state !== 'queued') return 'not-queued';
    const hash = addressHashOf(to);
    if (this.suppressed(who.userId, hash)) return 'suppressed';
    const contact = this.contacts.get(`${who.userId}/${hash}`);
    if (contact && contact.contactedAt >= askedBefore) return 'recently-asked';
    const countKey = `${who.userId}/${day}`;
    const count = this.dailyCounts.get(countKey) ?? 0;
    if (count >= dailyCap) return 'capped';
    if (this.spent(who.userId, texts)) return 'spent';
    this.countText(who.userId, texts, 1);
    r.state = 'sending';
    r.claimedAt = now;
    r.channel = channel;
    this.contacts.set(`${who.userId}/${hash}`, { batchId: who.batchId, recipientId: who.id, contactedAt: now });
    this.dailyCounts.set(countKey, count + 1);
    return 'claimed';
  }

  async markSent(batchId: string, recipientId: string, sentAt: string) {
    const r = this.recipient(batchId, recipientId);
    if (!r || r.state !== 'sending')
      throw Object.assign(new Error('Condition failed'), { name: 'ConditionalCheckFailedException' });
    r.state = 'sent';
    r.sentAt = sentAt;
  }

  async skip(batchId: string, recipientId: string, reason: RecipientRecord['reason'] & string) {
    const r = this.recipient(batchId, recipientId);
    if (!r || r.state !== 'queued') return false;
    r.state = 'skipped';
    r.reason = reason;
    return true;
  }

  async fail(batchId: string, recipientId: string, reason: RecipientRecord['reason'] & string) {
    const r = this.recipient(batchId, recipientId);
    if (r?.state !== 'sending') return;
    r.state = 'failed';
    r.reason = reason;
  }

  async release(who: Pick<RecipientRecord, 'batchId' | 'id' | 'userId'>, day: string, via: ClaimVia) {
    this.countText(who.userId, via.texts, -1);
    const hash = addressHashOf(via.contact);
    const contact = this.contacts.get(`${who.userId}/${hash}`);
    if (contact?.batchId === who.batchId && contact.recipientId === who.id)
      this.contacts.delete(`${who.userId}/${hash}`);
    const countKey = `${who.userId}/${day}`;
    this.dailyCounts.set(countKey, (this.dailyCounts.get(countKey) ?? 0) - 1);
    const r = this.recipient(who.batchId, who.id);
    if (r?.state === 'sending') {
      r.state = 'queued';
      r.claimedAt = null;
    }
  }

  async suppress(userId: string, email: string, reason: SuppressionReason, at: string) {
    const key = `${userId}/${addressHashOf(email)}`;
    if (!this.suppressions.has(key)) this.suppressions.set(key, { reason, createdAt: at });
  }

  async suppressForAll(email: string, reason: PlatformSuppressionReason, at: string) {
    const hash = addressHashOf(email);
    if (!this.platformSuppressions.has(hash)) this.platformSuppressions.set(hash, { reason, createdAt: at });
  }

  async getSendingHealth(userId: string, channel: SendingChannel) {
    return structuredClone(this.sendingHealth.get(`${userId}/${channel}`) ?? emptySendingHealth);
  }

  async updateSendingHealth(
    userId: string,
    channel: SendingChannel,
    change: (state: SendingHealthState) => SendingHealthState,
  ) {
    // Read, change and write with no await between them: atomic, as the table's version condition makes it.
    const before = structuredClone(this.sendingHealth.get(`${userId}/${channel}`) ?? emptySendingHealth);
    const after = change(before);
    if (after !== before) this.sendingHealth.set(`${userId}/${channel}`, structuredClone(after));
    return { before, after };
  }

  async queuePauseNotice(notice: DuePauseNotice) {
    this.pauseNotices.set(`${notice.userId}/${notice.channel}`, { ...notice });
  }

  async duePauseNotices(limit: number) {
    return [...this.pauseNotices.values()]
      .sort((a, b) => (a.pausedAt < b.pausedAt ? -1 : 1))
      .slice(0, limit)
      .map((n) => ({ ...n }));
  }

  async takePauseNotice({ userId, channel }: Pick<DuePauseNotice, 'userId' | 'channel'>) {
    return this.pauseNotices.delete(`${userId}/${channel}`);
  }

  async listSuppressions(userId: string) {
    return [...this.suppressions]
      .filter(([key]) => key.startsWith(`${userId}/`))
      .map(([key, s]) => ({ addressHash: key.slice(userId.length + 1), ...s }));
  }

  async markLink(
    batchId: string,
    recipientId: string,
    marks: Partial<Record<'openedAt' | 'ratedAt' | 'clickedAt', string>>,
  ) {
    const r = this.recipient(batchId, recipientId);
    if (!r) return;
    for (const [key, value] of Object.entries(marks) as [keyof typeof marks, string | undefined][])
      if (value) r[key] = value;
  }

  async countFunnel(
    who: Pick<RecipientRecord, 'batchId' | 'id' | 'surveyId' | 'channel'>,
    stages: readonly FunnelMark[],
  ): Promise<FunnelCountOutcome> {
    if (stages.length === 0) return 'counted';
    const r = this.recipient(who.batchId, who.id);
    if (!r) return 'gone';
    const reached = reachedOf(r);
    if (stages.some((stage) => r.counted.includes(stage) || !reached.includes(stage))) return 'stale';
    r.counted.push(...stages);
    const funnel = this.funnels.get(who.surveyId) ?? {};
    for (const stage of stages) {
      const attribute = funnelAttribute(who.channel ?? 'email', stage);
      funnel[attribute] = (funnel[attribute] ?? 0) + 1;
    }
    this.funnels.set(who.surveyId, funnel);
    return 'counted';
  }

  async getFunnel(surveyId: string): Promise<RequestFunnel> {
    return funnelOf(this.funnels.get(surveyId));
  }

  async markSuppressed(batchId: string, recipientId: string, reason: SuppressionReason) {
    const r = this.recipient(batchId, recipientId);
    if (r && !r.suppressedAs) r.suppressedAs = reason;
  }

  async claimReminder({
    recipient: who,
    contact: to,
    texts,
    now,
    day,
    dailyCap,
  }: Omit<ClaimInput, 'askedBefore' | 'contactExpiresAt'>): Promise<ReminderClaimOutcome> {
    const r = this.recipient(who.batchId, who.id);
    if (!r || r.state !== 'sent' || r.ratedAt || r.reminderState) return 'not-eligible';
    if (this.suppressed(who.userId, addressHashOf(to))) return 'suppressed';
    const countKey = `${who.userId}/${day}`;
    const count = this.dailyCounts.get(countKey) ?? 0;
    if (count >= dailyCap) return 'capped';
    if (this.spent(who.userId, texts)) return 'spent';
    this.countText(who.userId, texts, 1);
    r.reminderState = 'sending';
    r.reminderClaimedAt = now;
    this.dailyCounts.set(countKey, count + 1);
    return 'claimed';
  }

  async markReminded(batchId: string, recipientId: string, at: string) {
    const r = this.recipient(batchId, recipientId);
    if (r?.reminderState !== 'sending')
      throw Object.assign(new Error('Condition failed'), { name: 'ConditionalCheckFailedException' });
    r.reminderState = 'sent';
    r.remindedAt = at;
  }

  async failReminder(batchId: string, recipientId: string) {
    const r = this.recipient(batchId, recipientId);
    if (r?.reminderState === 'sending') r.reminderState = 'failed';
  }

  async releaseReminder(who: Pick<RecipientRecord, 'batchId' | 'id' | 'userId'>, day: string, via: ClaimVia) {
    this.countText(who.userId, via.texts, -1);
    const countKey = `${who.userId}/${day}`;
    this.dailyCounts.set(countKey, (this.dailyCounts.get(countKey) ?? 0) - 1);
    const r = this.recipient(who.batchId, who.id);
    if (r?.reminderState === 'sending') {
      r.reminderState = null;
      r.reminderClaimedAt = null;
    }
  }

  async deleteBySurvey(userId: string, surveyId: string) {
    for (const batch of await this.listBatchesBySurvey(userId, surveyId)) {
      this.queue.delete(batch.id);
      this.recipients.delete(batch.id);
      this.batches.delete(batch.id);
    }
    this.funnels.delete(surveyId);
    await this.deleteHookOf(surveyId);
  }

  async deleteByOwner(userId: string) {
    for (const batch of [...this.batches.values()])
      if (batch.userId === userId) {
        this.queue.delete(batch.id);
        this.recipients.delete(batch.id);
        this.batches.delete(batch.id);
      }
    this.owners.delete(userId);
    for (const key of [...this.suppressions.keys()]) if (key.startsWith(`${userId}/`)) this.suppressions.delete(key);
    for (const map of [this.dailyCounts, this.textCounts, this.contacts, this.sendingHealth, this.pauseNotices])
      for (const key of [...map.keys()]) if (key.startsWith(`${userId}/`)) map.delete(key);
  }

  async getHook(surveyId: string) {
    const hook = this.hooks.get(surveyId);
    return hook && { ...hook };
  }

  async saveHook(hook: RequestHookRecord) {
    this.guard(hook.userId, `Saving the hook of ${hook.surveyId}`);
    this.hooks.set(hook.surveyId, { ...hook });
  }

  async setHookDelay(userId: string, surveyId: string, delayMinutes: number) {
    const hook = this.hooks.get(surveyId);
    if (hook?.userId !== userId) return undefined;
    hook.delayMinutes = delayMinutes;
    return { ...hook };
  }

  async getHookCall(surveyId: string, externalIdHash: string) {
    const call = this.hookCalls.get(`${surveyId}/${externalIdHash}`);
    return call && { ...call };
  }

  async deleteHookOf(surveyId: string) {
    this.hooks.delete(surveyId);
    for (const key of [...this.hookCalls.keys()]) if (key.startsWith(`${surveyId}/`)) this.hookCalls.delete(key);
  }
}
