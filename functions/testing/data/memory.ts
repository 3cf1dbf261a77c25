import {
  emptyProfile,
  matchesInboxFilter,
  type InboxFilter,
  type InboxState,
  type WebsiteHideReason,
  type Profile,
  type Survey,
} from '@reviewroute/shared';
import { AccountErasedError } from '../../src/lib/erasure-guard';
import { erasedUserHash } from '../../src/data/erasure-repository';
import { MemoryReviewRequestStore } from './memory-review-requests';
import { MemoryOwnerAlertStore } from './memory-owner-alerts';
import { createMemoryWrittenSurveyStore } from './memory-written-surveys';
import { createMemoryRateLimiter } from './memory-rate-limiter';
import { memoryCount, weekOf } from '../../src/data/survey-stats';
import {
  newestFirst,
  statusRankOf,
  type BillingRecord,
  type BillingRepository,
  type BillingUpsertOutcome,
} from '../../src/data/billing-repository';
import type { AssetCdn } from '../../src/data/asset-cdn';
import type { AccountAdmin } from '../../src/data/account-admin';
import type { AssetStore } from '../../src/data/asset-store';
import type { ClientKeySaltStore } from '../../src/data/client-key-salts';
import type { ErasureJob, ErasureRepository } from '../../src/data/erasure-repository';
import type {
  InboxPageRequest,
  InboxPageResult,
  InboxResponseRecord,
  NewSubmission,
  ResponseStore,
  ReviewClickOutcome,
  SubmitOutcome,
  SurveyResponseRecord,
} from '../../src/data/response-store';
import type { ProfileRepository } from '../../src/data/profile-repository';
import { type SurveyRepository, StaleSurveyVersionError } from '../../src/data/survey-repository';
import type { SurveyStatsStore, SurveyTally, TallyEvent, WeekTally } from '../../src/data/survey-stats';
import { MemoryExportJobStore } from './memory-export-jobs';
import { MemoryRecoveryCodeStore } from './memory-recovery-codes';
import { MemoryWebsiteReviews } from './memory-website-reviews';

/**
 * In-memory repositories with the same contract as the DynamoDB/S3 ones (ownership, code uniqueness,
 * "a code never changes"), for unit tests of services and handlers without AWS. Both are held to the
 * same expectations by repository-contract.ts (memory.test.ts here, tests/integration/repositories.test.ts
 * on DynamoDB Local).
 */
/**
 * The tombstone condition of the table's creating writes (`tombstoneAbsent`), for the fakes: throws as the
 * DynamoDB repositories do when the owner has a live tombstone. Wired by `createMemoryStores`.
 */
export type ErasedGuard = (userId: string, what: string) => void;
const noGuard: ErasedGuard = () => undefined;

export class MemorySurveyRepository implements SurveyRepository {
  readonly surveys = new Map<string, Survey>();
  guard: ErasedGuard = noGuard;
  /** code -> { userId, surveyId } */
  readonly codes = new Map<string, { userId: string; surveyId: string }>();

  private static key = (userId: string, surveyId: string) => `${userId}/${surveyId}`;
  private static copy = <T>(value: T): T => structuredClone(value);

  async listByOwner(userId: string) {
    return [...this.surveys.values()]
      .filter((s) => s.userId === userId)
      .sort((a, b) => (a.id < b.id ? 1 : -1))
      .map(MemorySurveyRepository.copy);
  }

  async get(userId: string, surveyId: string) {
    const survey = this.surveys.get(MemorySurveyRepository.key(userId, surveyId));
    return survey && MemorySurveyRepository.copy(survey);
  }

  async findByCode(code: string) {
    const owner = this.codes.get(code);
    return owner ? this.get(owner.userId, owner.surveyId) : undefined;
  }

  async create(survey: Survey) {
    const key = MemorySurveyRepository.key(survey.userId, survey.id);
    if (this.surveys.has(key)) throw new Error('ConditionalCheckFailed');
    this.guard(survey.userId, `Creating ${survey.id}`);
    this.surveys.set(key, MemorySurveyRepository.copy(survey));
  }

