import { createHash, timingSafeEqual } from 'node:crypto';
import {
  minSubmitElapsedMs,
  publicSurveyMessages,
  publicSurveySchema,
  ratingBand,
  reviewClickSchema,
  submitRefusedMessage,
  submitResponseSchema,
  surveyCodePattern,
  type PublicSurvey,
  type Survey,
  type SubmitResponseResult,
} from '@reviewroute/shared';
import { ApiError } from '../../lib/api-error';
import { newId } from '../../lib/ids';
import { logger } from '../../lib/logger';
import { parseInput } from '../../lib/validation';
import type { ResponseRepository, SurveyRepository } from '../../data/repositories';

export interface PublicSurveyServiceDeps {
  surveys: Pick<SurveyRepository, 'findByCode'>;
  responses: ResponseRepository;
  /** Submits per client per minute (PUBLIC_SUBMIT_RATE_LIMIT); read per request so tests can change it. */
  submitRateLimit: () => number;
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

/** Who is submitting, as the gateway saw it. Only ever hashed (decisions 14). */
export interface ClientInfo {
  sourceIp: string;
  userAgent: string;
}

export const defaultSubmitRateLimit = 10;
const rateWindowSeconds = 60;
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
  const { surveys, responses } = deps;
  const surveyCacheMs = deps.surveyCacheMs ?? 5000;
  let salt: { day: string; value: string } | undefined;
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

  /**
   * SHA-256 of today's random salt, the address and the user agent: stable for a day, unlinkable to the
   * address once the salt has expired. The raw address is never stored (decisions 14).
   */
  async function clientKey(client: ClientInfo, at: Date): Promise<string> {
    const day = at.toISOString().slice(0, 10);
    if (salt?.day !== day) {
      const expiresAt = Math.floor(at.getTime() / 1000) + 2 * 24 * 60 * 60;
      salt = { day, value: await responses.clientKeySalt(day, toBase64Url(randomBytes(32)), expiresAt) };
    }
    return sha256(`${salt.value}\n${client.sourceIp}\n${client.userAgent}`);
  }

  return {
    async getPublicSurvey(code: string): Promise<PublicSurvey> {
      return toPublicSurvey(await published(code));
    },

    async submit(code: string, input: unknown, client: ClientInfo): Promise<SubmitResponseResult> {
      const data = parseInput(submitResponseSchema, input);
      // Bot checks answer as vaguely as a broken request: nothing tells a script which rule it broke.
      if ((data.website ?? '').trim() !== '' || data.elapsedMs < minSubmitElapsedMs) {
        logger.info('Submit refused by the bot checks', {
          honeypot: (data.website ?? '').trim() !== '',
          elapsedMs: data.elapsedMs,
        });
        throw new ApiError('BAD_REQUEST', submitRefusedMessage);
      }
      const survey = await published(code);
      const at = now();
      const epoch = Math.floor(at.getTime() / 1000);
      const keepContact = ratingBand(data.rating) === 'low' && survey.collectContactOnLowRating;
      const clickToken = toBase64Url(randomBytes(32));
      const responseId = makeId();
      const window = epoch - (epoch % rateWindowSeconds);
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
        rate: {
          clientKey: await clientKey(client, at),
          window,
          limit: deps.submitRateLimit(),
          expiresAt: window + 2 * rateWindowSeconds,
        },
      });
      switch (outcome.kind) {
        case 'stored':
          return { responseId, clickToken };
        case 'duplicate':
          return { responseId: outcome.responseId, clickToken: outcome.clickToken };
        case 'rate-limited':
          throw new ApiError('RATE_LIMITED');
        case 'survey-gone':
          // The cached copy is stale: the next read of this code goes to the table again.
          cache.delete(code);
          throw surveyNotFound();
      }
    },

    /** Counts once; a wrong token or an unknown response changes nothing (404); a second click is a no-op. */
    async recordReviewClick(responseId: string, input: unknown): Promise<void> {
      const { token } = parseInput(reviewClickSchema, input);
      if (!responseIdPattern.test(responseId)) throw responseNotFound();
      const ticket = await responses.ticket(responseId);
      if (!ticket) throw responseNotFound();
      // Equal-length hex digests compared in constant time: the answer's timing says nothing about the token.
      if (!timingSafeEqual(Buffer.from(sha256(token)), Buffer.from(ticket.clickTokenHash))) throw responseNotFound();
      const outcome = await responses.recordReviewClick(ticket.surveyId, responseId);
      if (outcome === 'not-found') throw responseNotFound();
    },
  };
}

export type PublicSurveyService = ReturnType<typeof createPublicSurveyService>;
