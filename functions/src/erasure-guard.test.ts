import { describe, expect, it } from 'vitest';
import { longestTokenValiditySeconds, surveySchema } from '@reviewroute/shared';
import { erasedCheckOf, erasureTombstoneSeconds } from './lib/erasure-guard';
import type { ApiEvent } from './lib/http';
import { lambdaContext, sampleEvent } from '../testing/events';
import { createPaymentsHandler } from './domains/payments/handler';
import { createPaymentService } from './domains/payments/service';
import { MemoryInvoiceRepository } from '../testing/data/memory-invoices';
import { createMemoryRateLimiter } from '../testing/data/memory-rate-limiter';
import { FakePaymentProvider, fakeSeller, fakeSiteOrigin } from '../testing/domains/payments';
import { createDashboardService } from './domains/surveys/dashboard-service';
import { createAlertLinkService } from './domains/surveys/alert-link';
import { createSurveysHandler } from './domains/surveys/handler';
import { createSurveyService } from './domains/surveys/service';
import { createAccountService } from './domains/account/account-service';
import { createAccountHandler } from './domains/account/handler';
import { createProfileService } from './domains/account/profile-service';
import { acceptingSecurity, accountWorld } from '../testing/domains/account';

const owner = '8f1c2b4e-0000-4000-8000-000000000001';

/**
 * The account, surveys and payments handlers on one set of in-memory stores and one clock. (A test across domains,
 * so it sits above the domain folders, which do not import each other.)
 */
function world() {
  let clock = Date.parse('2026-11-21T08:00:00.000Z');
  const now = () => clock;
  const w = accountWorld({ clock: now });
  const security = acceptingSecurity();
  const { surveys, responses, stats, alerts, profiles, billing, erasures, assets, admin } = w;
  admin.users.add(owner);

  // Counts the tombstone reads: only routes that create data may pay for one.
  let checks = 0;
  const check = erasedCheckOf(erasures, now);
  const isErased = (userId: string) => {
    checks++;
    return check(userId);
  };

  let n = 0;
  const surveyService = createSurveyService({
    surveys,
    responses,
    stats,
    requests: w.requests,
    alerts,
    exportJobs: w.exportJobs,
    websiteReviews: w.websiteReviews,
    assets,
    profiles,
    cdn: w.cdn,
    siteOrigin: () => 'https://app.example.com',
    newId: () => `0195a3c4-7b00-7000-8000-${String(++n).padStart(12, '0')}`,
  });
  const provider = new FakePaymentProvider(() => new Date(clock));
  const handlers = {
    surveys: createSurveysHandler(
      () => surveyService,
      () => createDashboardService({ surveys, responses, stats, profiles }),
      () => createAlertLinkService({ surveys, key: async () => 'mail-link-key' }),
      { isErased },
    ),
    account: createAccountHandler(
      () => createProfileService({ profiles }),
      () => createAccountService({ directory: { createdAt: async () => new Date('2026-11-20T08:00:00.000Z') } }),
      {
        isErased,
        dangerOf: () => w.danger,
        securityOf: () => security,
      },
    ),
    payments: createPaymentsHandler(
      () =>
        createPaymentService({
          billing,
          invoices: new MemoryInvoiceRepository(),
          seller: () => fakeSeller,
          profiles,
          limiter: createMemoryRateLimiter(),
          provider: () => provider,
          siteOrigin: () => fakeSiteOrigin,
          now: () => new Date(clock),
        }),
      { isErased },
    ),
  };
  const domainOf: Record<string, keyof typeof handlers> = {
    'create-survey': 'surveys',
    'list-surveys': 'surveys',
    'get-survey': 'surveys',
    'create-upload': 'surveys',
    'confirm-upload': 'surveys',
    'publish-survey': 'surveys',
    'update-profile': 'account',
    'get-profile': 'account',
    'delete-account': 'account',
    'create-payment': 'payments',
    'list-payments': 'payments',
  };
  /** Calls a route with its sample event (the owner's still-valid ID token), the survey id or user replaced. */
  const call = async (routeId: string, surveyId?: string, sub?: string) => {
    const event: ApiEvent = sampleEvent(routeId);
    if (surveyId) event.pathParameters = { surveyId };
    if (sub) event.requestContext.authorizer.jwt.claims = { ...event.requestContext.authorizer.jwt.claims, sub };
    const res = await handlers[domainOf[routeId]!](event, lambdaContext());
    return { status: res.statusCode!, body: res.body ? (JSON.parse(res.body) as unknown) : undefined };
  };
  return {
    ...w,
    call,
    checks: () => checks,
    advance: (ms: number) => (clock += ms),
    now,
  };
}

const creating = ['create-survey', 'create-upload', 'update-profile', 'create-payment'] as const;

