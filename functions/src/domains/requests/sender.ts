import { createHash } from 'node:crypto';
import {
  isSmsCountryAllowed,
  nextSmsSendTime,
  requestRepeatDays,
  smsOriginatorOf,
  smsTimeZoneOf,
  withoutLinks,
  type RequestChannel,
  type RequestSkipReason,
  type SendingChannel,
  type SmsSendingHours,
  type Survey,
  type SuppressionReason,
  type TextsWhenSpent,
} from '@reviewroute/shared';
import { logger } from '../../lib/logger';
import type { SurveyRepository } from '../../data/survey-repository';
import { addressHashOf } from '../../data/request-suppressions';
import type { DueBatch, QueuedOwner } from '../../data/request-queue';
import { retentionExpiry, type RecipientRecord } from '../../data/request-recipients';
import type { ClaimVia } from '../../data/request-claims';
import type { ShortLinkStore } from '../../data/short-links';
import { nextTextMonthStart, textMonthOf } from '../../data/text-allowance';
import { shortCodeHash, shortLinkUrl } from '../../lib/short-link';
import type { RequestBatchRecord } from '../../data/request-batches';
import type { ReviewRequestStore } from '../../data/review-requests';
import { MailRefusedError, type Mailer } from '../../mail/mailer';
import { composeReviewRequest } from './request-mail';
import type { SendingHealth } from './sending-health';
import type { RequestTokenSource } from '../../lib/request-token';
import { composeTextMessage } from './text-message';
import { isTextRefused, textContextOf, type TextSender } from './text-sender';

/**
 * What texting needs (decisions 25): the transport, the country allowlist, the number texts come from where a
 * country shows no sender ID, the owner's monthly allowance and their choice once it is spent, and the short links.
 */
export interface TextDeps {
  sender: TextSender;
  allowedCountries: ReadonlySet<string>;
  senderNumber: string | null;
  /** The plan's texts per calendar month (the entitlements' `monthlyTexts`). */
  monthlyAllowanceOf: (userId: string) => Promise<number>;
  whenSpentOf: (userId: string) => Promise<TextsWhenSpent>;
  shortLinks: Pick<ShortLinkStore, 'putShortLink'>;
  /** A request's two short codes (the survey link's and the opt-out's), under the mail-link key. */
  codesOf: (r: { batchId: string; id: string }) => Promise<{ link: string; unsubscribe: string }>;
  /** The sending hours (decisions 25's 09:00-20:00 unless a test stack sets SMS_SENDING_HOURS). */
  hours?: SmsSendingHours;
}

export interface SenderDeps {
  requests: ReviewRequestStore;
  surveys: Pick<SurveyRepository, 'get'>;
  mailer: Mailer;
  /** The product's verified sender address; the business's name is shown with it. */
  fromAddress: string;
  siteOrigin: string;
  /** Each request's two tokens (the survey link's and the unsubscribe link's), under the mail-link key. */
  tokens: Pick<RequestTokenSource, 'tokensOf'>;
  /** The owner's cap of the UTC day, by their plan (the entitlements' `dailyRequests`); 0 holds their batches back. */
  dailyCapOf: (userId: string) => Promise<number>;
  /** The reputation guard (decisions 26, `sending-health.ts`): whether the owner may send; each mail counted. */
  health?: Pick<SendingHealth, 'mayOwnerSend' | 'recordSend'>;
  /** Texts; absent, a customer with a number and no address is skipped (`country-not-allowed`). */
  texts?: TextDeps;
  /**
   * Whether the owner's own text may carry links besides the survey's (a paid plan's; decisions 26): the API
   * refuses a trial's text with links, and the mail takes out any that got through. Absent: allowed.
   */
  linksAllowedOf?: (userId: string) => Promise<boolean>;
  /** Wall clock in ms. */
  clock?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Mails per second at most, whatever the concurrency (SES's sending rate; 14 by default, SES's production start). */
  sendRate?: number;
  /** Requests in flight at once. */
  concurrency?: number;
  /** Recipients read per page. */
  pageSize?: number;
  /**
   * A claim older than this without its confirmation was interrupted (the worker died between claim and
   * confirmation): settled as failed, never sent again.
   */
  interruptedAfterMs?: number;
  /** Mails (requests and reminders) one owner's turn sends at most before the next owner's turn. */
  turnSends?: number;
  /** Due batches one owner's turn takes at most. */
  turnBatches?: number;
}

