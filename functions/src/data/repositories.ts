import type {
  InboxFilter,
  InboxState,
  Payment,
  Profile,
  ProfileUpdate,
  ProviderStatus,
  Survey,
  SurveyUpdate,
} from '@reviewroute/shared';

/**
 * The storage boundary the domain services depend on. The electrodb/S3 implementations live beside
 * this file; tests use the in-memory ones in memory.ts, and repository-contract.ts holds both to the
 * same expectations. Services never see DynamoDB or S3 types.
 *
 * One owner per kind of item (docs/data-model.md "Owners"): only the owning module writes its items. A
 * write that must commit in another owner's transaction (the stats worker marks a response counted in
 * the transaction that counts it) is a transaction item its owner exports (transaction.ts); the
 * account export and erasure read and delete through the owners' `…ByOwner` / `…BySurvey` methods.
 */

/**
 * What an update may change: the editable fields (an image URL set by a confirmed upload, null removes it),
 * and a published survey's link when its language changes.
 */
/** What an update may change of a survey: its steps' fields, the link (it follows the language), the completed steps. */
export type SurveyChanges = Partial<
  Pick<Survey, Exclude<keyof SurveyUpdate, 'version' | 'completedStep'> | 'landingPageUrl' | 'completedSteps'>
>;

/**
 * An update that named the version it started from found another one stored: the survey was written since
 * (another tab or device), and nothing was changed.
 */
export class StaleSurveyVersionError extends Error {
  override name = 'StaleSurveyVersionError';
}

export interface Publication {
  surveyCode: string;
  businessSlug: string;
  landingPageUrl: string;
  publishedAt: string;
}

/**
 * `code-taken`: another survey holds the code (try another); `already-published`: the survey got a
 * code meanwhile (a concurrent publish won); `not-found`: no such survey of this owner.
 */
export type PublishOutcome = 'published' | 'code-taken' | 'already-published' | 'not-found';

/**
 * The stored per-survey aggregate of its responses (decisions 8, 20): counted from the table's stream, each
 * response and review click once (the first count creates it). The dashboard's `SurveyStats` are computed from it.
 */
export interface SurveyTally {
  surveyId: string;
  count: number;
  sum: number;
  /** Responses per star, index 0 = 1 star. */
  histogram: [number, number, number, number, number];
  reviewClicks: number;
}

/** The tally of a survey nobody has answered yet: what a survey without a stored tally reads as. */
export const zeroTally = (surveyId: string): SurveyTally => ({
  surveyId,
  count: 0,
  sum: 0,
  histogram: [0, 0, 0, 0, 0],
  reviewClicks: 0,
});

/** One ISO week (UTC) of a survey's tally: the responses created in it (the stats worker counts it with the tally). */
export interface WeekTally {
  /** `yyyy-Www`. */
  week: string;
  count: number;
  sum: number;
  /** Responses per star, index 0 = 1 star. */
  histogram: [number, number, number, number, number];
}

/** A customer's answer (spec 3 "Survey response"). No IP address is ever stored (decisions 14). */
export interface SurveyResponseRecord {
  id: string;
  surveyId: string;
  rating: number;
  comment: string | null;
  customerName: string | null;
  customerEmail: string | null;
  userAgent: string | null;
  googleReviewClicked: boolean;
  createdAt: string;
}

export interface SurveyRepository {
  /** The owner's surveys, newest first (one query). */
  listByOwner(userId: string): Promise<Survey[]>;
  /** One survey of this owner; another owner's survey is simply not there. */
  get(userId: string, surveyId: string): Promise<Survey | undefined>;
  /** The survey behind a public code (the public page). */
  findByCode(surveyCode: string): Promise<Survey | undefined>;
  create(survey: Survey): Promise<void>;
  /**
   * Applies the changes to an existing survey of this owner and counts its version up; undefined when there is
   * none. With `expectedVersion`, only while the stored version is that one (a survey stored before versions
   * counts as 0); otherwise nothing is written and `StaleSurveyVersionError` is thrown.
   */
  update(
    userId: string,
    surveyId: string,
    changes: SurveyChanges,
    updatedAt: string,
    options?: { expectedVersion?: number },
  ): Promise<Survey | undefined>;
  /** Marks a published survey active again (no code change). Undefined when there is none. Every write below counts the version up too. */
  activate(userId: string, surveyId: string, updatedAt: string): Promise<Survey | undefined>;
  /** Stops public submits (within the public Lambda's survey cache time); nothing happens when there is no such survey. */
  deactivate(userId: string, surveyId: string): Promise<void>;
  /** Atomically: claims the code (fails if taken), sets code, slug, landing URL and active on a survey that has no code yet. */
  publish(userId: string, surveyId: string, publication: Publication): Promise<PublishOutcome>;
  /**
   * The survey and its code item, the survey last. Its responses and its tally go before, through their
   * owners (after `deactivate`, so none arrives meanwhile). Idempotent.
   */
  delete(userId: string, surveyId: string, surveyCode: string | null): Promise<void>;
}

