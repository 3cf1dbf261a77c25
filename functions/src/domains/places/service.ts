import { createHash } from 'node:crypto';
import {
  defaultLanguage,
  placeSearchBudgetDefault,
  type Language,
  type PlaceSearchResponse,
  type PlaceSearchResult,
} from '@reviewroute/shared';
import { ApiError, rateLimited } from '../../lib/api-error';
import { rateSlot, retryAfterSeconds, type RateLimiter } from '../../data/rate-window';
import { logger } from '../../lib/logger';
import { PlacesApiError, placesLocaleOf, type PlacesClient } from './places-client';

/**
 * Calls per owner per window: the finder searches at most once a second of typing, so a busy owner
 * stays well inside it, while one account cannot spend the shared Google quota.
 */
export const placesRateLimit = { limit: 30, windowSeconds: 60 } as const;

/** The windows of the daily limits: one UTC day. */
const daySeconds = 24 * 60 * 60;

/** The rate-window key of the global daily budget: every Google call of every owner counts in it. */
export const placesBudgetKey = 'places-budget';

/**
 * The rate-window key of an owner's daily allowance: a hash of the user id, so the window (which outlives an
 * account erasure until its TTL, two days) keeps nothing of the owner in clear (decisions 14).
 */
export const placesAllowanceKey = (userId: string): string =>
  `places-day:${createHash('sha256').update(userId, 'utf8').digest('hex')}`;

/** How long a search's results are reused for the same normalized query and language. */
export const placesCacheMs = 60 * 60 * 1000;
/** Cached queries per container at most (the oldest go first): a few hundred small result lists. */
export const placesCacheEntries = 500;

/**
 * The cache key of a query: case, surrounding and repeated spaces and Unicode composition do not make a new
 * Google call ("Bakkerij  de vries " is "bakkerij de vries"), the language does (it changes Google's answer).
 */
export const normalizedPlacesQuery = (query: string, language: Language): string =>
  `${language}:${query.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en')}`;

export interface PlacesServiceDeps {
  /** Undefined when the deployment has no Google key (decisions 12: the finder says so). */
  client: () => PlacesClient | undefined | Promise<PlacesClient | undefined>;
  /** The shared fixed-window limiter, keyed per owner. */
  limiter: RateLimiter;
  /** The owner's daily search allowance by their plan (the entitlements' `dailyPlaceSearches`). */
  allowanceOf: (userId: string) => Promise<number>;
  /** Google calls per UTC day for everyone together (PLACES_DAILY_BUDGET, default `placeSearchBudgetDefault`). */
  dailyBudget?: number;
  now?: () => Date;
}

/**
 * Google's refusal in our error contract. Google's message never passes (it may name the project or the key's
 * restrictions); the status and reason go to the logs. A bad key, a disabled API or a spent quota are our
 * configuration, not the owner's fault: the owner gets "search failed", the operator gets an error log.
 */
export function placesErrorOf(error: PlacesApiError): ApiError {
  const detail = { httpStatus: error.httpStatus, googleStatus: error.googleStatus, reason: error.reason };
  if (error.httpStatus === 429) {
    logger.error('Places API quota exhausted', detail);
    return new ApiError('PLACES_UNAVAILABLE');
  }
  const keyProblem =
    error.httpStatus === 401 ||
    error.httpStatus === 403 ||
    (error.reason !== undefined && /API_KEY|SERVICE_DISABLED|BLOCKED/.test(error.reason));
  if (keyProblem) {
    logger.error('Places API refused the key', detail);
    return new ApiError('PLACES_UNAVAILABLE');
  }
  if (error.httpStatus === 400) {
    logger.warn('Places API refused the request as invalid', detail);
    return new ApiError('BAD_REQUEST', 'The search could not be run.');
  }
  logger.error('Places API failed', detail);
  return new ApiError('PLACES_UNAVAILABLE');
}

/**
 * Place search for the wizard's finder (spec 7 google-maps-api): search by text. Every Google call is billed,
 * so a call passes four gates: the owner's per-minute limit, the cache (a query searched in the last hour, by
 * anyone, is answered from it and costs nothing more), the owner's daily allowance by plan, and the global
 * daily budget. The cache lives in memory per container, not in the table: the repeats that matter are the
 * same owner's (debounced typing that lands on the same text, going back in the wizard), which a warm
 * container serves; a table cache would cost a write per search and keep Google's content in our table.
 */
export function createPlacesService(deps: PlacesServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const dailyBudget = deps.dailyBudget ?? placeSearchBudgetDefault;
  /** Normalized query -> results and when they were fetched; a Map keeps insertion order, the oldest first. */
  const cache = new Map<string, { at: number; results: PlaceSearchResult[] }>();

  /** The configured client after the owner's rate check; not configured is said before anything is counted. */
  async function clientFor(userId: string): Promise<PlacesClient> {
    const client = await deps.client();
    if (!client) throw new ApiError('PLACES_NOT_CONFIGURED');
    const at = now();
    const slot = rateSlot(`places:${userId}`, placesRateLimit, at);
    if (!(await deps.limiter.consume(slot))) throw rateLimited(retryAfterSeconds(slot, at));
    return client;
  }

  /** Counts one billed call against the owner's allowance, then the global budget; 429 when either is spent. */
  async function spend(userId: string): Promise<void> {
    const at = now();
    const allowance = rateSlot(
      placesAllowanceKey(userId),
      { limit: await deps.allowanceOf(userId), windowSeconds: daySeconds },
      at,
    );
    if (!(await deps.limiter.consume(allowance))) throw rateLimited(retryAfterSeconds(allowance, at));
    const budget = rateSlot(placesBudgetKey, { limit: dailyBudget, windowSeconds: daySeconds }, at);
    if (!(await deps.limiter.consume(budget))) {
      logger.error('Places daily budget spent', { budget: dailyBudget });
      throw rateLimited(retryAfterSeconds(budget, at));
    }
  }

  function cached(key: string): PlaceSearchResult[] | undefined {
    const hit = cache.get(key);
    if (!hit) return undefined;
    if (now().getTime() - hit.at < placesCacheMs) return hit.results;
    cache.delete(key);
    return undefined;
  }

  function remember(key: string, results: PlaceSearchResult[]) {
    cache.delete(key);
    cache.set(key, { at: now().getTime(), results });
    while (cache.size > placesCacheEntries) cache.delete(cache.keys().next().value as string);
  }

  async function google<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof PlacesApiError) throw placesErrorOf(error);
      throw error;
    }
  }

  return {
    async search(
      userId: string,
      { query, language }: { query: string; language?: Language | undefined },
    ): Promise<PlaceSearchResponse> {
      const client = await clientFor(userId);
      const lang = language ?? defaultLanguage;
      const key = normalizedPlacesQuery(query, lang);
      const hit = cached(key);
      if (hit) return { results: hit };
      await spend(userId);
      const results = await google(() => client.searchText(query, placesLocaleOf(lang)));
      remember(key, results);
      return { results };
    },
  };
}

export type PlacesService = ReturnType<typeof createPlacesService>;
