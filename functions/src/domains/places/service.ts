import { defaultLanguage, type Language, type PlaceSearchResponse } from '@reviewroute/shared';
import { ApiError, rateLimited } from '../../lib/api-error';
import { rateSlot, retryAfterSeconds, type RateLimiter } from '../../data/rate-window';
import { logger } from '../../lib/logger';
import { PlacesApiError, placesLocaleOf, type PlacesClient } from './places-client';

/**
 * Calls per owner per window: the finder searches at most once a second of typing, so a busy owner
 * stays well inside it, while one account cannot spend the shared Google quota.
 */
export const placesRateLimit = { limit: 30, windowSeconds: 60 } as const;

export interface PlacesServiceDeps {
  /** Undefined when the deployment has no Google key (decisions 12: the finder says so). */
  client: () => PlacesClient | undefined | Promise<PlacesClient | undefined>;
  /** The shared fixed-window limiter, keyed per owner. */
  limiter: RateLimiter;
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

/** Place search for the wizard's finder (spec 7 google-maps-api): search by text. */
export function createPlacesService(deps: PlacesServiceDeps) {
  const now = deps.now ?? (() => new Date());

  /** The configured client after the owner's rate check; not configured is said before anything is counted. */
  async function clientFor(userId: string): Promise<PlacesClient> {
    const client = await deps.client();
    if (!client) throw new ApiError('PLACES_NOT_CONFIGURED');
    const at = now();
    const slot = rateSlot(`places:${userId}`, placesRateLimit, at);
    if (!(await deps.limiter.consume(slot))) throw rateLimited(retryAfterSeconds(slot, at));
    return client;
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
      const results = await google(() => client.searchText(query, placesLocaleOf(language ?? defaultLanguage)));
      return { results };
    },
  };
}

export type PlacesService = ReturnType<typeof createPlacesService>;
