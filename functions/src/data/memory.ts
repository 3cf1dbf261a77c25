import { emptyProfile, type Profile, type Survey } from '@reviewroute/shared';
import { erasedUserHash } from './account-data-repository';
import {
  newestFirst,
  providerStatusRank,
  zeroTally,
  type AssetCdn,
  type AccountAdmin,
  type AccountDataRepository,
  type AssetStore,
  type BillingRecord,
  type BillingRepository,
  type BillingUpsertOutcome,
  type ErasureJob,
  type NewSubmission,
  type ProfileRepository,
  type ResponseRepository,
  type ResponseTicket,
  type ReviewClickOutcome,
  type SubmitOutcome,
  type SurveyRepository,
  type SurveyResponseRecord,
  type SurveyTally,
} from './repositories';

/**
 * In-memory repositories with the same contract as the DynamoDB/S3 ones (ownership, code uniqueness,
 * "a code never changes"), for unit tests of services and handlers without AWS. Both are held to the
 * same expectations by repository-contract.ts (memory.test.ts here, tests/integration/repositories.test.ts
 * on DynamoDB Local).
 */
export class MemorySurveyRepository implements SurveyRepository {
  readonly surveys = new Map<string, Survey>();
  /** code -> { userId, surveyId } */
  readonly codes = new Map<string, { userId: string; surveyId: string }>();
  /** Created by publish and deleted with the survey, as in the table's transactions; counted by the response fake. */
  readonly tallies = new Map<string, SurveyTally>();

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
    this.surveys.set(key, MemorySurveyRepository.copy(survey));
  }

  async update(userId: string, surveyId: string, changes: Partial<Survey>, updatedAt: string) {
    const key = MemorySurveyRepository.key(userId, surveyId);
    const current = this.surveys.get(key);
    if (!current) return undefined;
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    const next = { ...current, ...MemorySurveyRepository.copy(defined), updatedAt };
    this.surveys.set(key, next);
    return MemorySurveyRepository.copy(next);
  }

  async activate(userId: string, surveyId: string, updatedAt: string) {
    const key = MemorySurveyRepository.key(userId, surveyId);
    const current = this.surveys.get(key);
    if (!current) return undefined;
    const next: Survey = { ...current, status: 'active', isActive: true, updatedAt };
    this.surveys.set(key, next);
    return MemorySurveyRepository.copy(next);
  }

  async deactivate(userId: string, surveyId: string) {
    const current = this.surveys.get(MemorySurveyRepository.key(userId, surveyId));
    if (current) current.isActive = false;
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
    this.codes.set(p.surveyCode, { userId, surveyId });
    this.tallies.set(surveyId, zeroTally(surveyId));
    this.surveys.set(key, {
      ...current,
      status: 'active',
      isActive: true,
      surveyCode: p.surveyCode,
      businessSlug: p.businessSlug,
      landingPageUrl: p.landingPageUrl,
      updatedAt: p.publishedAt,
    });
    return 'published' as const;
  }

  async delete(userId: string, surveyId: string, code: string | null) {
    this.tallies.delete(surveyId);
    if (code) this.codes.delete(code);
    this.surveys.delete(MemorySurveyRepository.key(userId, surveyId));
  }
}

/**
 * Responses and the public submit's items; it reads the survey fake's surveys and counts in its tallies.
 * Submit and click are all-or-nothing like the DynamoDB transactions (each call runs without awaiting in
 * between, so it is atomic here too).
 */
export class MemoryResponseRepository implements ResponseRepository {
  /** surveyId -> its responses */
  readonly responses = new Map<string, SurveyResponseRecord[]>();
  /** `${surveyId}/${idempotencyKey}` -> the first answer */
  readonly submissions = new Map<string, { responseId: string; clickToken: string; expiresAt: number }>();
  readonly tickets = new Map<string, ResponseTicket>();
  readonly clickTokenHashes = new Map<string, string>();
  /** `${key}/${window}` -> count */
  readonly rateWindows = new Map<string, number>();
  readonly salts = new Map<string, string>();

