import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  minSubmitElapsedMs,
  publicSurveyMessages,
  publicSubmitSurveyRateLimitDefault,
  publicSurveySchema,
  ratingBand,
  submitRefusedMessage,
  surveyCodePattern,
  type PublicSurvey,
  type StartResponseResult,
  type Survey,
  type SubmitResponse,
  type SubmitResponseResult,
} from '@reviewroute/shared';
import { ApiError, rateLimited } from '../../lib/api-error';
import { newId } from '../../lib/ids';
import { logger } from '../../lib/logger';
import { createClientKeys } from '../../lib/viewer';
import { rateSlot, retryAfterSeconds } from '../../data/rate-window';
import type { ClickTicketStore, ClientKeySaltStore, ResponseStore, SurveyRepository } from '../../data/repositories';

export interface PublicSurveyServiceDeps {
  surveys: Pick<SurveyRepository, 'findByCode'>;
  responses: Pick<ResponseStore, 'submit' | 'recordReviewClick'>;
  tickets: Pick<ClickTicketStore, 'get'>;
  /** The day's salt, which client keys and start tokens are keyed by. */
  salts: ClientKeySaltStore;
  /** Submits per client per minute (PUBLIC_SUBMIT_RATE_LIMIT); read per request so tests can change it. */
  submitRateLimit: () => number;
  /** Submits per survey per minute, from every client together (PUBLIC_SUBMIT_SURVEY_RATE_LIMIT). */
  surveyRateLimit: () => number;
  /** The least time between a start token and its submit (PUBLIC_SUBMIT_MIN_FILL_MS; minSubmitElapsedMs by default). */
  minFillMs?: () => number;
  now?: () => Date;
  newId?: () => string;
  randomBytes?: (n: number) => Uint8Array;
  /**
   * How long one Lambda instance reuses a published survey it read (default 5 s): a burst of submits to
   * one survey costs one lookup, not two reads each. Safe because the submit transaction itself checks
   * that the survey is still active; a changed contact-details switch applies within this time.
   */
  surveyCacheMs?: number;
}

/** Who is submitting. The address is only ever hashed (decisions 14); the user agent is kept (spec 3). */
export interface ClientInfo {
  /** As the API trusts it (`RouteRequest.viewerIp`): the rate-limit key, never the user agent. */
  viewerIp: string;
  userAgent: string;
}

export const defaultSubmitRateLimit = 10;
/**
 * A crowd on one code gets through (sized in shared's lambda-env); a flood from many addresses stops here,
 * and since it is per survey, a flood of one survey never slows another.
 */
export const defaultSurveyRateLimit = publicSubmitSurveyRateLimitDefault;
const rateWindowSeconds = 60;
/** A start token older than this is refused: the page fetches it when the customer starts, not days before. */
export const startTokenMaxAgeMs = 12 * 60 * 60 * 1000;
/** A retry after this long is a new answer (the page removes its draft after a success long before). */
const idempotencySeconds = 24 * 60 * 60;
/** How long the thank-you screen's review button works. */
const ticketSeconds = 7 * 24 * 60 * 60;
const maxUserAgentLength = 512;

/** Response ids are UUIDs; anything else cannot exist and must not reach DynamoDB as a key. */
const responseIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const surveyNotFound = () => new ApiError('NOT_FOUND', publicSurveyMessages.surveyNotFound);
const responseNotFound = () => new ApiError('NOT_FOUND');
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const toBase64Url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** Only what the page shows of a published survey: never the owner's id or e-mail (spec 6). */
export const toPublicSurvey = (s: Survey): PublicSurvey => publicSurveySchema.parse(s);

/**
 * The visitor's use cases (spec 6): read a published survey, answer it once, record the review click.
 * Inputs are plain values (path parameters, the raw body, the client as the gateway saw it).
 */
