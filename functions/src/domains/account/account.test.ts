import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountSummarySchema } from '@reviewroute/shared';
import { samplePayment } from '@reviewroute/shared/testing';
import { MemoryBillingRepository, MemoryProfileRepository } from '../../../testing/data/memory';
import type { BillingRecord } from '../../data/billing-repository';
import type { UserDirectory } from '../../data/user-directory';
import { lambdaContext, sampleEvent } from '../../../testing/events';
import { createAccountService } from './account-service';
import { createAccountHandler } from './handler';
import { createProfileService } from './profile-service';

const sampleOwner = '8f1c2b4e-0000-4000-8000-000000000001';
const now = new Date('2026-11-21T08:00:00.000Z');

function setup(directory: UserDirectory, billing = new MemoryBillingRepository()) {
  const asked: string[] = [];
  const profiles = createProfileService({ profiles: new MemoryProfileRepository() });
  const account = createAccountService({
    billing,
    directory: {
      createdAt: (username) => {
        asked.push(username);
        return directory.createdAt(username);
      },
    },
    now: () => now,
  });
  const handler = createAccountHandler(
    () => profiles,
    () => account,
  );
  const call = async (event: ReturnType<typeof sampleEvent>) => {
    const res = await handler(event, lambdaContext());
    return { status: res.statusCode!, body: res.body ? (JSON.parse(res.body) as unknown) : undefined };
  };
  return { call, asked };
}

const createdDaysAgo = (days: number): UserDirectory => ({
  createdAt: async () => new Date(now.getTime() - days * 24 * 60 * 60 * 1000),
});