export interface ProfileRepository {
  get(userId: string): Promise<Profile | undefined>;
  /**
   * Creates the profile on first use. Without `updatedAt` the profile's own `updatedAt` stays as it is: recording
   * the interface language is not the owner saving their profile (which ends its prefill).
   */
  update(userId: string, changes: ProfileUpdate, updatedAt?: string): Promise<Profile>;
  /**
   * Prefills a profile the owner never saved with what the wizard already knows (owner name, business name,
   * industry): fields only, no `updatedAt`, and nothing at all once the profile was saved. Idempotent.
   */
  prefill(userId: string, values: Pick<ProfileUpdate, 'fullName' | 'businessName' | 'businessIndustry'>): Promise<void>;
  /** The account erasure's. Idempotent. */
  deleteByOwner(userId: string): Promise<void>;
}

/** A billing record as stored: the API's `Payment` and the owner it belongs to (from the payment's metadata). */
export interface BillingRecord extends Payment {
  userId: string;
}

/**
 * Mollie's statuses in the order a payment moves through them: a final status (paid, failed, canceled,
 * expired) never changes again, and a payment never goes back to open. A write whose status ranks below
 * the stored one is a stale read and is not applied.
 */
export const providerStatusRank: Readonly<Record<ProviderStatus, number>> = {
  open: 0,
  pending: 1,
  authorized: 2,
  paid: 3,
  failed: 3,
  canceled: 3,
  expired: 3,
};

/**
 * The rank a record is stored with: its status's, one higher once a paid payment was refunded or charged back,
 * so a stale read of the same payment from before the refund never takes the refund back.
 */
export const statusRankOf = (record: Pick<BillingRecord, 'providerStatus' | 'reversal'>): number =>
  providerStatusRank[record.providerStatus] + (record.reversal ? 1 : 0);

/** Billing history order: newest first by the provider's creation time, the id breaking ties (a stable order). */
export const newestFirst = (a: BillingRecord, b: BillingRecord): number =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1;

/**
 * `written`: the record now holds this state; `became-paid`: written, and it is the write that turned the
 * payment paid (exactly one write per payment says so, however many webhooks race); `kept`: a later (or
 * final) state was stored before, left as it was.
 */
export type BillingUpsertOutcome = 'written' | 'became-paid' | 'kept';

export interface BillingRepository {
  /** The owner's billing history, newest first (by creation at the provider). */
  listForUser(userId: string): Promise<BillingRecord[]>;
  /** One record of this owner; another owner's payment is simply not there. */
  get(userId: string, paymentId: string): Promise<BillingRecord | undefined>;
  /**
   * Writes the provider's current state of a payment, keyed by (owner, payment id): idempotent, and safe
   * under concurrent and out-of-order calls. It is applied when no record exists, when the stored status
   * ranks lower (`statusRankOf`: a refund or chargeback ranks above paid), or when it is the same status and
   * rank (a refresh of method or card);
   * otherwise the stored state is kept.
   */
  upsertFromProvider(record: BillingRecord, updatedAt: string): Promise<BillingUpsertOutcome>;
  /**
   * The owner of a payment this API created (by its id alone, for the webhook); undefined for an id we never
   * recorded, which then costs no call to the provider.
   */
  ownerOf(paymentId: string): Promise<string | undefined>;
  /** Every record of the owner (the account erasure's). Idempotent. */
  deleteByOwner(userId: string): Promise<void>;
}

export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
}

export interface AssetStore {
  /** A presigned POST whose policy pins the key, the exact content type and 1..maxBytes. */
  presignUpload(input: {
    key: string;
    contentType: string;
    maxBytes: number;
    expiresInSeconds: number;
  }): Promise<PresignedUpload>;
  /** Size of a stored object, undefined when it does not exist. */
  size(key: string): Promise<number | undefined>;
  /** The first `length` bytes (fewer when the object is shorter). */
  readStart(key: string, length: number): Promise<Uint8Array>;
  delete(key: string): Promise<void>;
  /**
   * Copies an object to a new key with this content type, as a public file is served: immutable (its key
   * is never reused), so it may be cached for good.
   */
  copy(from: string, to: string, contentType: string): Promise<void>;
  /** Deletes every object under the prefix; returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  /** The URL the public reads the object from (CloudFront in AWS). */
  publicUrl(key: string): string;
}

