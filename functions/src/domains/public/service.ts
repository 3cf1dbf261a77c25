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
  type SurveyWidget,
} from '@reviewroute/shared';
import { ApiError, rateLimited } from '../../lib/api-error';
import { logger } from '../../lib/logger';
import { createClientKeys } from '../../lib/viewer';
import { createSoftRateLimiter, rateSlot, retryAfterSeconds, type RateLimiter } from '../../data/rate-window';
import type { ClientKeySaltStore } from '../../data/client-key-salts';
import type { ResponseStore } from '../../data/response-store';
import type { SurveyRepository } from '../../data/survey-repository';
import { responseIdOf } from '../../data/response-store';
import type { LinkMarker, LinkOriginReader } from '../../data/link-marks';
import type { SurveyStatsReader } from '../../data/survey-stats';
import type { WebsiteReviewsStore } from '../../data/website-reviews';
import { consentOf, evidenceOf } from './evidence';
import { widgetOf } from './widget';

export interface PublicSurveyServiceDeps {
  surveys: Pick<SurveyRepository, 'findByCode'>;
  responses: Pick<ResponseStore, 'submit' | 'recordReviewClick'>;
  /** The table's rate windows: only a client (or survey) past its soft share on this instance reaches them. */
  rateLimiter: RateLimiter;
  /** The day's salt, which client keys and start tokens are keyed by. */
  salts: ClientKeySaltStore;
  /** Submits per client per minute (PUBLIC_SUBMIT_RATE_LIMIT); read per request so tests can change it. */
  submitRateLimit: () => number;
  /** Submits per survey per minute, from every client together (PUBLIC_SUBMIT_SURVEY_RATE_LIMIT). */
  surveyRateLimit: () => number;
  /** The least time between a start token and its submit (PUBLIC_SUBMIT_MIN_FILL_MS; minSubmitElapsedMs by default). */
  minFillMs?: () => number;
  now?: () => Date;
  randomBytes?: (n: number) => Uint8Array;
  /**
   * How long one Lambda instance reuses a published survey it read (default `surveyCacheMs`): a burst of
   * submits to one survey costs one lookup, not two reads each. The submit writes nothing else to check
   * the survey, so an unpublished or deleted survey takes submits on a warm instance for up to this long
   * (such a submit is kept); a changed contact-details switch also applies within this time.
   */
  surveyCacheMs?: number;
  /** Marks a review request's personal link opened, rated or clicked (absent: nothing is marked). */
  markLink?: LinkMarker;
  /** Resolves a personal link to its request, for the response's evidence (absent: every submit is the public link). */
  linkOrigin?: LinkOriginReader;
  /** The reviews widget's reads: the survey's tally and its widget item (absent: the widget route is not served). */
  widget?: { stats: Pick<SurveyStatsReader, 'getTally'>; reviews: Pick<WebsiteReviewsStore, 'get'> };
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
/** How long an instance trusts a published survey it read (docs/data-model.md "Code -> survey"). */
export const surveyCacheMs = 5000;
const rateWindowSeconds = 60;
/** A start token older than this is refused: the page fetches it when the customer starts, not days before. */
export const startTokenMaxAgeMs = 12 * 60 * 60 * 1000;
const maxUserAgentLength = 512;

/** Response ids are UUIDs; anything else cannot exist and must not reach DynamoDB as a key. */
const responseIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const surveyNotFound = () => new ApiError('NOT_FOUND', publicSurveyMessages.surveyNotFound);
const responseNotFound = () => new ApiError('NOT_FOUND');
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const isPublished = (s: Survey) => s.status === 'active' && s.isActive && s.surveyCode !== null;

/**
 * The click token of a survey's submit with this idempotency key: an HMAC keyed by the key, which only the
 * submitting browser knows (it chose it at random). A retry gets the same token back without it being
 * stored; the response keeps only its SHA-256, which the review click compares.
 */
const clickTokenOf = (surveyId: string, idempotencyKey: string) =>
  createHmac('sha256', idempotencyKey).update(`click-token\n${surveyId}`).digest('base64url');

/** Only what the page shows of a published survey: never the owner's id or e-mail (spec 6). */
export const toPublicSurvey = (s: Survey): PublicSurvey => publicSurveySchema.parse(s);

/**
 * The visitor's use cases (spec 6): read a published survey, answer it once, record the review click.
 * Inputs are plain values (path parameters, the raw body, the client as the gateway saw it).
 */
export function createPublicSurveyService(deps: PublicSurveyServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const randomBytes = deps.randomBytes ?? ((n: number) => crypto.getRandomValues(new Uint8Array(n)));
  const { surveys, responses } = deps;
  const cacheMs = deps.surveyCacheMs ?? surveyCacheMs;
  const limiter = createSoftRateLimiter(deps.rateLimiter);
  const clientKeys = createClientKeys(
    (day, candidate, expiresAt) => deps.salts.saltOf(day, candidate, expiresAt),
    randomBytes,
  );
  const minFillMs = deps.minFillMs ?? (() => minSubmitElapsedMs);
  const markLink: LinkMarker = deps.markLink ?? (async () => undefined);
  const linkOrigin: LinkOriginReader = deps.linkOrigin ?? (async () => undefined);
  /** code -> a published survey and when it was read; only found ones (a new code works at once). */
  const cache = new Map<string, { survey: Survey; readAt: number }>();

  /** The survey behind a code, from this instance's cache while it is fresh; only found, active ones are cached. */
  async function byCode(code: string): Promise<Survey | undefined> {
    if (!surveyCodePattern.test(code)) return undefined;
    const at = now().getTime();
    const cached = cache.get(code);
    if (cached && at - cached.readAt < cacheMs) return cached.survey;
    cache.delete(code);
    const survey = await surveys.findByCode(code);
    if (!survey || !isPublished(survey)) return survey;
    // Bounded: codes are looked up one by one, so a scan of many codes only ever drops old entries.
    if (cache.size >= 1000) cache.delete(cache.keys().next().value!);
    cache.set(code, { survey, readAt: at });
    return survey;
  }

  /** Active, published surveys only; drafts and deactivated ones look exactly like unknown codes. */
  async function published(code: string): Promise<Survey> {
    const survey = await byCode(code);
    if (!survey || !isPublished(survey)) throw surveyNotFound();
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

    /** The reviews widget (decisions 27): two reads by key beside the survey's, whatever its number of responses. */
    async getWidget(code: string): Promise<SurveyWidget> {
      const survey = await published(code);
      if (!deps.widget) throw surveyNotFound();
      const [tally, reviews] = await Promise.all([
        deps.widget.stats.getTally(survey.id),
        deps.widget.reviews.get(survey.id),
      ]);
      return widgetOf({ ...survey, surveyCode: code }, tally, reviews);
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
      const keepContact = ratingBand(data.rating) === 'low' && survey.collectContactOnLowRating;
      // Both derive from the key: a retry lands on the same response and gets the same answer back.
      const responseId = responseIdOf(survey.id, data.idempotencyKey);
      const clickToken = clickTokenOf(survey.id, data.idempotencyKey);
      // In memory on this instance first; a table window only for a client or survey past its soft share.
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
      for (const [limit, slot] of [
        ['client', clientSlot],
        ['survey', surveySlot],
      ] as const)
        if (!(await limiter.consume(slot))) {
          logger.info('Submit refused by a limit', { limit });
          throw rateLimited(retryAfterSeconds(slot, at));
        }
      // Reads only for a personal link (its request and batch); the evidence rides in the one write.
      const origin = await linkOrigin(data.requestToken, survey.id);
      // One conditional put; a duplicate (the same key again) wrote nothing and gets the same answer.
      await responses.submit({
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
          websiteConsent: consentOf(data.websiteConsent),
          evidence: evidenceOf(origin, survey),
        },
        clickTokenHash: sha256(clickToken),
        ownerId: survey.userId,
      });
      // Only a submit from a personal link writes anything more (the request's rated mark; a retry finds it set).
      await markLink(data.requestToken, survey.id, 'rated', origin?.recipient);
      return { responseId, clickToken };
    },

    /**
     * Flags the customer's own response once (the stats worker counts it); a wrong token or an unknown
     * response changes nothing (404); a second click is a no-op. The code names the survey (from the cache
     * while fresh): a click on the thank-you screen of a survey unpublished meanwhile still counts.
     */
    async recordReviewClick(code: string, responseId: string, token: string, requestToken?: string): Promise<void> {
      if (!responseIdPattern.test(responseId)) throw responseNotFound();
      const survey = await byCode(code);
      if (!survey) throw responseNotFound();
      const outcome = await responses.recordReviewClick(survey.id, responseId, sha256(token));
      if (outcome === 'not-found') throw responseNotFound();
      await markLink(requestToken, survey.id, 'clicked');
    },

    /**
     * The page was opened from a review request's personal link: the request is marked opened. Whatever the
     * token (unknown, forged, of another survey) the answer is the same and nothing else happens.
     */
    async recordLinkOpen(code: string, requestToken: string): Promise<void> {
      const survey = await byCode(code);
      if (survey) await markLink(requestToken, survey.id, 'opened');
    },
  };
}
export type PublicSurveyService = ReturnType<typeof createPublicSurveyService>;
