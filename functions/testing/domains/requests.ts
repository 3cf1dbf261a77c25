import {
  allowances,
  routeContracts,
  type Allowances,
  type CreateRequestBatchInput,
  type HookRequestInput,
  type Survey,
} from '@reviewroute/shared';
import { sampleSurvey } from '@reviewroute/shared/testing';
import { MemoryReviewRequestStore } from '../data/memory-review-requests';
import { MemorySurveyRepository } from '../data/memory';
import { createMemoryRateLimiter } from '../data/memory-rate-limiter';
import { createMemoryMailer } from '../mail/memory-mailer';
import { createHookService, type HookServiceDeps } from '../../src/domains/requests/hook-service';
import { createRequestQuota, createUploadPace } from '../../src/domains/requests/request-quota';
import { createRequestSender, type SenderDeps } from '../../src/domains/requests/sender';
import { createRequestService, type RequestServiceDeps } from '../../src/domains/requests/service';
import { requestTokensOf } from '../../src/lib/request-token';
import { parseInput } from '../../src/lib/validation';

/** The mail-link key of the in-memory requests: each request's token secrets are derived under it. */
export const requestLinkKey = 'test-mail-link-key';

export const requestOwnerId = 'owner-1';
export const requestSurveyId = '0190d7a0-0000-7000-8000-000000000001';

/**
 * A batch as the router hands it to the service: parsed by the route's schema. Without a reminder unless the test
 * asks for one, so the tests of the first message can move the clock by days.
 */
export const requestBatchBody = (input: CreateRequestBatchInput) =>
  parseInput(routeContracts['create-request-batch'].body, { reminderDays: 0, ...input });

/** A booking system's call of the hook as the router hands it over: parsed by the route's schema. */
export const hookCallBody = (input: HookRequestInput) => parseInput(routeContracts['call-request-hook'].body, input);

/** A published survey of `requestOwnerId`, in Dutch (the language of a row that names none). */
export const publishedSurvey = (overrides: Partial<Survey> = {}): Survey =>
  sampleSurvey({
    id: requestSurveyId,
    userId: requestOwnerId,
    businessName: 'Bakkerij de Vries',
    supportEmail: 'anna@bakkerij.example',
    language: 'nl',
    status: 'active',
    isActive: true,
    surveyCode: 'abcdefgh',
    businessSlug: 'bakkerij-de-vries',
    landingPageUrl: 'https://app.reviewroute.example/nl/surveys/abcdefgh/bakkerij-de-vries',
    ...overrides,
  });

/**
 * The review-request service and sender on in-memory storage, one clock (`clock.now`, ms) for both, the
 * in-memory mailer; `overrides` replace any dependency.
 */
export function memoryRequests(
  overrides: {
    service?: Partial<RequestServiceDeps>;
    sender?: Partial<SenderDeps>;
    hooks?: Partial<HookServiceDeps>;
    /** The owner's daily quota of scheduled batches and rows; the trial's by default. */
    quota?: Pick<Allowances, 'dailyBatches' | 'dailyRows'>;
  } = {},
) {
  const surveys = new MemorySurveyRepository();
  const requests = new MemoryReviewRequestStore();
  const mailer = createMemoryMailer();
  const clock = { now: Date.parse('2026-11-26T09:00:00.000Z') };
  const tokens = requestTokensOf(async () => requestLinkKey);
  const limiter = createMemoryRateLimiter();
  const quota = createRequestQuota({ limiter, quotaOf: async () => overrides.quota ?? allowances.trial });
  const service = createRequestService({
    surveys,
    requests,
    now: () => new Date(clock.now),
    tokens,
    quota,
    uploadPace: createUploadPace(limiter),
    ...overrides.service,
  });
  const sender = createRequestSender({
    requests,
    surveys,
    mailer,
    fromAddress: 'requests@reviewroute.example',
    siteOrigin: 'https://app.reviewroute.example',
    tokens,
    dailyCapOf: async () => 50,
    clock: () => clock.now,
    sleep: async (ms) => {
      clock.now += ms;
    },
    sendRate: 1000,
    ...overrides.sender,
  });
  let hookSecrets = 0;
  let ids = 0;
  const hooks = createHookService({
    surveys,
    requests,
    limiter,
    now: () => new Date(clock.now),
    // UUIDv7-shaped, in creation order (the batch list is newest first by id).
    newId: () => `0190d7b0-0000-7000-8000-${String(++ids).padStart(12, '0')}`,
    tokens,
    quota,
    newHookSecret: () => Buffer.alloc(24, ++hookSecrets).toString('base64url'),
    ...overrides.hooks,
  });
  return { surveys, requests, mailer, clock, service, sender, hooks, limiter, tokens };
}
