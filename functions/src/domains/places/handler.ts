import type { LambdaEnv } from '@reviewroute/shared';
import { ApiError } from '../../lib/api-error';
import { processLambdaEnv } from '../../lib/env';
import { secretLoader, ssmParameterReader, type ParameterReader } from '../../lib/secrets';
import { createDomainHandler, type DomainHandlerOptions } from '../../lib/http';
import { configureLogger, logger } from '../../lib/logger';
import { tableEntities } from '../../data/client';
import { ownerRequestLimitOf } from '../../data/owner-request-limit';
import { createDynamoRateLimiter } from '../../data/rate-window';
import { entitlementsReaderOf, type EntitlementsReader } from '../../entitlements/entitlements-reader';
import { originCheckOf } from '../../lib/origin-verify';
import { createPlacesClient, type PlacesClient } from './places-client';
import { createPlacesService, type PlacesService } from './service';

type PlacesEnv = Pick<
  LambdaEnv,
  'GOOGLE_PLACES_API_KEY' | 'GOOGLE_PLACES_API_KEY_PARAMETER' | 'GOOGLE_PLACES_API_URL' | 'AWS_REGION'
>;

/**
 * The Places client of an environment: the key from GOOGLE_PLACES_API_KEY (locally) or from the SSM
 * parameter GOOGLE_PLACES_API_KEY_PARAMETER names (AWS); none without either (search is then not configured).
 */
export async function placesClientOf(
  env: Partial<PlacesEnv>,
  readParameter: ParameterReader,
): Promise<PlacesClient | undefined> {
  const parameter = env.GOOGLE_PLACES_API_KEY_PARAMETER;
  const apiKey = env.GOOGLE_PLACES_API_KEY ?? (parameter ? await readParameter(parameter) : undefined);
  if (!apiKey) return undefined;
  return createPlacesClient({ apiKey, ...(env.GOOGLE_PLACES_API_URL ? { baseUrl: env.GOOGLE_PLACES_API_URL } : {}) });
}

/** How long a container reuses an owner's allowance: a plan bought meanwhile counts within minutes. */
export const allowanceCacheMs = 10 * 60 * 1000;

/** The day's search allowance of the owner's plan; the finder asks on every search, so the answer is reused a while. */
const allowanceOf = (entitlements: EntitlementsReader) => async (userId: string) =>
  (await entitlements(userId)).dailyPlaceSearches;

/** PLACES_DAILY_BUDGET: Google calls per UTC day for everyone together; undefined for the default. */
export function placesDailyBudget(env: Pick<LambdaEnv, 'PLACES_DAILY_BUDGET'>): number | undefined {
  const value = env.PLACES_DAILY_BUDGET;
  if (value === undefined || value === '') return undefined;
  const budget = Number(value);
  if (!Number.isInteger(budget) || budget < 0)
    throw new Error(`PLACES_DAILY_BUDGET must be a whole number, not ${value}`);
  return budget;
}

/** The business finder's API (domain `places`, owner routes); the service is built on first use. */
export function createPlacesHandler(serviceOf: () => PlacesService, options?: DomainHandlerOptions) {
  return createDomainHandler(
    'places',
    {
      'search-places': async ({ owner, body }) => ({ body: await serviceOf().search(owner.userId, body) }),
    },
    options,
  );
}

/**
 * The places Lambda for one environment (the local stack passes its own). The key is read once per
 * container, on the first search; a failed read is retried by the next request, a missing key a minute later.
 */
export function createHandler(env: LambdaEnv, readParameter = ssmParameterReader(env)) {
  configureLogger(env);
  const places = secretLoader(() => placesClientOf(env, readParameter));
  const clientOnce = () =>
    places.get().catch((error: unknown) => {
      logger.error('Reading the Google Places key failed', { error: String(error) });
      throw new ApiError('PLACES_UNAVAILABLE');
    });
  let service: PlacesService | undefined;
  return createPlacesHandler(
    () =>
      (service ??= createPlacesService({
        client: clientOnce,
        limiter: createDynamoRateLimiter(tableEntities(env)),
        allowanceOf: allowanceOf(entitlementsReaderOf(env, { answerCacheMs: allowanceCacheMs })),
        ...(placesDailyBudget(env) !== undefined ? { dailyBudget: placesDailyBudget(env)! } : {}),
      })),
    { originCheck: originCheckOf(env), ownerLimit: ownerRequestLimitOf(env, tableEntities(env)) },
  );
}

/** Lambda's entry: process.env, read when a variable is first needed. */
export const handler = createHandler(processLambdaEnv);