export interface SendRunResult {
  /** Owners' turns taken. */
  turns: number;
  batches: number;
  sent: number;
  skipped: number;
  failed: number;
  /** Reminders sent. */
  reminded: number;
}

const dayMs = 24 * 60 * 60 * 1000;
/** Parked owners come back over the first hour of the UTC day, not all at midnight. */
const resetSpreadMs = 60 * 60 * 1000;

/**
 * When a parked owner's turn comes again: the next reset of the daily count (UTC midnight), plus an offset
 * fixed by the user id within the first hour, so the owners capped on one day do not all fall due at once.
 */
export function capResetOf(userId: string, nowMs: number): number {
  const offset = createHash('sha256').update(userId, 'utf8').digest().readUInt32BE(0) % resetSpreadMs;
  return Math.floor(nowMs / dayMs) * dayMs + dayMs + offset;
}
/** Throttling answers: SES did not take the mail, so the claim is given back and tried again later. */
const throttled = new Set(['TooManyRequestsException', 'ThrottlingException', 'LimitExceededException']);

/** What a send's failure says about the mail: not sent (try later), refused for good, or unknown. */
function failureKind(error: unknown): 'busy' | 'rejected' | 'unknown' {
  const e = error as { name?: unknown; $metadata?: { httpStatusCode?: number } } | null;
  const status = e?.$metadata?.httpStatusCode;
  if ((typeof e?.name === 'string' && throttled.has(e.name)) || status === 429) return 'busy';
  if (error instanceof MailRefusedError || (status !== undefined && status >= 400 && status < 500)) return 'rejected';
  // A timeout or a 5xx may or may not have sent it: never sent again (at most one mail).
  return 'unknown';
}

/** What a text's failure says: the service's throttling is `busy`, a refusal for good `rejected`, else unknown. */
function textFailureKind(error: unknown): 'busy' | 'rejected' | 'unknown' {
  if (isTextRefused(error)) return 'rejected';
  return failureKind(error) === 'busy' ? 'busy' : 'unknown';
}

/**
 * How a customer is asked (decisions 25): by text when they gave a number of an allowlisted country that has a
 * sender (its sender ID, else the configured number), else by e-mail when they gave an address; a number that
 * cannot be texted and no address is skipped with why.
 */
export type SendRoute =
  | { channel: 'email'; contact: string }
  | { channel: 'sms'; contact: string; originator: string; replies: boolean; timeZone: string }
  | { skip: RequestSkipReason };

export function routeOf(
  r: Pick<RecipientRecord, 'email' | 'phone' | 'phoneCountry'>,
  businessName: string,
  texts: Pick<TextDeps, 'allowedCountries' | 'senderNumber'> | undefined,
): SendRoute {
  if (r.phone && texts && isSmsCountryAllowed(r.phoneCountry, texts.allowedCountries)) {
    const sender = smsOriginatorOf(r.phoneCountry, businessName, texts.senderNumber);
    if (sender)
      return {
        channel: 'sms',
        contact: r.phone,
        originator: sender.originator,
        replies: sender.kind === 'number',
        timeZone: smsTimeZoneOf(r.phoneCountry),
      };
  }
  if (r.email) return { channel: 'email', contact: r.email };
  return { skip: 'country-not-allowed' };
}

/** The sending-health channel of a request channel. */
const healthChannel = (channel: RequestChannel): SendingChannel => (channel === 'sms' ? 'text' : 'mail');

/** Runs `task` over `items`, at most `limit` at once. */
async function inPool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

/**
 * The requests worker's work: each due batch, page by page in row order, each queued customer claimed before
 * the send (queued -> sending, with the address's 30-day mark, the suppression check and the day's count in one
 * transaction), then mailed, then confirmed (sending -> sent). A retried or overlapping run finds the claims and
 * sends nothing twice; a run that dies leaves claims it never confirmed, which are settled as `interrupted` and
 * never sent again. A run stops starting sends at its deadline; the next one resumes.
 */
