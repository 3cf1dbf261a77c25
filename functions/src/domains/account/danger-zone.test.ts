import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountExportPageSchema,
  emptyProfile,
  surveyDisclosureKey,
  surveyPageKey,
  type Survey,
} from '@reviewroute/shared';
import { samplePayment, sampleResponse } from '@reviewroute/shared/testing';
import { erasedCheckOf } from '../../lib/erasure-guard';
import { lambdaContext, sampleEvent } from '../../../testing/events';
import { publishedSurvey, seed } from '../../../testing/sample-survey';
import { createAccountService } from './account-service';
import { ApiError } from '../../lib/api-error';
import { createAccountHandler } from './handler';
import { createProfileService } from './profile-service';
import { acceptingSecurity, accountWorld, samplePassword } from '../../../testing/domains/account';

const owner = '8f1c2b4e-0000-4000-8000-000000000001';
const other = '8f1c2b4e-0000-4000-8000-000000000002';
const file = (n: number) => `files/${String(n).repeat(22)}.png`;

function world({ responsesPerSurvey = 7 } = {}) {
  let clock = Date.parse('2026-11-21T08:00:00.000Z');
  const w = accountWorld({ clock: () => (clock += 10), erasurePageSize: 3, exportPageSize: 4 });
  const { surveys, responses, stats, rateLimiter, profiles, billing, erasures, assets, admin, danger } = w;
  admin.users.add(owner).add(other);

  const mine: Survey[] = [];
  const add = (userId: string, n: number) => {
    const id = `0195a3c4-7b00-7000-8000-${userId.slice(-1)}${String(n).padStart(11, '0')}`;
    const survey = publishedSurvey({
      id,
      userId,
      surveyCode: `code${userId.slice(-1)}${n}xyz`.slice(0, 8),
      businessLogoUrl: assets.publicUrl(file(n * 2 + Number(userId.slice(-1)))),
    });
    seed(surveys, survey);
    assets.objects.set(file(n * 2 + Number(userId.slice(-1))), new Uint8Array([1]));
    assets.objects.set(`incoming/${id}/logo/abc`, new Uint8Array([1]));
    // Its written pages (public page and disclosure page).
    assets.objects.set(surveyPageKey(survey.surveyCode!, 'en'), new Uint8Array([1]));
    assets.objects.set(surveyDisclosureKey(survey.surveyCode!, 'en'), new Uint8Array([1]));
    w.written.codes.set(survey.surveyCode!, ['en']);
    const list = Array.from({ length: responsesPerSurvey }, (_, i) =>
      sampleResponse({ id: `${id}-r${String(i).padStart(3, '0')}`, surveyId: id, comment: `c${i}`, userAgent: null }),
    );
    responses.responses.set(id, list);
    for (const r of list) stats.marks.add(`response/${id}/${r.id}`);
    stats.tallies.set(id, { surveyId: id, count: list.length, sum: 0, histogram: [0, 0, 0, 0, 0], reviewClicks: 0 });
    rateLimiter.counts.set(`survey:${id}/60`, 3);
    // A review-request batch of 5 customers, one of them asked already (its contact mark, the day's count).
    void w.requests.createBatch(
      {
        id: `${id}-b`,
        userId,
        surveyId: id,
        state: 'preparing',
        total: 5,
        template: null,
        sendAt: '2026-11-21T08:00:00.000Z',
        permissionConfirmedAt: '2026-11-21T08:00:00.000Z',
        createdAt: '2026-11-21T08:00:00.000Z',
        waitingUntil: null,
        source: 'upload',
      },
      Array.from({ length: 5 }, (_, i) => ({
        batchId: `${id}-b`,
        id: String(i).padStart(5, '0'),
        userId,
        surveyId: id,
        name: `Klant ${i}`,
        email: `k${i}@klant.example`,
        language: 'nl' as const,
        linkHash: 'link-hash',
        unsubscribeHash: 'unsubscribe-hash',
      })),
    );
    // The "recently asked" mark is the owner's (any of their surveys asked the address).
    w.requests.contacts.set(`${userId}/hash-${id}`, {
      batchId: `${id}-b`,
      recipientId: '00000',
      contactedAt: '2026-11-21',
    });
    return survey;
  };
  mine.push(add(owner, 1), add(owner, 2));
  const theirs = add(other, 3);
  for (const userId of [owner, other]) {
    void w.requests.suppress(userId, 'weg@klant.example', 'unsubscribed', '2026-11-21T08:00:00.000Z');
    w.requests.dailyCounts.set(`${userId}/2026-11-21`, 1);
  }
  profiles.profiles.set(owner, { ...emptyProfile(owner), fullName: 'Joe' });
  // Each has proven a password lately (a counted attempt names the user).
  for (const userId of [owner, other]) rateLimiter.counts.set(`security:${userId}/60`, 1);
  profiles.profiles.set(other, { ...emptyProfile(other), fullName: 'Ann' });
  for (const userId of [owner, other])
    void billing.upsertFromProvider({
      ...samplePayment({ id: `tr_${userId.slice(-1)}`, cardLabel: null, createdAt: '2026-11-20T08:00:00.000Z' }),
      userId,
      paidAt: '2026-11-20T08:00:00.000Z',
    });

  /** Whatever is left of a user: nothing may be, once their erasure finished. */
  const traces = (userId: string, of: Survey[]) => {
    const ids = of.map((s) => s.id);
    return [
      ...[...surveys.surveys.values()].filter((s) => s.userId === userId).map((s) => `survey ${s.id}`),
      ...[...surveys.codes.values()].filter((c) => c.userId === userId).map((c) => `code ${c.surveyId}`),
      ...ids.filter((id) => stats.tallies.has(id)).map((id) => `tally ${id}`),
      ...ids.filter((id) => responses.responses.has(id)).map((id) => `responses ${id}`),
      ...[...rateLimiter.counts.keys()].filter((k) => ids.some((id) => k.includes(id)) || k.includes(userId)),
      ...(profiles.profiles.has(userId) ? ['profile'] : []),
      ...[...billing.records.values()].filter((r) => r.userId === userId).map((r) => `payment ${r.id}`),
      ...[...assets.objects.keys()].filter(
        (k) =>
          ids.some((id) => k.includes(id)) ||
          of.some((s) => s.businessLogoUrl?.endsWith(k) || k.includes(`/${s.surveyCode}/`)),
      ),
      ...[...w.requests.batches.values()].filter((b) => b.userId === userId).map((b) => `request batch ${b.id}`),
      ...[...w.requests.recipients.keys()]
        .filter((b) => ids.some((id) => b.startsWith(id)))
        .map((b) => `recipients ${b}`),
      ...[...w.requests.suppressions.keys(), ...w.requests.dailyCounts.keys(), ...w.requests.contacts.keys()].filter(
        (k) => k.startsWith(`${userId}/`),
      ),
      ...of.filter((s) => w.written.codes.has(s.surveyCode!)).map((s) => `written pages at the CDN ${s.surveyCode}`),
      ...(admin.users.has(userId) ? ['cognito user'] : []),
      ...(erasures.jobs.has(userId) ? ['job'] : []),
    ];
  };

  const security = acceptingSecurity();
  const handler = createAccountHandler(
    () => createProfileService({ profiles }),
    () => createAccountService({ directory: { createdAt: async () => new Date('2026-11-20T08:00:00.000Z') } }),
    {
      dangerOf: () => danger,
      securityOf: () => security,
      erasureBudgetMs: 50,
      isErased: erasedCheckOf(erasures, () => clock),
    },
  );
  const call = async (event: ReturnType<typeof sampleEvent>) => {
    const res = await handler(event, lambdaContext());
    return { status: res.statusCode!, body: res.body ? (JSON.parse(res.body) as unknown) : undefined };
  };
  const deleteEvent = (email = 'owner@example.com', password = samplePassword) => {
    const event = sampleEvent('delete-account');
    event.body = JSON.stringify({ email, password });
    return event;
  };
  return {
    ...w,
    mine,
    theirs,
    traces,
    call,
    deleteEvent,
    security,
    now: () => clock,
  };
}