/** The CDN in front of the public files: a deleted file must stop being served from its caches too. */
export interface AssetCdn {
  /** Drops the cached copies of these URL paths (`/files/…`). */
  invalidate(paths: string[]): Promise<void>;
}

/**
 * What one public submit writes (docs/data-model.md "Submit a response"): the response alone. Its id
 * derives from the survey and the client's idempotency key (`responseIdOf`), so the response is its own
 * idempotency record.
 */
export interface NewSubmission {
  response: SurveyResponseRecord;
  /** SHA-256 (hex) of the click token, kept on the response for the review click. */
  clickTokenHash: string;
  /** The survey's owner, kept on the response so the owner's low-rating alert (read from the stream) finds them. */
  ownerId?: string;
}

/** `stored`: written now; `duplicate`: a response with this id (the same idempotency key) exists, nothing written. */
export type SubmitOutcome = 'stored' | 'duplicate';

/**
 * `clicked`: flagged now (the stats worker counts it); `already-clicked`: flagged before, nothing written;
 * `not-found`: no such response, or the token is not its.
 */
export type ReviewClickOutcome = 'clicked' | 'already-clicked' | 'not-found';

/**
 * Responses (response-store.ts), each its own idempotency record. A submit is one conditional put and a
 * review click one conditional update; the tally is counted from the table's stream (survey-stats.ts).
 */
export interface ResponseStore extends ResponseInbox {
  /** Creates the response unless one with its id exists. */
  submit(submission: NewSubmission): Promise<SubmitOutcome>;
  /** Flags the response as clicked, once, if `clickTokenHash` is its token's. */
  recordReviewClick(surveyId: string, responseId: string, clickTokenHash: string): Promise<ReviewClickOutcome>;
  /**
   * The latest responses that have a non-empty comment, newest first: one limited query on a sparse
   * index that only commented responses are in (never a filter over all responses).
   */
  listFeedback(surveyId: string, limit: number): Promise<SurveyResponseRecord[]>;
  /**
   * A page of a survey's responses in id order, after the given id, with their inbox state and note (the account
   * export and the CSV export carry them); `next` is the last id when more may follow.
   */
  pageBySurvey(
    surveyId: string,
    after: string | undefined,
    limit: number,
  ): Promise<{ items: InboxResponseRecord[]; next: string | null }>;
  /**
   * Every response of the survey that the filter keeps, newest first (createdAt, then id): one page per
   * `pageSize` responses looked at, holding those the filter kept (so a page may be short, even empty, and
   * the caller hears from it regularly however few match). The inbox index's star partitions of the filter's
   * band are each read once, a page at a time, and merged as they come, so a survey of any size costs one read
   * per response and a page per partition of memory (the CSV export). The band and dates are the index's key
   * conditions; the rest is checked per response.
   */
  inboxNewestFirst(surveyId: string, filter: InboxFilter, pageSize: number): AsyncIterable<InboxResponseRecord[]>;
  /** These responses of the survey. Idempotent. */
  delete(surveyId: string, responseIds: string[]): Promise<void>;
  /** Every response of the survey. Idempotent. */
  deleteBySurvey(surveyId: string): Promise<void>;
}

/** A response as the owner's inbox shows it: the record, its inbox state (absent = new) and private note. */
export interface InboxResponseRecord extends SurveyResponseRecord {
  state: InboxState;
  note: string | null;
}

/** A place in a survey's inbox order (newest first by createdAt, the id breaking ties). */
export interface InboxPosition {
  createdAt: string;
  responseId: string;
}

export interface InboxPageRequest {
  filter: InboxFilter;
  /** Only responses older than this one (the previous page's `next`). */
  before?: InboxPosition;
  /** The most items returned. */
  limit: number;
  /**
   * The most responses looked at (a filter the index cannot answer is checked response by response): a
   * request's cost is bounded whatever the filter, and `next` says where to go on.
   */
  maxRead: number;
}

export interface InboxPageResult {
  items: InboxResponseRecord[];
  /** Where the next page starts; null: no older response matches. */
  next: InboxPosition | null;
}

/**
 * The owner's inbox of a survey's responses (response-store.ts): read through its own index, never a scan;
 * the state and the note are the owner's only writes to a response.
 */