describe('account summary', () => {
  it('shows a fresh account a 7-day trial, identity from the claims', async () => {
    const { call, asked } = setup(createdDaysAgo(0));
    const { status, body } = await call(sampleEvent('get-account'));
    expect(status).toBe(200);
    expect(accountSummarySchema.parse(body)).toEqual({
      userId: sampleOwner,
      email: 'owner@example.com',
      createdAt: now.toISOString(),
      plan: { kind: 'trial', daysRemaining: 7 },
    });
    // The sample token has no cognito:username: the sub is what Cognito is asked for.
    expect(asked).toEqual([sampleOwner]);
  });

  it('counts the trial down from the Cognito creation date, and ends it after 7 days', async () => {
    expect((await setup(createdDaysAgo(3)).call(sampleEvent('get-account'))).body).toMatchObject({
      plan: { kind: 'trial', daysRemaining: 4 },
    });
    expect((await setup(createdDaysAgo(7)).call(sampleEvent('get-account'))).body).toMatchObject({
      plan: { kind: 'trial-ended' },
    });
  });

  it('asks Cognito for the cognito:username claim', async () => {
    const { call, asked } = setup(createdDaysAgo(1));
    const event = sampleEvent('get-account');
    event.requestContext.authorizer.jwt.claims['cognito:username'] = 'owner-username';
    await call(event);
    expect(asked).toEqual(['owner-username']);
  });

  it('falls back to the token’s auth_time when Cognito fails, without caching the fallback', async () => {
    const { call, asked } = setup({
      createdAt: () => Promise.reject(new Error('AccessDenied')),
    });
    const event = sampleEvent('get-account');
    const authTime = now.getTime() / 1000 - 2 * 24 * 60 * 60;
    event.requestContext.authorizer.jwt.claims.auth_time = String(authTime);
    event.requestContext.authorizer.jwt.claims.iat = String(now.getTime() / 1000);
    const { status, body } = await call(event);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      createdAt: new Date(authTime * 1000).toISOString(),
      plan: { kind: 'trial', daysRemaining: 5 },
    });
    await call(event);
    expect(asked).toHaveLength(2);
  });

  it('asks Cognito once per user per instance', async () => {
    const { call, asked } = setup(createdDaysAgo(1));
    await call(sampleEvent('get-account'));
    await call(sampleEvent('get-account'));
    expect(asked).toHaveLength(1);
  });

  it('answers 401 without claims and never 5xx for arbitrary claims', async () => {
    const { call } = setup(createdDaysAgo(1));
    const event = sampleEvent('get-account');
    delete (event.requestContext as { authorizer?: unknown }).authorizer;
    expect((await call(event)).status).toBe(401);
    const failing = setup({ createdAt: () => Promise.reject(new Error('boom')) });
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue()),
        fc.oneof(fc.constant(undefined), fc.string(), fc.integer(), fc.double()),
        fc.oneof(fc.string(), fc.json()),
        async (claims, authTime, body) => {
          for (const target of [call, failing.call]) {
            const e = sampleEvent('get-account');
            e.body = body;
            e.headers = { ...e.headers, 'content-type': 'application/json' };
            e.requestContext.authorizer.jwt.claims = {
              ...(claims as Record<string, string>),
              ...(authTime === undefined ? {} : { auth_time: authTime as unknown as string }),
            };
            const { status, body: answer } = await target(e);
            // 400 for a malformed body, 401 without a sub; never 5xx.
            expect(status).toBeLessThan(500);
            if (status === 200) accountSummarySchema.parse(answer);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('account plan from the billing history', () => {
  const payment = (overrides: Partial<BillingRecord>): BillingRecord => ({
    userId: sampleOwner,
    ...samplePayment({
      id: `tr_${Math.random().toString(36).slice(2, 12)}`,
      createdAt: now.toISOString(),
      paidAt: now.toISOString(),
    }),
    ...overrides,
  });
  const withPayments = async (...records: BillingRecord[]) => {
    const billing = new MemoryBillingRepository();
    for (const r of records) await billing.upsertFromProvider(r);
    // An account older than any of these payments: each counts from its own moment, not from the trial's end.
    return (await setup(createdDaysAgo(500), billing).call(sampleEvent('get-account'))).body;
  };
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();

  it('is active for a year from a completed payment, its tier by amount', async () => {
    expect(await withPayments(payment({}))).toMatchObject({
      plan: { kind: 'active', daysRemaining: 365, tier: 'growth', paidAt: now.toISOString() },
    });
    expect(await withPayments(payment({ amount: 350, paidAt: daysAgo(100), createdAt: daysAgo(100) }))).toMatchObject({
      plan: { kind: 'active', daysRemaining: 265, tier: 'enterprise' },
    });
  });

  it('ignores pending and failed payments: still the trial (here ended)', async () => {
    expect(
      await withPayments(
        payment({ status: 'pending', providerStatus: 'open', paidAt: null }),
        payment({ status: 'failed', providerStatus: 'failed', paidAt: null }),
      ),
    ).toMatchObject({ plan: { kind: 'trial-ended' } });
  });

  it('counts from the newest completed payment and expires a year after it', async () => {
    expect(
      await withPayments(
        payment({ amount: 60, paidAt: daysAgo(400), createdAt: daysAgo(400) }),
        payment({ amount: 120, paidAt: daysAgo(10), createdAt: daysAgo(10) }),
      ),
    ).toMatchObject({ plan: { kind: 'active', tier: 'growth', daysRemaining: 355 } });
    expect(await withPayments(payment({ paidAt: daysAgo(366), createdAt: daysAgo(366) }))).toMatchObject({
      plan: { kind: 'expired', tier: 'growth' },
    });
  });

  it('activates nothing with a payment in another currency (350 SEK is no Enterprise) or below Starter', async () => {
    expect(await withPayments(payment({ amount: 350, currency: 'SEK', plan: null }))).toMatchObject({
      plan: { kind: 'trial-ended' },
    });
    expect(await withPayments(payment({ amount: 1, plan: null }))).toMatchObject({ plan: { kind: 'trial-ended' } });
  });

  it('ends the year of a refunded or charged-back payment (decisions 22)', async () => {
    expect(await withPayments(payment({ reversal: 'refunded' }))).toMatchObject({ plan: { kind: 'trial-ended' } });
    expect(
      await withPayments(
        payment({ id: 'tr_first', amount: 60, paidAt: daysAgo(10), createdAt: daysAgo(10) }),
        payment({ id: 'tr_upgrade', reversal: 'charged-back' }),
      ),
    ).toMatchObject({ plan: { kind: 'active', tier: 'starter', daysRemaining: 355 } });
  });
});