export function createRequestSender(deps: SenderDeps) {
  const clock = deps.clock ?? (() => Date.now());
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const interval = 1000 / (deps.sendRate ?? 14);
  const concurrency = deps.concurrency ?? 8;
  const pageSize = deps.pageSize ?? 200;
  const interruptedAfterMs = deps.interruptedAfterMs ?? 10 * 60 * 1000;
  const turnSends = deps.turnSends ?? 200;
  const turnBatches = deps.turnBatches ?? 10;
  /** Due owners read per pass: the longest waiting; those after them come in the next pass. */
  const duePage = 50;
  const iso = (ms = clock()) => new Date(ms).toISOString();
  const { requests } = deps;

  // The send rate across the run: each send takes the next slot, `interval` ms after the one before.
  let nextSlot = 0;
  async function slot() {
    const now = clock();
    const at = Math.max(now, nextSlot);
    nextSlot = at + interval;
    if (at > now) await sleep(at - now);
  }

  /** What one owner's turn may still send: counted down by each claim, across the turn's batches. */
  interface Turn {
    userId: string;
    left: number;
    deadline: number;
    result: SendRunResult;
    /** The look at who else is due, while one is under way (the pool's sends ask at once). */
    looking?: Promise<Stop | undefined>;
    /** Ended whoever else is due (the owner's sending paused itself). */
    ended?: boolean;
    /** The owner's texts this turn: the month's allowance, their choice once spent, whether texts are paused. */
    texts?: { allowance: number; whenSpent: TextsWhenSpent; paused: boolean };
  }
  /** Why a batch's pass stopped before its end; `capped` parks the owner. */
  type Stop = 'deadline' | 'turn' | 'capped' | 'busy';

  /**
   * Whether the turn stops here: at the deadline, or with its mails used while another owner is due. With nobody
   * else waiting it goes on with a new allowance, so a large batch sent alone is not read from its start again.
   */
  async function stopOf(turn: Turn): Promise<Stop | undefined> {
    if (clock() >= turn.deadline) return 'deadline';
    if (turn.ended) return 'turn';
    if (turn.left > 0) return undefined;
    turn.looking ??= requests
      .dueOwners(iso(), 2)
      .then((waiting) => {
        if (waiting.some((o) => o.userId !== turn.userId)) return 'turn' as const;
        turn.left = turnSends;
        return undefined;
      })
      .finally(() => {
        turn.looking = undefined;
      });
    return turn.looking;
  }

  /** One due batch: its requests, or once they are out, its reminder. Answers `capped` when the day's cap held. */
  async function sendBatch(due: DueBatch, cap: number, turn: Turn): Promise<'capped' | undefined> {
    const { result } = turn;
    const batch = await requests.getBatch(due.userId, due.surveyId, due.batchId);
    const survey = batch && (await deps.surveys.get(due.userId, due.surveyId));
    if (!batch || !survey?.landingPageUrl) {
      // Erased, or its survey deleted (whose delete takes the batch too): nothing to send.
      await requests.dequeue(due);
      return;
    }
    if (batch.state === 'preparing') return;
    // A survey taken offline sends nothing (its link would lead nowhere): this batch is looked at in an hour.
    if (!survey.isActive) {
      if (batch.state !== 'done') await requests.setBatchState(due, 'sending', iso(clock() + 3600_000), iso());
      await requests.reschedule(due, iso(clock() + 3600_000));
      return;
    }
    // A sent batch stays in the queue only for its reminder.
    if (batch.state === 'done') return remindBatch(due, batch, survey, cap, turn);
    if (batch.state !== 'sending' || batch.waitingUntil) await requests.setBatchState(due, 'sending', null, iso());

    const seen = new Set<string>();
    let inFlightElsewhere = false;
    let stop: Stop | undefined;
    // The earliest time a text that may not go now may (the customer's 09:00, next month's allowance).
    let waitUntil: number | undefined;
    const wait = (at: number) => {
      waitUntil = Math.min(waitUntil ?? Infinity, at);
    };
    let after: string | undefined;
    do {
      const { items, next } = await requests.pageRecipients(due.batchId, after, pageSize);
      after = next ?? undefined;
      const queued: { r: RecipientRecord; route: Exclude<SendRoute, { skip: RequestSkipReason }> }[] = [];
      const duplicates: RecipientRecord[] = [];
      const unreachable: { r: RecipientRecord; reason: RequestSkipReason }[] = [];
      for (const r of items) {
        const route = routeOf(r, survey.businessName, deps.texts);
        const hash = addressHashOf('skip' in route ? r.id : route.contact);
        if (r.state === 'skipped' && r.reason === 'duplicate') continue;
        if (r.state === 'queued' && 'skip' in route) unreachable.push({ r, reason: route.skip });
        else if (r.state === 'queued' && seen.has(hash)) duplicates.push(r);
        else if (r.state === 'queued' && !('skip' in route)) queued.push({ r, route });
        seen.add(hash);
        if (r.state === 'sending') {
          if (Date.parse(r.claimedAt ?? '') < clock() - interruptedAfterMs) {
            await requests.fail(r.batchId, r.id, 'interrupted');
            result.failed++;
            logger.warn('Review request interrupted between claim and confirmation; not sent again', {
              batchId: r.batchId,
              recipientId: r.id,
            });
          } else inFlightElsewhere = true;
        }
      }
      for (const r of duplicates) if (await requests.skip(r.batchId, r.id, 'duplicate')) result.skipped++;
      for (const { r, reason } of unreachable) if (await requests.skip(r.batchId, r.id, reason)) result.skipped++;
      const suppressed = await requests.suppressionsOf(
        due.userId,
        queued.map(({ route }) => addressHashOf(route.contact)),
      );
      await inPool(queued, concurrency, async ({ r, route }) => {
        if (stop) return;
        const reason: SuppressionReason | undefined = suppressed.get(addressHashOf(route.contact));
        if (reason) {
          if (await requests.skip(r.batchId, r.id, reason)) result.skipped++;
          return;
        }
        if (route.channel === 'sms') {
          // Texts paused by the reputation guard wait an hour at a time (the owner resumes them); a text outside
          // the customer's 09:00-20:00 waits for their next 09:00, the batch looked at again then.
          if (turn.texts?.paused) return wait(clock() + 3600_000);
          const at = nextSmsSendTime(clock(), route.timeZone, deps.texts?.hours);
          if (at > clock()) return wait(at);
        }
        const over = await stopOf(turn);
        if (stop || over) {
          stop ??= over;
          return;
        }
        turn.left--;
        const outcome = await sendOne(batch, survey, r, cap, route, turn);
        if (outcome === 'sent-email' || outcome === 'sent-sms') {
          result.sent++;
          await countSend(r.userId, turn, outcome === 'sent-sms' ? 'sms' : 'email');
        } else if (outcome === 'failed') result.failed++;
        else if (outcome === 'capped' || outcome === 'busy') stop ??= outcome;
        else if (outcome === 'spent') wait(Date.parse(nextTextMonthStart(textMonthOf(iso()))));
        else if (outcome !== 'none') result.skipped++;
      });
    } while (after && !stop);

    if (stop === 'capped') {
      // The owner is parked until the cap resets (the turn does it); the owner's page says until when.
      await requests.setBatchState(due, 'sending', iso(capResetOf(due.userId, clock())), iso());
      return 'capped';
    } else if (stop === 'busy') {
      await requests.reschedule(due, iso(clock() + 60_000));
    } else if (!stop && !inFlightElsewhere && waitUntil !== undefined) {
      // Texts wait (their hours, next month's allowance): the batch is due again when the first may go, and its
      // page says until when.
      await requests.setBatchState(due, 'sending', iso(waitUntil), iso());
      await requests.reschedule(due, iso(waitUntil));
    } else if (!stop && !inFlightElsewhere) {
      await requests.setBatchState(due, 'done', null, iso());
      // Its reminder is due the batch's days after the last request went out (the pass looks at each one's own
      // sent time, and waits again for any not due yet).
      const days = batch.reminderDays ?? 0;
      if (days > 0) await requests.reschedule(due, iso(clock() + days * dayMs));
      else await requests.dequeue(due);
      logger.info('Review request batch done', { batchId: due.batchId, reminderDays: days });
    }
  }

  /**
   * The batch's one reminder: each customer whose request went out at least the batch's days ago, who has not
   * rated from their link, has no reminder yet and is not on the suppression list (unsubscribed, bounced,
   * complained), claimed before the mail exactly as a request is (so a retried or overlapping run never
   * reminds twice; an unconfirmed claim is settled as failed, never resent). The queue entry waits for the
   * earliest one not due yet, and goes when none is left.
   */
  async function remindBatch(
    due: DueBatch,
    batch: RequestBatchRecord,
    survey: Survey,
    cap: number,
    turn: Turn,
  ): Promise<'capped' | undefined> {
    const { result } = turn;
    const days = batch.reminderDays ?? 0;
    if (days <= 0) {
      await requests.dequeue(due);
      return;
    }
    const delay = days * dayMs;
    let nextDue: number | undefined;
    let inFlight = false;
    let stop: Stop | undefined;
    let after: string | undefined;
    do {
      const { items, next } = await requests.pageRecipients(due.batchId, after, pageSize);
      after = next ?? undefined;
      const dueNow: { r: RecipientRecord; route: Exclude<SendRoute, { skip: RequestSkipReason }> }[] = [];
      for (const r of items) {
        if (r.state !== 'sent' || r.ratedAt || r.reminderState === 'sent' || r.reminderState === 'failed') continue;
        if (r.reminderState === 'sending') {
          if (Date.parse(r.reminderClaimedAt ?? '') < clock() - interruptedAfterMs) {
            await requests.failReminder(r.batchId, r.id);
            logger.warn('Reminder interrupted between claim and confirmation; not sent again', {
              batchId: r.batchId,
              recipientId: r.id,
            });
          } else inFlight = true;
          continue;
        }
        // The reminder goes by e-mail where the customer gave an address (it costs nothing and is kept), else by
        // text under the same rules as the request's; a number that cannot be texted gets none.
        const route = r.email
          ? ({ channel: 'email', contact: r.email } as const)
          : routeOf(r, survey.businessName, deps.texts);
        if ('skip' in route) continue;
        let dueAt = Date.parse(r.sentAt ?? '') + delay;
        if (route.channel === 'sms' && dueAt <= clock())
          dueAt = turn.texts?.paused ? clock() + 3600_000 : nextSmsSendTime(clock(), route.timeZone, deps.texts?.hours);
        if (!(dueAt <= clock())) nextDue = Math.min(nextDue ?? Infinity, dueAt || clock() + delay);
        else dueNow.push({ r, route });
      }
      const suppressed = await requests.suppressionsOf(
        due.userId,
        dueNow.map(({ route }) => addressHashOf(route.contact)),
      );
      await inPool(
        dueNow.filter(({ route }) => !suppressed.has(addressHashOf(route.contact))),
        concurrency,
        async ({ r, route }) => {
          const over = stop ?? (await stopOf(turn));
          if (stop || over) {
            stop ??= over;
            return;
          }
          turn.left--;
          const outcome = await remindOne(batch, survey, r, cap, route, turn);
          if (outcome === 'sent') {
            result.reminded++;
            await countSend(r.userId, turn, route.channel);
          } else if (outcome === 'failed') result.failed++;
          else if (outcome === 'capped' || outcome === 'busy') stop ??= outcome;
        },
      );
    } while (after && !stop);

    if (stop === 'capped') return 'capped';
    else if (stop === 'busy') await requests.reschedule(due, iso(clock() + 60_000));
    else if (stop || inFlight) return;
    else if (nextDue !== undefined) await requests.reschedule(due, iso(nextDue));
    else {
      await requests.dequeue(due);
      logger.info('Review request reminders done', { batchId: due.batchId });
    }
  }

  /** What a claim of this route counts: a text also in the owner's month, under their allowance. */
  function viaOf(route: Exclude<SendRoute, { skip: RequestSkipReason }>, turn: Turn, now: number): ClaimVia {
    return route.channel === 'sms'
      ? {
          channel: 'sms',
          contact: route.contact,
          texts: { month: textMonthOf(iso(now)), allowance: turn.texts?.allowance ?? 0 },
        }
      : { channel: 'email', contact: route.contact };
  }

  /**
   * A request or reminder that did not go out, logged: a busy service's claim is released for a later run (its
   * day's count given back), any other failure settles the customer's claim as failed, never sent again.
   */
  async function settleFailure(
    failure: { kind: 'busy' | 'rejected' | 'unknown'; error: string },
    r: RecipientRecord,
    route: Exclude<SendRoute, { skip: RequestSkipReason }>,
    message: string,
    settle: { release(): Promise<unknown>; fail(): Promise<unknown> },
  ): Promise<'busy' | 'failed'> {
    logger.warn(message, {
      batchId: r.batchId,
      recipientId: r.id,
      channel: route.channel,
      kind: failure.kind,
      error: failure.error,
    });
    if (failure.kind === 'busy') {
      await settle.release();
      return 'busy';
    }
    await settle.fail();
    return 'failed';
  }

  async function remindOne(
    batch: RequestBatchRecord,
    survey: Survey,
    r: RecipientRecord,
    cap: number,
    route: Exclude<SendRoute, { skip: RequestSkipReason }>,
    turn: Turn,
  ): Promise<'sent' | 'failed' | 'capped' | 'busy' | 'none'> {
    const now = clock();
    const day = iso(now).slice(0, 10);
    const via = viaOf(route, turn, now);
    const claim = await requests.claimReminder({ recipient: r, ...via, now: iso(now), day, dailyCap: cap });
    if (claim === 'capped') return 'capped';
    if (claim !== 'claimed') return 'none';
    const failure = await deliver(batch, survey, r, route, true);
    if (failure)
      return settleFailure(failure, r, route, 'Reminder not sent', {
        release: () => requests.releaseReminder(r, day, via),
        fail: () => requests.failReminder(r.batchId, r.id),
      });
    await requests.markReminded(r.batchId, r.id, iso());
    return 'sent';
  }

  /**
   * Sends the request (or its reminder) by its route: the mail, or the text with its short links (recorded
   * before the text names them). Answers how it failed, or nothing when it went out.
   */
  async function deliver(
    batch: RequestBatchRecord,
    survey: Survey,
    r: RecipientRecord,
    route: Exclude<SendRoute, { skip: RequestSkipReason }>,
    reminder: boolean,
  ): Promise<{ kind: 'busy' | 'rejected' | 'unknown'; error: string } | undefined> {
    if (route.channel === 'email') {
      const mail = composeReviewRequest({
        ...(await mailInputOf(batch, survey, { ...r, email: route.contact })),
        ...(reminder ? { reminder: true } : {}),
      });
      await slot();
      try {
        await deps.mailer(mail);
        return undefined;
      } catch (error) {
        return { kind: failureKind(error), error: String(error) };
      }
    }
    const texts = deps.texts!;
    let body: string;
    try {
      const codes = await texts.codesOf(r);
      // The links live as long as the request's data (its retention from now: the send is its start).
      const expiresAt = retentionExpiry(clock());
      await Promise.all(
        (['link', 'unsubscribe'] as const).map((purpose) =>
          texts.shortLinks.putShortLink(
            shortCodeHash(codes[purpose]),
            { purpose, batchId: r.batchId, recipientId: r.id },
            expiresAt,
          ),
        ),
      );
      const template =
        batch.smsTemplate && !(await linksAllowedFor(r.userId)) ? withoutLinks(batch.smsTemplate) : batch.smsTemplate;
      body = composeTextMessage({
        template: template ?? null,
        language: r.language,
        name: r.name,
        url: shortLinkUrl(deps.siteOrigin, codes.link),
        optOutUrl: shortLinkUrl(deps.siteOrigin, codes.unsubscribe),
        replies: route.replies,
      });
    } catch (error) {
      // Nothing went out: given back and tried again.
      return { kind: 'busy', error: String(error) };
    }
    await slot();
    try {
      await texts.sender.send({
        to: route.contact,
        body,
        originator: route.originator,
        idempotencyKey: `${r.batchId}/${r.id}/${reminder ? 'reminder' : 'request'}`,
        context: textContextOf({ userId: r.userId, batchId: r.batchId, recipientId: r.id }),
      });
      return undefined;
    } catch (error) {
      return { kind: textFailureKind(error), error: String(error) };
    }
  }

  /** Each owner's `linksAllowedOf`, looked up once a minute (a run mails many customers of one owner). */
  const linksAllowed = new Map<string, { until: number; allowed: Promise<boolean> }>();
  function linksAllowedFor(userId: string): Promise<boolean> {
    if (!deps.linksAllowedOf) return Promise.resolve(true);
    const known = linksAllowed.get(userId);
    if (known && known.until > clock()) return known.allowed;
    const allowed = deps.linksAllowedOf(userId);
    // A container lives for many runs and owners: the answers kept stay few.
    if (linksAllowed.size >= 1000) linksAllowed.clear();
    linksAllowed.set(userId, { until: clock() + 60_000, allowed });
    return allowed;
  }

  /** The request mail's input for a customer (the first mail and the reminder alike). */
  async function mailInputOf(batch: RequestBatchRecord, survey: Survey, r: RecipientRecord & { email: string }) {
    const template =
      batch.template && !(await linksAllowedFor(r.userId)) ? withoutLinks(batch.template) : batch.template;
    return {
      fromAddress: deps.fromAddress,
      siteOrigin: deps.siteOrigin,
      survey: {
        businessName: survey.businessName,
        supportEmail: survey.supportEmail,
        landingPageUrl: survey.landingPageUrl!,
      },
      template,
      recipient: r,
      ...(await deps.tokens.tokensOf(r)),
      ownerId: r.userId,
    };
  }

  type Outcome = 'sent-email' | 'sent-sms' | 'failed' | 'capped' | 'busy' | 'spent' | 'none' | RequestSkipReason;

  async function sendOne(
    batch: RequestBatchRecord,
    survey: Survey,
    r: RecipientRecord,
    cap: number,
    route: Exclude<SendRoute, { skip: RequestSkipReason }>,
    turn: Turn,
  ): Promise<Outcome> {
    const now = clock();
    const day = iso(now).slice(0, 10);
    const via = viaOf(route, turn, now);
    const claim = await requests.claim({
      recipient: r,
      ...via,
      now: iso(now),
      askedBefore: iso(now - requestRepeatDays * dayMs),
      contactExpiresAt: Math.ceil((now + requestRepeatDays * dayMs) / 1000),
      day,
      dailyCap: cap,
    });
    if (claim === 'not-queued') return 'none';
    if (claim === 'capped') return 'capped';
    if (claim === 'spent') {
      // The month's texts are spent (decisions 25): e-mail instead where the owner chose so and the customer gave
      // an address; else the text waits for next month.
      if (turn.texts?.whenSpent === 'email' && r.email)
        return sendOne(batch, survey, r, cap, { channel: 'email', contact: r.email }, turn);
      return 'spent';
    }
    if (claim === 'recently-asked')
      return (await requests.skip(r.batchId, r.id, 'recently-asked')) ? 'recently-asked' : 'none';
    if (claim === 'suppressed') {
      // Suppressed since the page was read: its reason is read now.
      const hash = addressHashOf(route.contact);
      const reason = (await requests.suppressionsOf(r.userId, [hash])).get(hash);
      return (await requests.skip(r.batchId, r.id, reason ?? 'unsubscribed')) ? (reason ?? 'unsubscribed') : 'none';
    }
    const failure = await deliver(batch, survey, r, route, false);
    if (failure)
      return settleFailure(failure, r, route, 'Review request not sent', {
        release: () => requests.release(r, day, via),
        fail: () => requests.fail(r.batchId, r.id, failure.kind === 'rejected' ? 'rejected' : 'interrupted'),
      });
    await requests.markSent(r.batchId, r.id, iso());
    return route.channel === 'sms' ? 'sent-sms' : 'sent-email';
  }

  /**
   * The reputation guard counts each mail that went out; when that pauses the owner, their turn ends here (the
   * next one parks them until they resume).
   */
  async function countSend(userId: string, turn: Turn, channel: RequestChannel): Promise<void> {
    const health = healthChannel(channel);
    const sending = !deps.health || (await deps.health.recordSend(userId, health));
    if (!sending && health === 'mail') turn.ended = true;
    // Texts paused themselves: the turn's e-mails go on, its texts wait.
    else if (!sending && turn.texts) turn.texts.paused = true;
  }

  /**
   * One owner's turn: their plan's cap of the day, then their due batches oldest first until the turn's mails
   * are used; then the owner goes behind those already waiting (their next batch's due time, not before now),
   * or is parked until the cap resets when it held (or their plan lapsed: a payment wakes them), or leaves the
   * queue when nothing of theirs is queued.
   */
  async function takeTurn(owner: QueuedOwner, deadline: number, result: SendRunResult): Promise<void> {
    result.turns++;
    // Decisions 22: an ended trial or an expired plan sends nothing until a renewal. Decisions 26: nor does an
    // owner whose requests paused themselves (parked like a lapsed plan; resuming wakes them).
    const mayOwnerSend = (await deps.health?.mayOwnerSend(owner.userId, 'mail')) ?? true;
    const cap = mayOwnerSend ? await deps.dailyCapOf(owner.userId) : 0;
    let parkUntil: string | undefined;
    const due = await requests.dueBatchesOf(owner.userId, iso(), turnBatches);
    if (cap <= 0) {
      parkUntil = iso(capResetOf(owner.userId, clock()));
      for (const d of due) {
        const batch = await requests.getBatch(d.userId, d.surveyId, d.batchId);
        if (batch && batch.state !== 'done' && batch.state !== 'preparing')
          await requests.setBatchState(d, 'sending', parkUntil, iso());
      }
    }
    const turn: Turn = { userId: owner.userId, left: turnSends, deadline, result };
    if (deps.texts && cap > 0) {
      const [allowance, whenSpent, textsMay] = await Promise.all([
        deps.texts.monthlyAllowanceOf(owner.userId),
        deps.texts.whenSpentOf(owner.userId),
        deps.health?.mayOwnerSend(owner.userId, 'text') ?? true,
      ]);
      turn.texts = { allowance, whenSpent, paused: !textsMay };
    }
    for (const d of parkUntil ? [] : due) {
      if (await stopOf(turn)) break;
      result.batches++;
      try {
        if ((await sendBatch(d, cap, turn)) === 'capped') {
          parkUntil = iso(capResetOf(owner.userId, clock()));
          break;
        }
      } catch (error) {
        logger.error('Review request batch step failed; the next run resumes it', error as Error);
      }
    }
    await settle(owner, parkUntil);
  }

  /** Writes where the owner's turn left them; read again and redone when a new batch changed the entry meanwhile. */
  async function settle(owner: QueuedOwner, parkUntil: string | undefined): Promise<void> {
    let entry: QueuedOwner | undefined = owner;
    for (let attempt = 0; entry && attempt < 5; attempt++) {
      if (await requests.settleOwner(entry, { parkUntil, notBefore: iso() })) return;
      entry = await requests.queuedOwner(owner.userId);
    }
  }

  return {
    /**
     * Takes the due owners' turns, longest waiting first, again and again until none is due or the deadline
     * (epoch ms): an owner with more due work goes behind the others after each turn, so one owner's backlog
     * never holds another's requests for longer than a turn of each owner before them.
     */
    async runDue(deadline: number): Promise<SendRunResult> {
      const result: SendRunResult = { turns: 0, batches: 0, sent: 0, skipped: 0, failed: 0, reminded: 0 };
      const settled = () => result.sent + result.skipped + result.failed + result.reminded;
      while (clock() < deadline) {
        const before = settled();
        let turns = 0;
        for (const listed of await requests.dueOwners(iso(), duePage)) {
          if (clock() >= deadline) break;
          // The owners' index is eventually consistent: the entry itself says whether the turn is due.
          const owner = await requests.queuedOwner(listed.userId);
          if (!owner || owner.dueAt > iso()) continue;
          turns++;
          try {
            await takeTurn(owner, deadline, result);
          } catch (error) {
            logger.error('Review request turn failed; the next run resumes it', error as Error);
          }
        }
        // Nothing due, or a pass in which no customer was settled (what is due is in flight elsewhere, or waits
        // on a later due time it was just given): the next run goes on.
        if (turns === 0 || settled() === before) break;
      }
      return result;
    },
  };
}

export type RequestSender = ReturnType<typeof createRequestSender>;