export interface ResponseInbox {
  /** The survey's responses that match the filter, newest first, from `before` on. */
  pageInbox(surveyId: string, request: InboxPageRequest): Promise<InboxPageResult>;
  /** Sets the state of those of these responses that exist in the survey; returns how many. */
  setInboxState(
    surveyId: string,
    responseIds: readonly string[],
    state: InboxState,
    updatedAt: string,
  ): Promise<number>;
  /** Sets (null: removes) the note of a response of the survey; false when there is no such response. */
  setNote(surveyId: string, responseId: string, note: string | null, updatedAt: string): Promise<boolean>;
}

/**
 * The dashboard's reads of a survey's aggregate (decisions 8, 20). How the aggregate is produced (counted
 * from the table's stream by the stats worker) is the stats module's business, not its readers'.
 */
export interface SurveyStatsReader {
  /** Undefined while nothing was counted (a draft, a survey nobody answered yet): it reads as `zeroTally`. */
  getTally(surveyId: string): Promise<SurveyTally | undefined>;
  /**
   * The survey's week tallies from week `from` to week `to` (`yyyy-Www`, inclusive), oldest first: one bounded
   * query, whatever the number of responses. A week nobody answered in has none.
   */
  getWeeks(surveyId: string, from: string, to: string): Promise<WeekTally[]>;
}

/**
 * One thing to count, as the table's stream tells it: a new response, or a response's review click. Each
 * is counted at most once, however often (and in whatever order) the stream delivers it.
 */
export type TallyEvent =
  | {
      kind: 'response';
      surveyId: string;
      responseId: string;
      rating: number;
      /** The ISO week (UTC) of the response's `createdAt`, counted in that week's tally (absent: none). */
      week?: string;
    }
  | { kind: 'click'; surveyId: string; responseId: string };

/** The stats module's own side: it counts (the stats worker's only write) and its items go with their survey. */
export interface SurveyStatsStore extends SurveyStatsReader {
  /**
   * Counts each event once (a response already counted, or deleted, is skipped); returns the events it could
   * not count now (the table was busy, or failed): the stream delivers them again.
   */
  count(events: readonly TallyEvent[]): Promise<TallyEvent[]>;
  /** The survey's aggregate and its weeks, after its responses (so nothing counts them back). Idempotent. */
  deleteBySurvey(surveyId: string): Promise<void>;
}

/** The day's random salt of client keys (client-key-salts.ts). */
export interface ClientKeySaltStore {
  /** The random salt of a UTC day (`YYYY-MM-DD`), created by the first caller of that day. */
  saltOf(day: string, candidate: string, expiresAt: number): Promise<string>;
}

/** An account erasure in progress (decisions 14): its item exists from the confirmation to the last step. */
export interface ErasureJob {
  userId: string;
  /** Cognito's username for the admin calls. */
  username: string;
  requestedAt: string;
  /** What is left: `table` (items and files), then `cognito` (the user itself). */
  stage: 'table' | 'cognito';
  updatedAt: string;
}

/**
 * The account erasure's own items (erasure-repository.ts): its jobs and tombstones. What it erases goes
 * through the owners of those items. Every write is idempotent, so two workers on one job only repeat
 * each other's work.
 */
export interface ErasureRepository {
  /** Creates the job unless one exists; returns the stored job. */
  startErasure(job: ErasureJob): Promise<ErasureJob>;
  erasure(userId: string): Promise<ErasureJob | undefined>;
  updateErasure(userId: string, stage: ErasureJob['stage'], updatedAt: string): Promise<void>;
  /** Unfinished jobs, oldest first, at most `limit`. */
  pendingErasures(limit: number): Promise<ErasureJob[]>;
  finishErasure(userId: string): Promise<void>;
  /**
   * Records (or extends) the user's erasure tombstone until `expiresAt` (epoch seconds): stored under a hash
   * of the user id only, and deleted by the table's TTL afterwards.
   */
  markErased(userId: string, expiresAt: number): Promise<void>;
  /** Whether the user has a tombstone that is live at `now` (epoch seconds); an expired one TTL has not yet deleted is none. */
  isErased(userId: string, now: number): Promise<boolean>;
}

/** The identity provider's admin side, for account deletion. */
export interface AccountAdmin {
  /** Refuses every later sign-in and revokes the refresh tokens. Idempotent; a missing user is no error. */
  lockOut(username: string): Promise<void>;
  /** Idempotent; a missing user is no error. */
  deleteUser(username: string): Promise<void>;
}