describe('account export', () => {
  it('pages through profile, surveys, payments and every response of the owner only', async () => {
    const w = world();
    // What the owner added in the inbox goes with each response.
    const [first, second] = w.responses.responses.get(w.mine[0]!.id)!;
    await w.responses.setInboxState(w.mine[0]!.id, [first!.id], 'handled');
    await w.responses.setNote(w.mine[0]!.id, second!.id, 'Called back; happy now');
    const pages = [];
    let cursor: string | null | undefined;
    do {
      const event = sampleEvent('export-account');
      event.queryStringParameters = cursor ? { cursor } : {};
      const { status, body } = await w.call(event);
      expect(status).toBe(200);
      const page = accountExportPageSchema.parse(body);
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages[0]!.profile).toMatchObject({ fullName: 'Joe' });
    expect(pages[0]!.surveys.map((s) => s.id).sort()).toEqual(w.mine.map((s) => s.id).sort());
    expect(pages[0]!.payments.map((p) => p.id)).toEqual(['tr_1']);
    const responses = pages.flatMap((p) => p.responses);
    expect(responses).toHaveLength(14);
    expect(new Set(responses.map((r) => r.id)).size).toBe(14);
    expect(responses.every((r) => w.mine.some((s) => s.id === r.surveyId))).toBe(true);
    expect(Math.max(...pages.map((p) => p.responses.length))).toBeLessThanOrEqual(4);
    expect(responses.find((r) => r.id === first!.id)).toMatchObject({ state: 'handled', note: null });
    expect(responses.find((r) => r.id === second!.id)).toMatchObject({ state: 'new', note: 'Called back; happy now' });
    expect(responses.filter((r) => r.state === 'handled' || r.note !== null)).toHaveLength(2);
    // Review requests: the batches and the suppression list first, then each batch's customers, page by page.
    expect(pages[0]!.requestBatches.map((b) => b.surveyId).sort()).toEqual(w.mine.map((s) => s.id).sort());
    expect(pages[0]!.suppressions).toEqual([expect.objectContaining({ reason: 'unsubscribed' })]);
    const customers = pages.flatMap((p) => p.requestRecipients);
    expect(customers).toHaveLength(10);
    expect(new Set(customers.map((r) => `${r.batchId}/${r.id}`)).size).toBe(10);
    expect(customers.every((r) => w.mine.some((s) => r.batchId.startsWith(s.id)))).toBe(true);
    expect(Math.max(...pages.map((p) => p.requestRecipients.length))).toBeLessThanOrEqual(4);
    expect(pages.at(-1)!.progress).toEqual({ surveysDone: 2, surveysTotal: 2 });
  });

  it('refuses a cursor into another owner’s survey or a forged one', async () => {
    const w = world();
    const forged = Buffer.from(JSON.stringify({ s: w.theirs.id, a: null })).toString('base64url');
    for (const cursor of [forged, 'garbage', '']) {
      const event = sampleEvent('export-account');
      event.queryStringParameters = { cursor };
      expect((await w.call(event)).status).toBe(400);
    }
  });
});