  async update(
    userId: string,
    surveyId: string,
    changes: Partial<Survey>,
    updatedAt: string,
    { expectedVersion }: { expectedVersion?: number } = {},
  ) {
    const key = MemorySurveyRepository.key(userId, surveyId);
    const current = this.surveys.get(key);
    if (!current) return undefined;
    if (expectedVersion !== undefined && current.version !== expectedVersion)
      throw new StaleSurveyVersionError(`Survey ${surveyId} is no longer at version ${expectedVersion}`);
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    const next = { ...current, ...MemorySurveyRepository.copy(defined), updatedAt, version: current.version + 1 };
    this.surveys.set(key, next);
    return MemorySurveyRepository.copy(next);
  }

  async activate(userId: string, surveyId: string, updatedAt: string) {
    const key = MemorySurveyRepository.key(userId, surveyId);
    const current = this.surveys.get(key);
    if (!current) return undefined;
    const next: Survey = { ...current, status: 'active', isActive: true, updatedAt, version: current.version + 1 };
    this.surveys.set(key, next);
    return MemorySurveyRepository.copy(next);
  }

  async deactivate(userId: string, surveyId: string) {
    const current = this.surveys.get(MemorySurveyRepository.key(userId, surveyId));
    if (current) Object.assign(current, { isActive: false, version: current.version + 1 });
  }

  async publish(
    userId: string,
    surveyId: string,
    p: { surveyCode: string; businessSlug: string; landingPageUrl: string; publishedAt: string },
  ) {
    const key = MemorySurveyRepository.key(userId, surveyId);
    const current = this.surveys.get(key);
    if (!current) return 'not-found' as const;
    if (current.surveyCode) return 'already-published' as const;
    if (this.codes.has(p.surveyCode)) return 'code-taken' as const;
    this.guard(userId, `Publishing ${surveyId}`);
    this.codes.set(p.surveyCode, { userId, surveyId });
    this.surveys.set(key, {
      ...current,
      status: 'active',
      isActive: true,
      surveyCode: p.surveyCode,
      businessSlug: p.businessSlug,
      landingPageUrl: p.landingPageUrl,
      updatedAt: p.publishedAt,
      version: current.version + 1,
    });
    return 'published' as const;
  }

  async delete(userId: string, surveyId: string, code: string | null) {
    if (code) this.codes.delete(code);
    this.surveys.delete(MemorySurveyRepository.key(userId, surveyId));
  }
}

/**
 * The tallies, counted as the stats worker counts them (survey-stats.ts `memoryCount`): each response and
 * click once, only while the response exists. `crashAfterSurveys` makes the next count fail part-way, as a
 * worker that dies mid-batch.
 */
export class MemorySurveyStats implements SurveyStatsStore {
  readonly tallies = new Map<string, SurveyTally>();
  /** surveyId -> its week tallies by week. */
  readonly weeks = new Map<string, Map<string, WeekTally>>();
  /** What was counted (`response/…` and `click/…` per survey and response): the marks on the responses. */
  readonly marks = new Set<string>();
  crashAfterSurveys: number | undefined;
  /** Set by createMemoryStores: whether a response exists, and whether it was clicked. */
  responseOf: (surveyId: string, responseId: string) => { googleReviewClicked: boolean } | undefined = () => undefined;

  async count(events: readonly TallyEvent[]) {
    const crash = this.crashAfterSurveys;
    this.crashAfterSurveys = undefined;
    return memoryCount(this.tallies, this.weeks, this.marks, this.responseOf, events, crash);
  }

  async getTally(surveyId: string) {
    const tally = this.tallies.get(surveyId);
    return tally && structuredClone(tally);
  }

  async getWeeks(surveyId: string, from: string, to: string) {
    return [...(this.weeks.get(surveyId)?.values() ?? [])]
      .filter((w) => w.week >= from && w.week <= to)
      .sort((a, b) => (a.week < b.week ? -1 : 1))
      .map((w) => structuredClone(w));
  }