  constructor(readonly surveys: MemorySurveyRepository) {}

  async submit(s: NewSubmission): Promise<SubmitOutcome> {
    const r = s.response;
    const first = this.submissions.get(`${r.surveyId}/${s.idempotencyKey}`);
    if (first) return { kind: 'duplicate', responseId: first.responseId, clickToken: first.clickToken };
    const survey = this.surveys.surveys.get(`${s.userId}/${r.surveyId}`);
    const tally = this.surveys.tallies.get(r.surveyId);
    if (!survey?.isActive || !tally) return { kind: 'survey-gone' };
    const full = s.rate.find((slot) => (this.rateWindows.get(`${slot.key}/${slot.window}`) ?? 0) >= slot.limit);
    if (full) return { kind: 'rate-limited', slot: full };
    for (const slot of s.rate) {
      const windowKey = `${slot.key}/${slot.window}`;
      this.rateWindows.set(windowKey, (this.rateWindows.get(windowKey) ?? 0) + 1);
    }
    this.submissions.set(`${r.surveyId}/${s.idempotencyKey}`, {
      responseId: r.id,
      clickToken: s.clickToken,
      expiresAt: s.idempotencyExpiresAt,
    });
    this.tickets.set(r.id, { responseId: r.id, surveyId: r.surveyId, clickTokenHash: s.clickTokenHash });
    this.clickTokenHashes.set(r.id, s.clickTokenHash);
    tally.count += 1;
    tally.sum += r.rating;
    tally.histogram[r.rating - 1]! += 1;
    const list = this.responses.get(r.surveyId) ?? [];
    list.push(structuredClone(r));
    this.responses.set(r.surveyId, list);
    return { kind: 'stored' };
  }

  async ticket(responseId: string) {
    const ticket = this.tickets.get(responseId);
    return ticket && { ...ticket };
  }

  async recordReviewClick(surveyId: string, responseId: string): Promise<ReviewClickOutcome> {
    const response = this.responses.get(surveyId)?.find((r) => r.id === responseId);
    const tally = this.surveys.tallies.get(surveyId);
    if (!response || !tally) return 'not-found';
    if (response.googleReviewClicked) return 'already-clicked';
    response.googleReviewClicked = true;
    tally.reviewClicks += 1;
    return 'clicked';
  }

  async getTally(surveyId: string) {
    const tally = this.surveys.tallies.get(surveyId);
    return tally && structuredClone(tally);
  }

  async listResponses(surveyId: string, limit: number) {
    return [...(this.responses.get(surveyId) ?? [])]
      .sort((a, b) => (a.id < b.id ? 1 : -1))
      .slice(0, limit)
      .map((r) => structuredClone(r));
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

  async deleteBySurvey(surveyId: string) {
    this.responses.delete(surveyId);
  }

  async clientKeySalt(day: string, candidate: string) {
    if (!this.salts.has(day)) this.salts.set(day, candidate);
    return this.salts.get(day)!;
  }
}

export class MemoryProfileRepository implements ProfileRepository {
  readonly profiles = new Map<string, Profile>();

  async get(userId: string) {
    const profile = this.profiles.get(userId);
    return profile && { ...profile };
  }

  async update(userId: string, changes: Partial<Profile>, updatedAt: string) {
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    const next = { ...(this.profiles.get(userId) ?? emptyProfile(userId)), ...defined, userId, updatedAt };
    this.profiles.set(userId, next);
    return { ...next };
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
    const key = `${record.userId}/${record.id}`;
    const stored = this.records.get(key);
    if (
      stored &&
      providerStatusRank[stored.providerStatus] >= providerStatusRank[record.providerStatus] &&
      stored.providerStatus !== record.providerStatus
    )
      return 'kept';
    // As in the table, empty text is not kept: it reads back as ''.
    this.records.set(key, { ...record });
    return 'written';
  }
}

/**
 * The export's and the erasure's twin: reads and deletes in the other fakes' maps, as the DynamoDB one
 * does in their partitions. `failNext` makes the next call throw (an interruption at any step).
 */
export class MemoryAccountData implements AccountDataRepository {
  readonly jobs = new Map<string, ErasureJob>();
  /** Tombstones' expiry (epoch seconds) by hashed user id, as the table keys them. */
  readonly tombstones = new Map<string, number>();
  failNext: string | undefined;

