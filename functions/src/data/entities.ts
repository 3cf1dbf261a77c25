import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity, Service } from 'electrodb';
import {
  billingStatuses,
  currencies,
  exportJobStates,
  languages,
  paymentReversals,
  planIds,
  providerStatuses,
  requestBatchSources,
  requestBatchStates,
  requestRecipientStates,
  requestSkipReasons,
  suppressionReasons,
  surveySchema,
} from '@reviewroute/shared';
import { attributesOf } from './schema-attributes';

/**
 * The electrodb entities on the one table (docs/data-model.md has the key design and every access
 * pattern). Keys are readable templates (`USER#…`, `SURVEY#…`) with their case kept: ids are case
 * sensitive. Empty strings are never stored (an absent attribute reads as empty), which also keeps the
 * items valid for DynamoDB Local 1.11, which refuses empty string values.
 */

const service = 'reviewroute';

/** A survey's fields as stored: its schema's, the id under the key name `surveyId` (keys are set apart below). */
const { id: _id, userId: _userId, createdAt: _createdAt, ...surveyFields } = surveySchema.shape;
const surveyAttributes = attributesOf(surveyFields);

/**
 * The rating counters of the survey's tally and of each of its weeks: one block, because the stats worker
 * counts a response into both in one transaction and a week must count exactly what the tally counts.
 * Counted with ADD, which creates the item: an attribute nothing was added to yet is absent (0).
 */
const ratingCounters = {
  count: { type: 'number' },
  sum: { type: 'number' },
  stars1: { type: 'number' },
  stars2: { type: 'number' },
  stars3: { type: 'number' },
  stars4: { type: 'number' },
  stars5: { type: 'number' },
} as const;

