import { describe, expect, it } from 'vitest';
import { allowances } from '@reviewroute/shared';
import { samplePayment } from '@reviewroute/shared/testing';
import { MemoryBillingRepository } from '../../testing/data/memory';
import type { BillingRecord } from '../data/billing-repository';
import type { UserDirectory } from '../data/user-directory';
import { createEntitlementsReader, planPayments, type EntitlementsReaderDeps } from './entitlements-reader';

const owner = '8f1c2b4e-0000-4000-8000-000000000001';
const start = new Date('2026-11-21T08:00:00.000Z');
const day = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(start.getTime() - days * day);

const payment = (overrides: Partial<BillingRecord> = {}): BillingRecord => ({
  userId: owner,
  ...samplePayment({ createdAt: start.toISOString(), paidAt: start.toISOString() }),
  ...overrides,
});

function setup(directory: UserDirectory, options: Partial<EntitlementsReaderDeps> = {}) {
  const asked: string[] = [];
  const billing = new MemoryBillingRepository();
  let now = start;
  const read = createEntitlementsReader({
    directory: {
      createdAt: (username) => {
        asked.push(username);
        return directory.createdAt(username);
      },
    },
    billing,
    now: () => now,
    ...options,
  });
  return { read, asked, billing, later: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

const createdDaysAgo = (days: number): UserDirectory => ({ createdAt: async () => daysAgo(days) });
const unknown: UserDirectory = { createdAt: async () => undefined };
const failing: UserDirectory = { createdAt: () => Promise.reject(new Error('AccessDenied')) };

describe('the entitlements reader', () => {
  it('answers a new account the trial’s entitlements, counted from its Cognito creation', async () => {
    const { read } = setup(createdDaysAgo(3));
    expect(await read(owner)).toEqual({
      state: { kind: 'trial', daysRemaining: 4 },
      plan: null,
      periodEndsAt: new Date(daysAgo(3).getTime() + 7 * day).toISOString(),
      accountCreatedAt: daysAgo(3).toISOString(),
      ...allowances.trial,
    });
  });

  it('answers the plan the billing history bought, a year from its payment date', async () => {
    const { read, billing } = setup(createdDaysAgo(30));
    await billing.upsertFromProvider(payment({ id: 'tr_growth', paidAt: daysAgo(10).toISOString() }));
    expect(await read(owner)).toMatchObject({
      state: { kind: 'active', tier: 'growth', daysRemaining: 355 },
      plan: 'growth',
      ...allowances.growth,
    });
  });

  it('asks Cognito by the username when the caller has one, else by the user id, once per user', async () => {
    const { read, asked } = setup(createdDaysAgo(1));
    await read(owner);
    await read(owner);
    await read({ userId: owner, username: 'owner-username' });
    expect(asked).toEqual([owner, 'owner-username']);
  });

  it('gives an owner Cognito does not know no trial: only payments count, and it is asked again next time', async () => {
    const { read, asked, billing } = setup(unknown);
    expect(await read(owner)).toMatchObject({
      state: { kind: 'trial-ended' },
      periodEndsAt: null,
      ...allowances.lapsed,
    });
    await billing.upsertFromProvider(payment({ id: 'tr_starter', amount: 60 }));
    // Its plan's allowances, but the first week's ramp-up holds: an unknown creation may be a new account.
    expect(await read(owner)).toMatchObject({
      plan: 'starter',
      ...allowances.starter,
      dailyRequests: allowances.trial.dailyRequests,
    });
    expect(asked).toHaveLength(2);
  });

  it('counts the trial of an owner Cognito cannot place from the sign-in time the caller knows', async () => {
    for (const directory of [unknown, failing]) {
      const { read, asked } = setup(directory);
      const signedInAt = daysAgo(2);
      expect(await read({ userId: owner, signedInAt })).toMatchObject({
        state: { kind: 'trial', daysRemaining: 5 },
        accountCreatedAt: signedInAt.toISOString(),
      });
      // Never cached: Cognito may answer next time.
      await read({ userId: owner, signedInAt });
      expect(asked).toHaveLength(2);
    }
  });

  it('fails when Cognito cannot be asked and the caller knows no sign-in time, rather than guess', async () => {
    const { read } = setup(failing);
    await expect(read(owner)).rejects.toThrow('AccessDenied');
  });

  it('reuses a whole answer for answerCacheMs, then reads a plan bought meanwhile', async () => {
    const { read, billing, later } = setup(createdDaysAgo(30), { answerCacheMs: 10 * 60 * 1000 });
    expect((await read(owner)).dailyPlaceSearches).toBe(allowances.lapsed.dailyPlaceSearches);
    await billing.upsertFromProvider(payment({ id: 'tr_enterprise', amount: 350 }));
    later(9 * 60 * 1000);
    expect((await read(owner)).dailyPlaceSearches).toBe(allowances.lapsed.dailyPlaceSearches);
    later(2 * 60 * 1000);
    expect((await read(owner)).dailyPlaceSearches).toBe(allowances.enterprise.dailyPlaceSearches);
  });
});

describe('the billing history as the plan state reads it', () => {
  it('dates a payment by when it was paid, else its creation, newest first, and marks reversals', () => {
    const records = [
      payment({ id: 'a', createdAt: '2026-01-01T00:00:00.000Z', paidAt: '2026-03-01T00:00:00.000Z' }),
      payment({ id: 'b', createdAt: '2026-02-01T00:00:00.000Z', paidAt: null, status: 'pending' }),
      payment({ id: 'c', createdAt: '2026-01-15T00:00:00.000Z', paidAt: null, reversal: 'refunded', currency: 'SEK' }),
    ];
    expect(planPayments(records)).toEqual([
      { status: 'completed', amount: 120, currency: 'EUR', createdAt: '2026-03-01T00:00:00.000Z', reversed: false },
      { status: 'pending', amount: 120, currency: 'EUR', createdAt: '2026-02-01T00:00:00.000Z', reversed: false },
      { status: 'completed', amount: 120, currency: 'SEK', createdAt: '2026-01-15T00:00:00.000Z', reversed: true },
    ]);
  });
});