  async deleteBySurvey(surveyId: string) {
    this.tallies.delete(surveyId);
    this.weeks.delete(surveyId);
  }
}

export class MemoryClientKeySalts implements ClientKeySaltStore {
  readonly salts = new Map<string, string>();

  async saltOf(day: string, candidate: string) {
    if (!this.salts.has(day)) this.salts.set(day, candidate);
    return this.salts.get(day)!;
  }
}

/**
 * Responses, each its own idempotency record (keyed by its derived id). `stream` is what the table's stream
 * would carry for the stats worker: a created response and a flagged click (`catchUpStats` feeds it).
 */
export class MemoryResponseStore implements ResponseStore {
  /** surveyId -> its responses */
  readonly responses = new Map<string, SurveyResponseRecord[]>();
  readonly clickTokenHashes = new Map<string, string>();
  /** responseId -> the owner's inbox state and note (absent: new, no note) */
  readonly inbox = new Map<string, { state: InboxState; note: string | null }>();
  readonly stream: TallyEvent[] = [];

  private find(surveyId: string, responseId: string) {
    return this.responses.get(surveyId)?.find((r) => r.id === responseId);
  }

  async submit({ response: r, clickTokenHash }: NewSubmission): Promise<SubmitOutcome> {
    if (this.find(r.surveyId, r.id)) return 'duplicate';
    this.clickTokenHashes.set(r.id, clickTokenHash);
    const list = this.responses.get(r.surveyId) ?? [];
    list.push(structuredClone(r));
    this.responses.set(r.surveyId, list);
    const week = weekOf(r.createdAt);
    this.stream.push({
      kind: 'response',
      surveyId: r.surveyId,
      responseId: r.id,
      rating: r.rating,
      ...(week ? { week } : {}),
    });
    return 'stored';
  }

  async recordReviewClick(surveyId: string, responseId: string, clickTokenHash: string): Promise<ReviewClickOutcome> {
    const response = this.find(surveyId, responseId);
    if (!response || this.clickTokenHashes.get(responseId) !== clickTokenHash) return 'not-found';
    if (response.googleReviewClicked) return 'already-clicked';
    response.googleReviewClicked = true;
    this.stream.push({ kind: 'click', surveyId, responseId });
    return 'clicked';
  }

  /** Like the sparse index: only non-empty comments, newest first by (createdAt, id). */
  async listFeedback(surveyId: string, limit: number) {
    const key = (r: SurveyResponseRecord) => `${r.createdAt}#${r.id}`;
    return [...(this.responses.get(surveyId) ?? [])]
      .filter((r) => (r.comment ?? '').trim() !== '')
      .sort((a, b) => (key(a) < key(b) ? 1 : -1))
      .slice(0, limit)
      .map((r) => structuredClone(r));
  }

  /**
   * Like the inbox index: newest first by (createdAt, id), at most `maxRead` responses of the filter's band
   * and dates looked at, and where it stopped as `next`.
   */
  async pageInbox(surveyId: string, { filter, before, limit, maxRead }: InboxPageRequest): Promise<InboxPageResult> {
    const key = (p: { createdAt: string; id: string }) => `${p.createdAt}#${p.id}`;
    const start = before ? `${before.createdAt}#${before.responseId}` : undefined;
    const candidates = [...(this.responses.get(surveyId) ?? [])]
      .filter((r) => start === undefined || key(r) < start)
      .map((r): InboxResponseRecord => ({
        ...structuredClone(r),
        ...(this.inbox.get(r.id) ?? { state: 'new', note: null }),
      }))
      .filter((r) => matchesInboxFilter(r, { rating: filter.rating, from: filter.from, to: filter.to }))
      .sort((a, b) => (key(a) < key(b) ? 1 : -1));
    const items: InboxResponseRecord[] = [];
    for (const [index, r] of candidates.entries()) {
      if (matchesInboxFilter(r, filter)) items.push(r);
      const last = index === candidates.length - 1;
      if (items.length === limit || index + 1 >= maxRead) {
        return { items, next: last ? null : { createdAt: r.createdAt, responseId: r.id } };
      }
    }
    return { items, next: null };
  }