export function createPublicSurveyService(deps: PublicSurveyServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const makeId = deps.newId ?? (() => newId());
  const randomBytes = deps.randomBytes ?? ((n: number) => crypto.getRandomValues(new Uint8Array(n)));
  const { surveys, responses, tickets } = deps;
  const surveyCacheMs = deps.surveyCacheMs ?? 5000;
  const clientKeys = createClientKeys(
    (day, candidate, expiresAt) => deps.salts.saltOf(day, candidate, expiresAt),
    randomBytes,
  );
  const minFillMs = deps.minFillMs ?? (() => minSubmitElapsedMs);
  /** code -> a published survey and when it was read; only found ones (a new code works at once). */
  const cache = new Map<string, { survey: Survey; readAt: number }>();

  /** Active, published surveys only; drafts and deactivated ones look exactly like unknown codes. */
  async function published(code: string): Promise<Survey> {
    if (!surveyCodePattern.test(code)) throw surveyNotFound();
    const at = now().getTime();
    const cached = cache.get(code);
    if (cached && at - cached.readAt < surveyCacheMs) return cached.survey;
    cache.delete(code);
    const survey = await surveys.findByCode(code);
    if (!survey || survey.status !== 'active' || !survey.isActive || !survey.surveyCode) throw surveyNotFound();
    // Bounded: codes are looked up one by one, so a scan of many codes only ever drops old entries.
    if (cache.size >= 1000) cache.delete(cache.keys().next().value!);
    cache.set(code, { survey, readAt: at });
    return survey;
  }

  /** The start token's signature: keyed by the day's salt (random, shared by every instance, expiring). */
  async function startSignature(code: string, issuedAt: number): Promise<string> {
    const salt = await clientKeys.saltOf(new Date(issuedAt));
    return createHmac('sha256', `start-token\n${salt}`).update(`${code}\n${issuedAt}`).digest('base64url');
  }

  /**
   * How long ago the customer started, measured by us: the issue time inside a token we signed. Undefined
   * for a missing, malformed, forged, future or expired token (checked before any salt is read, so a
   * made-up token costs no table access for an arbitrary day).
   */
  async function filledForMs(code: string, token: string | undefined, at: number): Promise<number | undefined> {
    const match = /^(\d{13})\.([\w-]{43})$/.exec(token ?? '');
    if (!match) return undefined;
    const issuedAt = Number(match[1]);
    const age = at - issuedAt;
    if (age < 0 || age > startTokenMaxAgeMs) return undefined;
    const expected = Buffer.from(await startSignature(code, issuedAt));
    const given = Buffer.from(match[2]!);
    return given.length === expected.length && timingSafeEqual(given, expected) ? age : undefined;
  }

  return {
    async getPublicSurvey(code: string): Promise<PublicSurvey> {
      return toPublicSurvey(await published(code));
    },

    /**
     * The customer started answering: a signed token of this moment, for the submit to bring back. No
     * survey read (the page has just read it, and the submit checks it): a token is cheap to hand out,
     * and useless without the wait.
     */
    async start(code: string): Promise<StartResponseResult> {
      const issuedAt = now().getTime();
      if (!surveyCodePattern.test(code)) throw surveyNotFound();
      return { startToken: `${issuedAt}.${await startSignature(code, issuedAt)}` };
    },

    async submit(code: string, data: SubmitResponse, client: ClientInfo): Promise<SubmitResponseResult> {
      const at = now();
      const filledMs = await filledForMs(code, data.startToken, at.getTime());
      // Bot checks answer as vaguely as a broken request: nothing tells a script which rule it broke. The
      // page's own elapsed time still counts, but only the one we measured can't be made up.
      const honeypot = (data.website ?? '').trim() !== '';
      // A least fill time of 0 turns the server's measure off (test stacks, whose browsers click at once).
      const leastFill = minFillMs();
      const tooFast =
        data.elapsedMs < minSubmitElapsedMs || (leastFill > 0 && (filledMs === undefined || filledMs < leastFill));
      if (honeypot || tooFast) {
        logger.info('Submit refused by the bot checks', { honeypot, elapsedMs: data.elapsedMs, filledMs });
        throw new ApiError('BAD_REQUEST', submitRefusedMessage);
      }
      const survey = await published(code);
      const epoch = Math.floor(at.getTime() / 1000);
      const keepContact = ratingBand(data.rating) === 'low' && survey.collectContactOnLowRating;
      const clickToken = toBase64Url(randomBytes(32));
      const responseId = makeId();
      const clientSlot = rateSlot(
        await clientKeys.keyOf(client.viewerIp, at),
        { limit: deps.submitRateLimit(), windowSeconds: rateWindowSeconds },
        at,
      );
      const surveySlot = rateSlot(
        `survey:${survey.id}`,
        { limit: deps.surveyRateLimit(), windowSeconds: rateWindowSeconds },
        at,
      );
      const outcome = await responses.submit({
        userId: survey.userId,
        response: {
          id: responseId,
          surveyId: survey.id,
          rating: data.rating,
          comment: data.comment,
          customerName: keepContact ? (data.customerName ?? null) : null,
          customerEmail: keepContact ? (data.customerEmail ?? null) : null,
          userAgent: client.userAgent.slice(0, maxUserAgentLength) || null,
          googleReviewClicked: false,
          createdAt: at.toISOString(),
        },
        clickToken,
        clickTokenHash: sha256(clickToken),
        idempotencyKey: data.idempotencyKey,
        idempotencyExpiresAt: epoch + idempotencySeconds,
        ticketExpiresAt: epoch + ticketSeconds,
        rate: [clientSlot, surveySlot],
      });
      switch (outcome.kind) {
        case 'stored':
          return { responseId, clickToken };
        case 'duplicate':
          return { responseId: outcome.responseId, clickToken: outcome.clickToken };
        case 'rate-limited':
          logger.info('Submit refused by a limit', { limit: outcome.slot === surveySlot ? 'survey' : 'client' });
          throw rateLimited(retryAfterSeconds(outcome.slot, at));
        case 'survey-gone':
          // The cached copy is stale: the next read of this code goes to the table again.
          cache.delete(code);
          throw surveyNotFound();
      }
    },

    /** Counts once; a wrong token or an unknown response changes nothing (404); a second click is a no-op. */
    async recordReviewClick(responseId: string, token: string): Promise<void> {
      if (!responseIdPattern.test(responseId)) throw responseNotFound();
      const ticket = await tickets.get(responseId);
      if (!ticket) throw responseNotFound();
      // Equal-length hex digests compared in constant time: the answer's timing says nothing about the token.
      if (!timingSafeEqual(Buffer.from(sha256(token)), Buffer.from(ticket.clickTokenHash))) throw responseNotFound();
      const outcome = await responses.recordReviewClick(ticket.surveyId, responseId);
      if (outcome === 'not-found') throw responseNotFound();
    },
  };
}

export type PublicSurveyService = ReturnType<typeof createPublicSurveyService>;