describe('erasure tombstone', () => {
  it('outlives every token of before and every Mollie webhook of a payment made before (400 days)', () => {
    expect(erasureTombstoneSeconds).toBeGreaterThan(longestTokenValiditySeconds + 300);
    expect(erasureTombstoneSeconds).toBe(400 * 24 * 3600);
  });

  it('is a condition inside the creating writes: a request that passed the check before the erasure writes nothing', async () => {
    const w = world();
    const survey = surveySchema.parse((await w.call('create-survey')).body);
    expect((await w.call('delete-account')).status).toBe(202);
    for (let run = 0; run < 20 && w.erasures.jobs.size > 0; run++) await w.erasure.runPending(w.now() + 10_000);
    w.advance(2 * 3600 * 1000);
    // The stores themselves refuse (as the table's ConditionCheck does), whatever the route checked before.
    const draft = { ...survey, id: '0195a3c4-7b00-7000-8000-00000000ffff' };
    await expect(w.surveys.create(draft)).rejects.toThrow(/account was deleted/);
    await expect(w.profiles.update(owner, { fullName: 'Late' }, new Date(w.now()).toISOString())).rejects.toThrow(
      /account was deleted/,
    );
    await expect(w.profiles.prefill(owner, { fullName: 'Late' })).rejects.toThrow(/account was deleted/);
    expect(w.surveys.surveys.size).toBe(0);
    expect(w.profiles.profiles.size).toBe(0);
  });

  it('refuses routes that create data (401) after the deletion, also once the job finished; reads are unchecked', async () => {
    const w = world();
    const survey = surveySchema.parse((await w.call('create-survey')).body);
    expect((await w.call('delete-account')).status).toBe(202);
    // The erasure finishes (inline or by the worker); only the tombstone is left, under a hash.
    for (let run = 0; run < 20 && w.erasures.jobs.size > 0; run++) await w.erasure.runPending(w.now() + 10_000);
    expect(w.erasures.jobs.size).toBe(0);
    expect(w.surveys.surveys.size).toBe(0);
    expect([...w.erasures.tombstones.keys()].some((key) => key.includes(owner))).toBe(false);

    w.advance((erasureTombstoneSeconds - 1) * 1000);
    for (const routeId of creating) {
      const { status, body } = await w.call(routeId, routeId === 'create-upload' ? survey.id : undefined);
      expect(status, routeId).toBe(401);
      expect(body, routeId).toEqual({ error: { code: 'UNAUTHORIZED', message: 'User not authenticated' } });
    }
    expect((await w.call('publish-survey', survey.id)).status).toBe(401);
    expect((await w.call('confirm-upload', survey.id)).status).toBe(401);
    // Nothing was written back.
    expect(w.surveys.surveys.size).toBe(0);
    expect(w.profiles.profiles.size).toBe(0);
    expect(w.billing.records.size).toBe(0);

    const checked = w.checks();
    expect((await w.call('list-surveys')).status).toBe(200);
    expect((await w.call('list-payments')).status).toBe(200);
    expect((await w.call('get-survey', survey.id)).status).toBe(404);
    expect(w.checks()).toBe(checked);
  });

  it('lets the routes work again once the tombstone expired (every token of before has too)', async () => {
    const w = world();
    expect((await w.call('delete-account')).status).toBe(202);
    for (let run = 0; run < 20 && w.erasures.jobs.size > 0; run++) await w.erasure.runPending(w.now() + 10_000);
    expect((await w.call('create-survey')).status).toBe(401);

    w.advance(erasureTombstoneSeconds * 1000);
    const created = await w.call('create-survey');
    expect(created.status).toBe(201);
    const { id } = surveySchema.parse(created.body);
    expect((await w.call('create-upload', id)).status).toBe(201);
    expect((await w.call('update-profile')).status).toBe(200);
    expect((await w.call('create-payment')).status).toBe(201);
  });

  it('stays live while a job is unfinished: every worker run renews it', async () => {
    const w = world();
    await w.call('create-survey');
    w.interrupt('responses.pageBySurvey');
    expect((await w.call('delete-account')).status).toBe(202);
    expect(w.erasures.jobs.size).toBe(1);

    // The worker was down for longer than the tombstone lives; its next run renews it first.
    w.advance((erasureTombstoneSeconds + 60) * 1000);
    expect(await w.erasures.isErased(owner, Math.floor(w.now() / 1000))).toBe(false);
    w.interrupt('responses.pageBySurvey');
    await w.erasure.runPending(w.now() + 10_000);
    expect(w.erasures.jobs.size).toBe(1);
    expect((await w.call('create-survey')).status).toBe(401);
    for (let run = 0; run < 20 && w.erasures.jobs.size > 0; run++) await w.erasure.runPending(w.now() + 10_000);
    expect((await w.call('update-profile')).status).toBe(401);
  });

  it('refuses nobody else', async () => {
    const w = world();
    expect((await w.call('delete-account')).status).toBe(202);
    expect((await w.call('create-survey')).status).toBe(401);
    expect((await w.call('create-survey', undefined, '8f1c2b4e-0000-4000-8000-000000000002')).status).toBe(201);
  });
});