  async setInboxState(surveyId: string, responseIds: readonly string[], state: InboxState) {
    let updated = 0;
    for (const id of new Set(responseIds)) {
      if (!this.find(surveyId, id)) continue;
      this.inbox.set(id, { note: null, ...this.inbox.get(id), state });
      updated++;
    }
    return updated;
  }

  async setNote(surveyId: string, responseId: string, note: string | null) {
    if (!this.find(surveyId, responseId)) return false;
    this.inbox.set(responseId, { state: 'new', ...this.inbox.get(responseId), note });
    return true;
  }

  async hideFromWebsite(surveyId: string, responseId: string, reason: WebsiteHideReason, at: string) {
    const response = this.find(surveyId, responseId);
    if (!response) return 'not-found' as const;
    const consent = response.websiteConsent;
    if (!consent) return 'no-consent' as const;
    if (!consent.hiddenReason) Object.assign(consent, { hiddenReason: reason, hiddenAt: at });
    return structuredClone(consent);
  }

  async pageBySurvey(surveyId: string, after: string | undefined, limit: number) {
    const items = [...(this.responses.get(surveyId) ?? [])]
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .filter((r) => after === undefined || r.id > after)
      .slice(0, limit)
      .map((r): InboxResponseRecord => ({
        ...structuredClone(r),
        ...(this.inbox.get(r.id) ?? { state: 'new', note: null }),
      }));
    return { items, next: items.length === limit ? items[items.length - 1]!.id : null };
  }

  /**
   * Like the inbox index read to its end: newest first by (createdAt, id), one page per `pageSize` responses
   * of the filter's band and dates looked at, holding those the whole filter keeps.
   */
  async *inboxNewestFirst(surveyId: string, filter: InboxFilter, pageSize: number) {
    const key = (p: { createdAt: string; id: string }) => `${p.createdAt}#${p.id}`;
    const candidates = [...(this.responses.get(surveyId) ?? [])]
      .map((r): InboxResponseRecord => ({
        ...structuredClone(r),
        ...(this.inbox.get(r.id) ?? { state: 'new', note: null }),
      }))
      .filter((r) => matchesInboxFilter(r, { rating: filter.rating, from: filter.from, to: filter.to }))
      .sort((a, b) => (key(a) < key(b) ? 1 : -1));
    for (let i = 0; i < candidates.length; i += pageSize)
      yield candidates.slice(i, i + pageSize).filter((r) => matchesInboxFilter(r, filter));
  }

  async delete(surveyId: string, responseIds: string[]) {
    const left = (this.responses.get(surveyId) ?? []).filter((r) => !responseIds.includes(r.id));
    for (const id of responseIds) {
      this.clickTokenHashes.delete(id);
      this.inbox.delete(id);
    }
    if (left.length > 0) this.responses.set(surveyId, left);
    else this.responses.delete(surveyId);
  }

  async deleteBySurvey(surveyId: string) {
    await this.delete(
      surveyId,
      (this.responses.get(surveyId) ?? []).map((r) => r.id),
    );
  }
}

export class MemoryProfileRepository implements ProfileRepository {
  readonly profiles = new Map<string, Profile>();
  guard: ErasedGuard = noGuard;

  async get(userId: string) {
    const profile = this.profiles.get(userId);
    return profile && { ...profile };
  }

  async update(userId: string, changes: Partial<Profile>, updatedAt?: string) {
    this.guard(userId, 'Updating the profile');
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    const current = this.profiles.get(userId) ?? emptyProfile(userId);
    const next = { ...current, ...defined, userId, updatedAt: updatedAt ?? current.updatedAt };
    this.profiles.set(userId, next);
    return { ...next };
  }