  constructor(
    readonly responses: MemoryResponseRepository,
    readonly profiles: MemoryProfileRepository,
    readonly billing: MemoryBillingRepository,
  ) {}

  private step(name: string) {
    if (this.failNext === name) {
      this.failNext = undefined;
      throw new Error(`Interrupted at ${name}`);
    }
  }

  async pageResponses(surveyId: string, after: string | undefined, limit: number) {
    this.step('pageResponses');
    const items = [...(this.responses.responses.get(surveyId) ?? [])]
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .filter((r) => after === undefined || r.id > after)
      .slice(0, limit)
      .map((r) => structuredClone(r));
    return { items, next: items.length === limit ? items[items.length - 1]!.id : null };
  }

  async startErasure(job: ErasureJob) {
    this.step('startErasure');
    if (!this.jobs.has(job.userId)) this.jobs.set(job.userId, { ...job });
    return { ...this.jobs.get(job.userId)! };
  }

  async erasure(userId: string) {
    const job = this.jobs.get(userId);
    return job && { ...job };
  }

  async updateErasure(userId: string, stage: ErasureJob['stage'], updatedAt: string) {
    this.step('updateErasure');
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
    this.step('finishErasure');
    this.jobs.delete(userId);
  }

  async markErased(userId: string, expiresAt: number) {
    this.step('markErased');
    this.tombstones.set(erasedUserHash(userId), expiresAt);
  }

  async isErased(userId: string, now: number) {
    const expiresAt = this.tombstones.get(erasedUserHash(userId));
    return expiresAt !== undefined && expiresAt > now;
  }

  async eraseSurveyItems(surveyId: string, limit: number) {
    this.step('eraseSurveyItems');
    const list = this.responses.responses.get(surveyId) ?? [];
    if (list.length > 0) {
      const gone = list.splice(0, limit);
      for (const r of gone) {
        this.responses.tickets.delete(r.id);
        this.responses.clickTokenHashes.delete(r.id);
      }
      if (list.length === 0) this.responses.responses.delete(surveyId);
      return gone.length;
    }
    const keys = [...this.responses.submissions.keys()].filter((k) => k.startsWith(`${surveyId}/`)).slice(0, limit);
    for (const k of keys) this.responses.submissions.delete(k);
    return keys.length;
  }

  async eraseSurveyRateWindows(surveyId: string) {
    this.step('eraseSurveyRateWindows');
    for (const k of [...this.responses.rateWindows.keys()])
      if (k.startsWith(`survey:${surveyId}/`)) this.responses.rateWindows.delete(k);
  }

  async eraseOwnerRecords(userId: string) {
    this.step('eraseOwnerRecords');
    for (const [k, r] of [...this.billing.records]) if (r.userId === userId) this.billing.records.delete(k);
    this.profiles.profiles.delete(userId);
  }
}

/** The identity provider's twin: which users exist and which are locked out. */
export class MemoryAccountAdmin implements AccountAdmin {
  readonly users = new Set<string>();
  readonly lockedOut = new Set<string>();
  failNext: string | undefined;

  private step(name: string) {
    if (this.failNext === name) {
      this.failNext = undefined;
      throw new Error(`Interrupted at ${name}`);
    }
  }

  async lockOut(username: string) {
    this.step('lockOut');
    if (this.users.has(username)) this.lockedOut.add(username);
  }

  async deleteUser(username: string) {
    this.step('deleteUser');
    this.users.delete(username);
    this.lockedOut.delete(username);
  }
}
