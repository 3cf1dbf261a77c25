import { routeContracts, type Survey } from '@reviewroute/shared';
import { createMemoryStores, type MemoryResponseStore } from '../data/memory';
import type { SurveyResponseRecord } from '../../src/data/response-store';
import { parseInput } from '../../src/lib/validation';
import { publishedSurvey, sampleSurveyId, seed } from '../sample-survey';
import {
  createPublicSurveyService,
  type ClientInfo,
  type PublicSurveyServiceDeps,
} from '../../src/domains/public/service';

/** The newest stored response of a survey (the sample's by default): the last one stored. */
export const newestResponse = (
  responses: MemoryResponseStore,
  surveyId = sampleSurveyId,
): SurveyResponseRecord | undefined => responses.responses.get(surveyId)?.at(-1);

/**
 * The real service on in-memory storage with the sample survey published. A submit
 * without a `startToken` gets one issued five seconds earlier (the customer took their time), so only the
 * tests about the start token deal with it.
 */
export function memoryPublicSurveyService(
  overrides: Partial<PublicSurveyServiceDeps> & { survey?: Partial<Survey> } = {},
) {
  const stores = createMemoryStores();
  const { surveys } = stores;
  seed(surveys, publishedSurvey(overrides.survey));
  let limit = 10;
  let at = Date.parse('2026-11-21T09:00:00.000Z');
  let shift = 0;
  const real = createPublicSurveyService({
    ...stores,
    submitRateLimit: () => limit,
    surveyRateLimit: () => 1000,
    now: () => new Date(at + shift),
    widget: { stats: stores.stats, reviews: stores.websiteReviews },
    ...overrides,
  });
  /** A token as if the customer had started `agoMs` before now (the service reads the clock at once). */
  const startedAgo = async (code: string, agoMs: number) => {
    shift = -agoMs;
    const issued = real.start(code);
    shift = 0;
    return (await issued).startToken;
  };
  // A submit takes the body as a page sends it and parses it with the route's schema, as the router does.
  const service = {
    ...real,
    async submit(code: string, input: unknown, client: ClientInfo) {
      const needsToken = typeof input === 'object' && input !== null && !('startToken' in input);
      const token = needsToken ? await startedAgo(code, 5000).catch(() => undefined) : undefined;
      const body = needsToken ? { ...input, startToken: token } : input;
      return real.submit(code, parseInput(routeContracts['submit-response'].body, body), client);
    },
  };
  return {
    ...stores,
    service,
    startedAgo,
    setLimit: (value: number) => {
      limit = value;
    },
    /** Moves the service's clock on. */
    advance: (ms: number) => {
      at += ms;
    },
  };
}