  async prefill(userId: string, values: Pick<Partial<Profile>, 'fullName' | 'businessName' | 'businessIndustry'>) {
    this.guard(userId, 'Prefilling the profile');
    const current = this.profiles.get(userId) ?? emptyProfile(userId);
    if (current.updatedAt !== null) return;
    const blanks = Object.entries(values).filter(([name, value]) => value && !current[name as keyof Profile]);
    if (blanks.length) this.profiles.set(userId, { ...current, ...Object.fromEntries(blanks) });
  }

  async deleteByOwner(userId: string) {
    this.profiles.delete(userId);
  }
}

export class MemoryAssetStore implements AssetStore {
  readonly objects = new Map<string, Uint8Array>();
  readonly presigned: { key: string; contentType: string; maxBytes: number; expiresInSeconds: number }[] = [];

  constructor(readonly publicBaseUrl = 'https://assets.example.com') {}

  async presignUpload(input: { key: string; contentType: string; maxBytes: number; expiresInSeconds: number }) {
    this.presigned.push(input);
    return { url: 'https://bucket.example.com/', fields: { key: input.key, 'Content-Type': input.contentType } };
  }

  async size(key: string) {
    return this.objects.get(key)?.length;
  }

  async readStart(key: string, length: number) {
    return (this.objects.get(key) ?? new Uint8Array()).slice(0, length);
  }

  async delete(key: string) {
    this.objects.delete(key);
  }

  /** `${key}` -> the content type a copy gave it. */
  readonly contentTypes = new Map<string, string>();

  async copy(from: string, to: string, contentType: string) {
    const bytes = this.objects.get(from);
    if (!bytes) throw Object.assign(new Error(`No object ${from}`), { name: 'NoSuchKey' });
    this.objects.set(to, bytes.slice());
    this.contentTypes.set(to, contentType);
  }

  async deletePrefix(prefix: string) {
    let n = 0;
    for (const key of [...this.objects.keys()])
      if (key.startsWith(prefix)) {
        this.objects.delete(key);
        n++;
      }
    return n;
  }

  publicUrl(key: string) {
    return `${this.publicBaseUrl}/${key}`;
  }
}

/** The CDN's memory twin: the paths it was asked to invalidate, in order. */
export class MemoryAssetCdn implements AssetCdn {
  readonly invalidated: string[] = [];

  async invalidate(paths: string[]) {
    this.invalidated.push(...paths);
  }
}

/** Billing records with the table's rules: keyed by (owner, payment id), a stale status never overwrites a later one. */
export class MemoryBillingRepository implements BillingRepository {
  /** `${userId}/${paymentId}` -> the record */
  readonly records = new Map<string, BillingRecord>();
  guard: ErasedGuard = noGuard;

  async listForUser(userId: string) {
    return [...this.records.values()]
      .filter((r) => r.userId === userId)
      .map((r) => ({ ...r }))
      .sort(newestFirst);
  }

  async get(userId: string, paymentId: string) {
    const record = this.records.get(`${userId}/${paymentId}`);
    return record && { ...record };
  }

  async upsertFromProvider(record: BillingRecord): Promise<BillingUpsertOutcome> {
    this.guard(record.userId, 'Recording a payment');
    const key = `${record.userId}/${record.id}`;
    const stored = this.records.get(key);
    if (
      stored &&
      statusRankOf(stored) >= statusRankOf(record) &&
      (stored.providerStatus !== record.providerStatus || statusRankOf(stored) !== statusRankOf(record))
    )
      return 'kept';
    // As in the table, empty text is not kept: it reads back as ''.
    this.records.set(key, { ...record });
    return record.providerStatus === 'paid' && stored?.providerStatus !== 'paid' ? 'became-paid' : 'written';
  }

  async ownerOf(paymentId: string) {
    return [...this.records.values()].find((r) => r.id === paymentId)?.userId;
  }

  async deleteByOwner(userId: string) {
    for (const [k, r] of [...this.records]) if (r.userId === userId) this.records.delete(k);
  }
}

/** The erasure's jobs and tombstones. */
export class MemoryErasureRepository implements ErasureRepository {
  readonly jobs = new Map<string, ErasureJob>();
  /** Tombstones' expiry (epoch seconds) by hashed user id, as the table keys them. */
  readonly tombstones = new Map<string, number>();
  /** The time (ms) the fakes' tombstone conditions are evaluated at. */
  clock: () => number = Date.now;