export function createEntities(client: DynamoDBDocumentClient, table: string) {
  const config = { client, table };

  /**
   * Owned by a user; lives in the owner's partition so "get for this owner" is a key lookup. Every other
   * field of `surveySchema` is an attribute of the same name.
   */
  const survey = new Entity(
    {
      model: { entity: 'survey', version: '1', service },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        surveyId: { type: 'string', required: true, readOnly: true },
        ...surveyAttributes,
        createdAt: { type: 'string', required: true, readOnly: true },
      },
      indexes: {
        byOwner: {
          pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}', casing: 'none' },
          sk: { field: 'sk', composite: ['surveyId'], template: 'SURVEY#${surveyId}', casing: 'none' },
        },
      },
    },
    config,
  );

  /** Uniqueness of a public code (decisions 5): created only if absent; maps the code to its survey. */
  const surveyCode = new Entity(
    {
      model: { entity: 'surveyCode', version: '1', service },
      attributes: {
        code: { type: 'string', required: true, readOnly: true },
        surveyId: { type: 'string', required: true, readOnly: true },
        userId: { type: 'string', required: true, readOnly: true },
        createdAt: { type: 'string', required: true, readOnly: true },
      },
      indexes: {
        byCode: {
          pk: { field: 'pk', composite: ['code'], template: 'CODE#${code}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'CODE', casing: 'none' },
        },
      },
    },
    config,
  );

  /**
   * The survey's tally of its responses (decisions 8), in the survey's partition beside them. Its items
   * carry the entity name it was first stored under, `surveyStats`.
   */
  const surveyTally = new Entity(
    {
      model: { entity: 'surveyStats', version: '1', service },
      attributes: {
        surveyId: { type: 'string', required: true, readOnly: true },
        ...ratingCounters,
        // Counted with ADD as the rating counters; only the tally counts clicks.
        reviewClicks: { type: 'number' },
      },
      indexes: {
        bySurvey: {
          pk: { field: 'pk', composite: ['surveyId'], template: 'SURVEY#${surveyId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'STATS', casing: 'none' },
        },
      },
    },
    config,
  );

  /**
   * One ISO week (UTC) of the survey's tally: its responses by the week of their `createdAt`, counted by the
   * stats worker in the same transaction as the tally. Beside the tally in the survey's partition; the
   * week's key sorts in time order, so the dashboard's trend is one bounded key range.
   */
  const surveyWeek = new Entity(
    {
      model: { entity: 'surveyWeek', version: '1', service },
      attributes: {
        surveyId: { type: 'string', required: true, readOnly: true },
        /** `yyyy-Www`. */
        week: { type: 'string', required: true, readOnly: true },
        ...ratingCounters,
      },
      indexes: {
        bySurvey: {
          pk: { field: 'pk', composite: ['surveyId'], template: 'SURVEY#${surveyId}', casing: 'none' },
          sk: { field: 'sk', composite: ['week'], template: 'WEEK#${week}', casing: 'none' },
        },
      },
    },
    config,
  );

  /**
   * A customer's answer, and its own idempotency record: its id derives from the survey and the client's
   * idempotency key (response-store.ts `responseIdOf`), so it is created once with a condition and a retry
   * finds it by key. The stats worker marks it when it counted it (`counted`, `clickCounted`).
   */
  const response = new Entity(
    {
      model: { entity: 'response', version: '1', service },
      attributes: {
        surveyId: { type: 'string', required: true, readOnly: true },
        responseId: { type: 'string', required: true, readOnly: true },
        rating: { type: 'number', required: true, validate: (r: number) => Number.isInteger(r) && r >= 1 && r <= 5 },
        comment: { type: 'string' },
        customerName: { type: 'string' },
        customerEmail: { type: 'string' },
        userAgent: { type: 'string' },
        googleReviewClicked: { type: 'boolean', required: true, default: false },
        createdAt: { type: 'string', required: true, readOnly: true },
        /** SHA-256 (hex) of the one-time click token handed to the submitter (decisions 7); never the token. */
        clickTokenHash: { type: 'string' },
        /** The survey's owner: the low-rating alert worker reads it from the stream to find whom to tell. */
        ownerId: { type: 'string', readOnly: true },
        /** Set by the alerts worker before it mails the owner about this response: it mails once. */
        alerted: { type: 'boolean' },
        /** Set by the stats worker in the transaction that counted the response in the tally: it counts once. */
        counted: { type: 'boolean' },
        /** The same for its review click. */
        clickCounted: { type: 'boolean' },
        /** The owner's inbox state: `handled` once marked so; absent = new (every response starts new). */
        inboxState: { type: ['handled'] as const },
        /** The owner's private note on the response (inbox), never shown to the customer. */
        note: { type: 'string' },
        /** When the owner last changed the state or the note. */
        inboxUpdatedAt: { type: 'string' },
      },
      indexes: {
        bySurvey: {
          pk: { field: 'pk', composite: ['surveyId'], template: 'SURVEY#${surveyId}', casing: 'none' },
          sk: { field: 'sk', composite: ['responseId'], template: 'RESPONSE#${responseId}', casing: 'none' },
        },
        /**
         * Sparse: only responses with a comment carry gsi1 keys (electrodb writes them when `condition`
         * holds), so the dashboard's "latest 10 non-empty comments" is one Limit=10 query, never a filter
         * over all responses. createdAt is a composite on purpose: an update that names only the table key
         * (the review click) then leaves the index keys alone instead of re-evaluating the condition
         * without the comment and removing them.
         */
        recentFeedback: {
          index: 'gsi1',
          condition: (attributes: Record<string, unknown>) =>
            typeof attributes.comment === 'string' && attributes.comment.trim() !== '',
          pk: { field: 'gsi1pk', composite: ['surveyId'], template: 'FEEDBACK#${surveyId}', casing: 'none' },
          sk: {
            field: 'gsi1sk',
            composite: ['createdAt', 'responseId'],
            template: 'COMMENT#${createdAt}#${responseId}',
            casing: 'none',
          },
        },
        /**
         * The owner's inbox (gsi2): every response, one partition per survey and star, newest last by
         * createdAt. A rating band is one or two partitions, the whole survey five, merged by the sort key,
         * and a date range is a key condition: no filter ever reads the survey's responses beyond a page.
         * Only table-key and createdAt/rating composites: the inbox's own updates (state, note) and the
         * workers' marks name none of them but the table key, so electrodb leaves these keys alone.
         * The condition always holds: it is there because electrodb writes a conditioned index's keys on an
         * update that supplies all of its composites (`.composite(...)`), which is how the inbox backfill
         * gives responses stored before this index their keys without rewriting them.
         */
        inbox: {
          index: 'gsi2',
          condition: () => true,
          pk: {
            field: 'gsi2pk',
            composite: ['surveyId', 'rating'],
            template: 'INBOX#${surveyId}#${rating}',
            casing: 'none',
          },
          sk: {
            field: 'gsi2sk',
            composite: ['createdAt', 'responseId'],
            template: 'AT#${createdAt}#${responseId}',
            casing: 'none',
          },
        },
      },
    },
    config,
  );

  /** The owner's profile, in the owner's partition beside their surveys. */
  const profile = new Entity(
    {
      model: { entity: 'profile', version: '1', service },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        fullName: { type: 'string' },
        businessName: { type: 'string' },
        businessIndustry: { type: 'string' },
        phone: { type: 'string' },
        businessAddress: { type: 'string' },
        surveyUrlCopied: { type: 'boolean' },
        // The interface language the owner last used, for their mails (shared profileSchema).
        language: { type: [...languages] },
        updatedAt: { type: 'string' },
      },
      indexes: {
        byUser: {
          pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'PROFILE', casing: 'none' },
        },
      },
    },
    config,
  );

  /** A fixed-window counter of one client's public submits (decisions 14: the key is a salted hash, never an IP). */
  const rateWindow = new Entity(
    {
      model: { entity: 'rateWindow', version: '1', service },
      attributes: {
        clientKey: { type: 'string', required: true, readOnly: true },
        window: { type: 'number', required: true, readOnly: true },
        count: { type: 'number' },
        expiresAt: { type: 'number' },
      },
      indexes: {
        byClient: {
          pk: { field: 'pk', composite: ['clientKey'], template: 'RATE#${clientKey}', casing: 'none' },
          sk: { field: 'sk', composite: ['window'], template: 'WINDOW#${window}', casing: 'none' },
        },
      },
    },
    config,
  );

  /**
   * The random salt of one UTC day for client keys. It expires, after which yesterday's keys can no longer
   * be linked back to an address by trying every IP (a plain hash of an IPv4 address could be).
   */
  const clientKeySalt = new Entity(
    {
      model: { entity: 'clientKeySalt', version: '1', service },
      attributes: {
        day: { type: 'string', required: true, readOnly: true },
        salt: { type: 'string', required: true, readOnly: true },
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        byDay: {
          pk: { field: 'pk', composite: ['day'], template: 'SALT#${day}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'SALT', casing: 'none' },
        },
      },
    },
    config,
  );

  /**
   * One billing history entry (shared `paymentSchema`, the provider's payment id under the key name
   * `paymentId`), in the owner's partition beside their surveys and profile, so account deletion and the
   * export find it there. Written only from the provider's state (the create answer, the webhook's and the
   * status check's fetch); `statusRank` orders Mollie's statuses so a stale read never overwrites a later one.
   */
  const payment = new Entity(
    {
      model: { entity: 'payment', version: '1', service },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        paymentId: { type: 'string', required: true, readOnly: true },
        amount: { type: 'number', required: true },
        currency: { type: [...currencies], required: true },
        status: { type: [...billingStatuses], required: true },
        providerStatus: { type: [...providerStatuses], required: true },
        /** open 0, pending/authorized 1-2, final (paid, failed, canceled, expired) 3. */
        statusRank: { type: 'number', required: true },
        description: { type: 'string' },
        plan: { type: [...planIds] },
        method: { type: 'string' },
        cardLabel: { type: 'string' },
        createdAt: { type: 'string', required: true },
        paidAt: { type: 'string' },
        /** A refund or chargeback Mollie reported: the plan year this payment bought ends. */
        reversal: { type: [...paymentReversals] },
        /** When this item was last written (diagnostics: which webhook call won). */
        updatedAt: { type: 'string' },
      },
      indexes: {
        byOwner: {
          pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}', casing: 'none' },
          sk: { field: 'sk', composite: ['paymentId'], template: 'PAYMENT#${paymentId}', casing: 'none' },
        },
        /**
         * The owner of a payment id: Mollie's webhook brings only the id, and an id we never created is
         * answered without a call to Mollie (each call costs us; a flood of random ids costs nothing).
         */
        byPaymentId: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['paymentId'], template: 'PAYMENTID#${paymentId}', casing: 'none' },
          sk: { field: 'gsi1sk', composite: [], template: 'PAYMENT', casing: 'none' },
        },
      },
    },
    config,
  );

  /**
   * An account erasure in progress (decisions 14): created when the owner confirms, deleted as its last
   * step. All jobs share one partition, so the erasure worker finds the unfinished ones with one query.
   */
  const erasureJob = new Entity(
    {
      model: { entity: 'erasureJob', version: '1', service },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        /** What Cognito's admin calls take (the token's `cognito:username`). */
        username: { type: 'string', required: true, readOnly: true },
        requestedAt: { type: 'string', required: true, readOnly: true },
        /** What is left, for operators: `table`, then `cognito`. */
        stage: { type: 'string', required: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        byUser: {
          pk: { field: 'pk', composite: [], template: 'ERASURE', casing: 'none' },
          sk: { field: 'sk', composite: ['userId'], template: 'JOB#${userId}', casing: 'none' },
        },
      },
    },
    config,
  );

  /**
   * A deleted account, for as long as a token issued before the deletion can still pass the JWT authorizer
   * (the TTL `expiresAt`): routes that create data refuse its user. Keyed by a SHA-256 hash of the user id,
   * so nothing of the user is left in the table once the erasure finished.
   */
  const erasureTombstone = new Entity(
    {
      model: { entity: 'erasureTombstone', version: '1', service },
      attributes: {
        userHash: { type: 'string', required: true, readOnly: true },
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        byUserHash: {
          pk: { field: 'pk', composite: ['userHash'], template: 'ERASED#${userHash}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'TOMBSTONE', casing: 'none' },
        },
      },
    },
    config,
  );

  /**
   * A batch of e-mail review requests for one survey, in its owner's partition (the owner's export and erasure
   * find it there; a survey's batches are one `begins_with` query). It records the owner's permission
   * confirmation and when it was given.
   */
  const requestBatch = new Entity(
    {
      model: { entity: 'requestBatch', version: '1', service },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        surveyId: { type: 'string', required: true, readOnly: true },
        batchId: { type: 'string', required: true, readOnly: true },
        state: { type: [...requestBatchStates], required: true },
        total: { type: 'number', required: true },
        /** The owner's text; absent: the default of each customer's language. */
        template: { type: 'string' },
        sendAt: { type: 'string', required: true },
        permissionConfirmedAt: { type: 'string', required: true, readOnly: true },
        createdAt: { type: 'string', required: true, readOnly: true },
        /** While the day's cap holds the rest back: when sending resumes. */
        waitingUntil: { type: 'string' },
        updatedAt: { type: 'string' },
        /** Days after its request a customer who has not rated is reminded, once (absent or 0: never). */
        reminderDays: { type: 'number' },
        /** The owner's page or the webhook; absent on batches stored before the webhook: `upload`. */
        source: { type: [...requestBatchSources], readOnly: true },
      },
      indexes: {
        byOwner: {
          pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}', casing: 'none' },
          sk: {
            field: 'sk',
            composite: ['surveyId', 'batchId'],
            template: 'REQBATCH#${surveyId}#${batchId}',
            casing: 'none',
          },
        },
      },
    },
    config,
  );

  /**
   * A batch that still has requests to send, and when the worker should look at it next: one small partition,
   * so the requests worker finds the due batches with one query (like the erasure jobs).
   */
  const requestQueue = new Entity(
    {
      model: { entity: 'requestQueue', version: '1', service },
      attributes: {
        batchId: { type: 'string', required: true, readOnly: true },
        userId: { type: 'string', required: true, readOnly: true },
        surveyId: { type: 'string', required: true, readOnly: true },
        dueAt: { type: 'string', required: true },
      },
      indexes: {
        byBatch: {
          pk: { field: 'pk', composite: [], template: 'REQUEST-QUEUE', casing: 'none' },
          sk: { field: 'sk', composite: ['batchId'], template: 'BATCH#${batchId}', casing: 'none' },
        },
      },
    },
    config,
  );

  /**
   * One customer of a batch, in the batch's own partition (a 5,000-row batch is paged in row order). `secret`
   * is the random part of the personal token; the state moves queued -> sending -> sent (or skipped, failed) by
   * conditional updates only, so no request is ever sent twice.
   */
  const requestRecipient = new Entity(
    {
      model: { entity: 'requestRecipient', version: '1', service },
      attributes: {
        batchId: { type: 'string', required: true, readOnly: true },
        /** The row's index, zero-padded (`00042`), so the partition sorts in row order. */
        recipientId: { type: 'string', required: true, readOnly: true },
        userId: { type: 'string', required: true, readOnly: true },
        surveyId: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true, readOnly: true },
        email: { type: 'string', required: true, readOnly: true },
        language: { type: [...languages], required: true, readOnly: true },
        secret: { type: 'string', required: true, readOnly: true },
        state: { type: [...requestRecipientStates], required: true },
        reason: { type: [...requestSkipReasons] },
        claimedAt: { type: 'string' },
        sentAt: { type: 'string' },
        // What the customer did with the personal link (the public page reports it with the token).
        openedAt: { type: 'string' },
        ratedAt: { type: 'string' },
        clickedAt: { type: 'string' },
        // The funnel worker's marks: each step counted in the survey's funnel once, in the count's transaction.
        sentCounted: { type: 'boolean' },
        openedCounted: { type: 'boolean' },
        ratedCounted: { type: 'boolean' },
        clickedCounted: { type: 'boolean' },
        // The one reminder: claimed (`sending`) before its mail, so it is never sent twice.
        reminderState: { type: ['sending', 'sent', 'failed'] as const },
        reminderClaimedAt: { type: 'string' },
        remindedAt: { type: 'string' },
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

  /**
   * "This address was asked for this survey" (a hash of the address, never the address), in the survey's
   * partition, claimed in the same transaction as the request it stands for: at most one request per address
   * and survey in 30 days. Expires (TTL) after them.
   */
  const requestContact = new Entity(
    {
      model: { entity: 'requestContact', version: '1', service },
      attributes: {
        surveyId: { type: 'string', required: true, readOnly: true },
        addressHash: { type: 'string', required: true, readOnly: true },
        batchId: { type: 'string', required: true },
        recipientId: { type: 'string', required: true },
        contactedAt: { type: 'string', required: true },
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        bySurvey: {
          pk: { field: 'pk', composite: ['surveyId'], template: 'SURVEY#${surveyId}', casing: 'none' },
          sk: { field: 'sk', composite: ['addressHash'], template: 'CONTACTED#${addressHash}', casing: 'none' },
        },
      },
    },
    config,
  );

  /**
   * The funnel of a survey's review requests (sent, opened, rated, clicked), in the survey's partition: written
   * only by the funnel worker, with ADD, in one transaction with the counted marks of the recipients.
   */
  const requestFunnel = new Entity(
    {
      model: { entity: 'requestFunnel', version: '1', service },
      attributes: {
        surveyId: { type: 'string', required: true, readOnly: true },
        sent: { type: 'number' },
        opened: { type: 'number' },
        rated: { type: 'number' },
        clicked: { type: 'number' },
      },
      indexes: {
        bySurvey: {
          pk: { field: 'pk', composite: ['surveyId'], template: 'SURVEY#${surveyId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'REQFUNNEL', casing: 'none' },
        },
      },
    },
    config,
  );

  /** An address the owner's requests never go to again, and why (a hash of the address, never the address). */
  const suppression = new Entity(
    {
      model: { entity: 'suppression', version: '1', service },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        addressHash: { type: 'string', required: true, readOnly: true },
        reason: { type: [...suppressionReasons], required: true },
        createdAt: { type: 'string', required: true },
      },
      indexes: {
        byOwner: {
          pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}', casing: 'none' },
          sk: { field: 'sk', composite: ['addressHash'], template: 'SUPPRESSED#${addressHash}', casing: 'none' },
        },
      },
    },
    config,
  );

  /** Requests an owner sent on one UTC day: counted in each claim's transaction, up to the plan's cap. */
  const requestDailyCount = new Entity(
    {
      model: { entity: 'requestDailyCount', version: '1', service },
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

  /**
   * A survey's inbound webhook of review requests, in a partition of its own keyed by the survey (the token in
   * the URL names the survey, so one consistent GetItem resolves it): the owner, the SHA-256 of the token's
   * secret (never the token), the delay and the owner's permission confirmation. Replacing the token replaces
   * the hash, so the old URL stops at once.
   */
  const requestHook = new Entity(
    {
      model: { entity: 'requestHook', version: '1', service },
      attributes: {
        surveyId: { type: 'string', required: true, readOnly: true },
        userId: { type: 'string', required: true },
        tokenHash: { type: 'string', required: true },
        delayMinutes: { type: 'number', required: true },
        permissionConfirmedAt: { type: 'string', required: true },
        createdAt: { type: 'string', required: true },
        tokenCreatedAt: { type: 'string', required: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        bySurvey: {
          pk: { field: 'pk', composite: ['surveyId'], template: 'REQHOOK#${surveyId}', casing: 'none' },
          sk: { field: 'sk', composite: [], template: 'HOOK', casing: 'none' },
        },
      },
    },
    config,
  );

  /**
   * One external id a survey's webhook scheduled (its SHA-256: the calling system's booking number is not
   * kept), and the batch it made: created only if absent, in the transaction that schedules that batch, so the
   * same id twice schedules one request. Beside its hook; expires (TTL) after 90 days.
   */
  const requestHookCall = new Entity(
    {
      model: { entity: 'requestHookCall', version: '1', service },
      attributes: {
        surveyId: { type: 'string', required: true, readOnly: true },
        externalIdHash: { type: 'string', required: true, readOnly: true },
        batchId: { type: 'string', required: true, readOnly: true },
        sendAt: { type: 'string', required: true, readOnly: true },
        createdAt: { type: 'string', required: true, readOnly: true },
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        bySurvey: {
          pk: { field: 'pk', composite: ['surveyId'], template: 'REQHOOK#${surveyId}', casing: 'none' },
          sk: { field: 'sk', composite: ['externalIdHash'], template: 'CALL#${externalIdHash}', casing: 'none' },
        },
      },
    },
    config,
  );

  /**
   * One hour of a survey's low-rating alerts (decisions 23), from its first low rating (`windowStart`, the
   * response's createdAt) on: how many low ratings it saw (`seen`; the first 5 were mailed one by one), and the
   * further ones kept for the window's digest (`further`, the first `alertDigestListed` as `entries` with their
   * comments shortened). `digestClaimedAt` is set when the digest is sent (at most once), which also closes the
   * window. In the survey's partition beside its responses; expires two days after it started.
   */
  const alertWindow = new Entity(
    {
      model: { entity: 'alertWindow', version: '1', service },
      attributes: {
        surveyId: { type: 'string', required: true, readOnly: true },
        windowStart: { type: 'string', required: true, readOnly: true },
        ownerId: { type: 'string' },
        seen: { type: 'number' },
        further: { type: 'number' },
        entries: {
          type: 'list',
          items: {
            type: 'map',
            properties: {
              responseId: { type: 'string', required: true },
              rating: { type: 'number', required: true },
              comment: { type: 'string' },
              createdAt: { type: 'string', required: true },
            },
          },
        },
        digestClaimedAt: { type: 'string' },
        expiresAt: { type: 'number' },
      },
      indexes: {
        bySurvey: {
          pk: { field: 'pk', composite: ['surveyId'], template: 'SURVEY#${surveyId}', casing: 'none' },
          sk: { field: 'sk', composite: ['windowStart'], template: 'ALERTS#${windowStart}', casing: 'none' },
        },
      },
    },
    config,
  );

  /**
   * A window whose digest is due at `dueAt` (its end): written with its first digest entry, deleted once the
   * digest was sent (or had nobody to go to). One partition, so the digest worker finds every due window with
   * one query; only windows with more than 5 low ratings an hour are ever in it.
   */
  const alertDigestDue = new Entity(
    {
      model: { entity: 'alertDigestDue', version: '1', service },
      attributes: {
        dueAt: { type: 'string', required: true, readOnly: true },
        surveyId: { type: 'string', required: true, readOnly: true },
        windowStart: { type: 'string', required: true, readOnly: true },
      },
      indexes: {
        byDue: {
          pk: { field: 'pk', composite: [], template: 'ALERTDIGEST', casing: 'none' },
          sk: {
            field: 'sk',
            composite: ['dueAt', 'surveyId', 'windowStart'],
            template: 'DUE#${dueAt}#${surveyId}#${windowStart}',
            casing: 'none',
          },
        },
      },
    },
    config,
  );

  /**
   * One CSV export of a survey's responses (owner: export-jobs.ts): who asked (`ownerId`), in which language its
   * headers are, the inbox filter (as JSON), its state and the rows written so far, the file's key. In the
   * survey's partition, so the survey's delete and the account erasure find it with one query; expires by TTL.
   */
  const exportJob = new Entity(
    {
      model: { entity: 'exportJob', version: '1', service },
      attributes: {
        surveyId: { type: 'string', required: true, readOnly: true },
        exportId: { type: 'string', required: true, readOnly: true },
        ownerId: { type: 'string', required: true, readOnly: true },
        language: { type: [...languages], required: true, readOnly: true },
        /** The inbox filter as JSON (absent: every response). */
        filter: { type: 'string', readOnly: true },
        fileKey: { type: 'string', required: true, readOnly: true },
        state: { type: [...exportJobStates], required: true },
        rows: { type: 'number', required: true },
        createdAt: { type: 'string', required: true, readOnly: true },
        updatedAt: { type: 'string', required: true },
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        bySurvey: {
          pk: { field: 'pk', composite: ['surveyId'], template: 'SURVEY#${surveyId}', casing: 'none' },
          sk: { field: 'sk', composite: ['exportId'], template: 'EXPORT#${exportId}', casing: 'none' },
        },
      },
    },
    config,
  );

  /**
   * The invoice of a paid payment, in the owner's partition beside the payment (the export and the erasure
   * find it there): issued once, never changed. Its number comes from the year's counter below, in the same
   * transaction that creates it, so numbers are gapless and no payment gets two.
   */
  const invoice = new Entity(
    {
      model: { entity: 'invoice', version: '1', service },
      attributes: {
        userId: { type: 'string', required: true, readOnly: true },
        paymentId: { type: 'string', required: true, readOnly: true },
        number: { type: 'string', required: true, readOnly: true },
        issuedAt: { type: 'string', required: true, readOnly: true },
        amount: { type: 'number', required: true, readOnly: true },
        currency: { type: [...currencies], required: true, readOnly: true },
        plan: { type: [...planIds], readOnly: true },
        description: { type: 'string', readOnly: true },
        sellerName: { type: 'string', readOnly: true },
        sellerAddress: { type: 'string', readOnly: true },
        sellerKvk: { type: 'string', readOnly: true },
        sellerVat: { type: 'string', readOnly: true },
        // The buyer as the profile had them at issue (never read from the profile again). `buyerCopied` tells an
        // invoice issued with an empty profile (nothing to copy) from one issued before buyers were copied.
        buyerCopied: { type: 'boolean', readOnly: true },
        buyerName: { type: 'string', readOnly: true },
        buyerBusiness: { type: 'string', readOnly: true },
        buyerAddress: { type: 'string', readOnly: true },
      },
      indexes: {
        byOwner: {
          pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}', casing: 'none' },
          sk: { field: 'sk', composite: ['paymentId'], template: 'INVOICE#${paymentId}', casing: 'none' },
        },
      },
    },
    config,
  );

  /** The last invoice number given out in a year (`last`), raised only together with the invoice it numbers. */
  const invoiceCounter = new Entity(
    {
      model: { entity: 'invoiceCounter', version: '1', service },
      attributes: {
        year: { type: 'number', required: true, readOnly: true },
        last: { type: 'number', required: true },
      },
      indexes: {
        byYear: {
          pk: { field: 'pk', composite: [], template: 'INVOICE-COUNTER', casing: 'none' },
          sk: { field: 'sk', composite: ['year'], template: 'YEAR#${year}', casing: 'none' },
        },
      },
    },
    config,
  );

  const entities = {
    survey,
    surveyCode,
    surveyTally,
    surveyWeek,
    response,
    profile,
    rateWindow,
    clientKeySalt,
    payment,
    erasureJob,
    erasureTombstone,
    alertWindow,
    alertDigestDue,
    requestBatch,
    requestQueue,
    requestRecipient,
    requestContact,
    suppression,
    requestDailyCount,
    requestFunnel,
    requestHook,
    requestHookCall,
    exportJob,
    invoice,
    invoiceCounter,
  };
  /** Transactions across entities go through the service. */
  const reviewroute = new Service(entities, config);
  return { ...entities, service: reviewroute };
}

export type Entities = ReturnType<typeof createEntities>;