describe('account erasure', () => {
  it('refuses a typed e-mail that is not the account’s, and erases nothing', async () => {
    const w = world();
    const { status } = await w.call(w.deleteEvent('someone@example.com'));
    expect(status).toBe(400);
    expect(w.admin.lockedOut.size).toBe(0);
    expect(w.erasures.jobs.size).toBe(0);
    // The address is checked first: Cognito was not asked about the password.
    expect(w.security.proofs).toEqual([]);
  });

  it('refuses a wrong password or none (the token alone never deletes), and erases nothing', async () => {
    const w = world();
    const wrong = await w.call(w.deleteEvent('owner@example.com', 'Wr0ng-password!'));
    expect(wrong).toMatchObject({ status: 403, body: { error: { code: 'INCORRECT_PASSWORD' } } });
    const event = sampleEvent('delete-account');
    event.body = JSON.stringify({ email: 'owner@example.com' });
    expect((await w.call(event)).status).toBe(400);
    expect(w.admin.lockedOut.size).toBe(0);
    expect(w.erasures.jobs.size).toBe(0);
    expect(w.erasures.tombstones.size).toBe(0);
  });

  it('locks the owner out at once, answers 202, and the worker erases every trace and nothing else', async () => {
    const w = world();
    const before = w.traces(other, [w.theirs]);
    const { status, body } = await w.call(w.deleteEvent(' OWNER@example.com '));
    expect(status).toBe(202);
    expect(body).toEqual({ done: false });
    expect(w.admin.lockedOut.has(owner)).toBe(true);
    // Owner routes of an account being erased answer 401, never 5xx, and write nothing back.
    for (const id of ['get-profile', 'update-profile', 'get-account', 'export-account'])
      expect((await w.call(sampleEvent(id))).status).toBe(401);
    for (let run = 0; run < 50 && w.erasures.jobs.size > 0; run++) await w.erasure.runPending(w.now() + 100);
    expect(w.traces(owner, w.mine)).toEqual([]);
    expect(w.traces(other, [w.theirs])).toEqual(before);
  });

  it('refunds and mails while the account is whole; a refund that fails stops the deletion with nothing started', async () => {
    const w = world();
    const who = { userId: owner, email: 'owner@example.com', username: owner };
    const steps: string[] = [];
    const state = () => `job ${w.erasures.jobs.size}, locked ${w.admin.lockedOut.has(owner)}`;
    const prove = async () => void steps.push('proof');
    const confirm = async (refunds: readonly unknown[]) => void steps.push(`mail ${refunds.length}, ${state()}`);
    const outage = async () => {
      throw new ApiError('SERVICE_UNAVAILABLE');
    };
    const refused = await w.erasure.request(who, who.email, 50, prove, { refund: outage, confirm }).then(
      () => 'done',
      (error: unknown) => (error as ApiError).code,
    );
    expect(refused).toBe('SERVICE_UNAVAILABLE');
    expect(state()).toBe('job 0, locked false');
    const refunds = [{ amount: 120, currency: 'EUR', plan: 'growth' as const }];
    const refund = async () => {
      steps.push(`refund, ${state()}`);
      return refunds;
    };
    await w.erasure.request(who, who.email, 50, prove, { refund, confirm });
    expect(steps).toEqual(['proof', 'proof', 'refund, job 0, locked false', 'mail 1, job 0, locked false']);
    expect(w.admin.lockedOut.has(owner)).toBe(true);
  });

  it('accepts a repeated confirmation while the erasure runs without asking Cognito again', async () => {
    const w = world();
    expect((await w.call(w.deleteEvent())).status).toBe(202);
    expect(w.security.proofs).toHaveLength(1);
    // The locked-out user could no longer prove the password: the retry is accepted as it is.
    expect((await w.call(w.deleteEvent('owner@example.com', 'anything'))).status).toBe(202);
    expect(w.security.proofs).toHaveLength(1);
  });

  it('answers a confirmation repeated after the erasure finished as done, without asking Cognito again', async () => {
    const w = world();
    expect((await w.call(w.deleteEvent())).status).toBe(202);
    for (let run = 0; run < 50 && w.erasures.jobs.size > 0; run++) await w.erasure.runPending(w.now() + 100);
    expect(w.erasures.jobs.size).toBe(0);
    const late = await w.call(w.deleteEvent('owner@example.com', 'anything'));
    expect(late).toMatchObject({ status: 202, body: { done: true } });
    expect(w.security.proofs).toHaveLength(1);
    expect(w.erasures.jobs.size).toBe(0);
  });

  it('resumes after an interruption at any step', async () => {
    const steps = [
      'erasures.startErasure',
      'erasures.markErased',
      'admin.lockOut',
      'surveys.deactivate',
      'responses.pageBySurvey',
      'responses.delete',
      'rateLimiter.deleteByKey',
      'stats.deleteBySurvey',
      'requests.deleteBySurvey',
      'alerts.deleteBySurvey',
      'exportJobs.deleteBySurvey',
      'surveys.delete',
      'profiles.deleteByOwner',
      'billing.deleteByOwner',
      'invoices.keepAndDeleteByOwner',
      'requests.deleteByOwner',
      'erasures.updateErasure',
      'admin.deleteUser',
      'erasures.finishErasure',
    ];
    for (const step of steps) {
      const w = world();
      w.interrupt(step);
      const first = await w.call(w.deleteEvent());
      if (['erasures.startErasure', 'erasures.markErased', 'admin.lockOut'].includes(step)) {
        // Not confirmed to the owner (sign-in may still work): they can confirm again.
        expect(first.status).toBe(500);
        expect((await w.call(w.deleteEvent())).status).toBe(202);
      } else expect(first.status).toBe(202);
      for (let run = 0; run < 50 && w.erasures.jobs.size > 0; run++) await w.erasure.runPending(w.now() + 1000);
      expect(w.traces(owner, w.mine), step).toEqual([]);
    }
  });

  it('is safe to run twice at once', async () => {
    const w = world({ responsesPerSurvey: 20 });
    await w.call(w.deleteEvent());
    for (let run = 0; run < 50 && w.erasures.jobs.size > 0; run++)
      await Promise.all([w.erasure.runPending(w.now() + 100), w.erasure.runPending(w.now() + 100)]);
    expect(w.traces(owner, w.mine)).toEqual([]);
  });

  it('never answers 5xx to arbitrary bodies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.json(), fc.string()), async (raw) => {
        const w = world({ responsesPerSurvey: 1 });
        const event = w.deleteEvent();
        event.body = raw;
        const { status } = await w.call(event);
        expect(status).toBeLessThan(500);
        if (status !== 202) expect(w.erasures.jobs.size).toBe(0);
      }),
      { numRuns: 100 },
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (cursor) => {
        const w = world({ responsesPerSurvey: 1 });
        const event = sampleEvent('export-account');
        event.queryStringParameters = { cursor };
        expect((await w.call(event)).status).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
  });
});