  /** The fakes' `tombstoneAbsent`: throws when the user has a live tombstone now. */
  readonly guard: ErasedGuard = (userId, what) => {
    const expiresAt = this.tombstones.get(erasedUserHash(userId));
    if (expiresAt !== undefined && expiresAt > Math.floor(this.clock() / 1000)) throw new AccountErasedError(what);
  };

  async startErasure(job: ErasureJob) {
    if (!this.jobs.has(job.userId)) this.jobs.set(job.userId, { ...job });
    return { ...this.jobs.get(job.userId)! };
  }

  async erasure(userId: string) {
    const job = this.jobs.get(userId);
    return job && { ...job };
  }

  async updateErasure(userId: string, stage: ErasureJob['stage'], updatedAt: string) {
    const job = this.jobs.get(userId);
    if (job) this.jobs.set(userId, { ...job, stage, updatedAt });
  }

  async pendingErasures(limit: number) {
    return [...this.jobs.values()]
      .sort((a, b) => (a.requestedAt < b.requestedAt ? -1 : 1))
      .slice(0, limit)
      .map((j) => ({ ...j }));
  }

  async finishErasure(userId: string) {
    this.jobs.delete(userId);
  }

  async markErased(userId: string, expiresAt: number) {
    this.tombstones.set(erasedUserHash(userId), expiresAt);
  }

  async isErased(userId: string, now: number) {
    const expiresAt = this.tombstones.get(erasedUserHash(userId));
    return expiresAt !== undefined && expiresAt > now;
  }
}

/** The identity provider's twin: which users exist and which are locked out. */
export class MemoryAccountAdmin implements AccountAdmin {
  readonly users = new Set<string>();
  readonly lockedOut = new Set<string>();

  async lockOut(username: string) {
    if (this.users.has(username)) this.lockedOut.add(username);
  }

  async deleteUser(username: string) {
    this.users.delete(username);
    this.lockedOut.delete(username);
  }
}

/** Every in-memory store, wired to each other as the table's owners are: what a unit test's world stands on. */
export function createMemoryStores() {
  const surveys = new MemorySurveyRepository();
  const stats = new MemorySurveyStats();
  const rateLimiter = createMemoryRateLimiter();
  const responses = new MemoryResponseStore();
  stats.responseOf = (surveyId, responseId) => responses.responses.get(surveyId)?.find((r) => r.id === responseId);
  const websiteReviews = new MemoryWebsiteReviews();
  websiteReviews.responseOf = (surveyId, responseId) =>
    responses.responses.get(surveyId)?.find((r) => r.id === responseId);
  const erasures = new MemoryErasureRepository();
  const profiles = new MemoryProfileRepository();
  const requests = new MemoryReviewRequestStore();
  const billing = new MemoryBillingRepository();
  const exportJobs = new MemoryExportJobStore();
  const recoveryCodes = new MemoryRecoveryCodeStore();
  surveys.guard = profiles.guard = requests.guard = billing.guard = exportJobs.guard = erasures.guard;
  recoveryCodes.guard = erasures.guard;
  return {
    surveys,
    stats,
    rateLimiter,
    responses,
    /** The stats worker catching up with the stream: counts everything submitted and clicked so far. */
    catchUpStats: () => stats.count(responses.stream.splice(0)),
    alerts: new MemoryOwnerAlertStore(),
    salts: new MemoryClientKeySalts(),
    profiles,
    billing,
    erasures,
    assets: new MemoryAssetStore(),
    cdn: new MemoryAssetCdn(),
    /** CloudFront's record of the surveys whose pages are written. */
    written: createMemoryWrittenSurveyStore(),
    admin: new MemoryAccountAdmin(),
    requests,
    exportJobs,
    recoveryCodes,
    websiteReviews,
  };
}

export type MemoryStores = ReturnType<typeof createMemoryStores>;
