import { describe, expect, it } from 'vitest';
import { allowances, recipientStatusOf, type CreateRequestBatchInput } from '@reviewroute/shared';
import { ApiError } from '../../lib/api-error';
import { lambdaContext, sampleEvent } from '../../../testing/events';
import { requestsOwnerData } from './owner-data';
import { createRequestsHandler } from './handler';
import { decodeHookToken, encodeHookToken } from './hook-token';
import {
  hookCallBody as hookBody,
  memoryRequests,
  publishedSurvey,
  requestBatchBody,
  requestOwnerId as owner,
  requestSurveyId as surveyId,
} from '../../../testing/domains/requests';

/** An upload of the owner's page as the router hands it over. */
const uploadBody = (rows: CreateRequestBatchInput['rows']) => requestBatchBody({ rows, permissionConfirmed: true });

const piet = { name: 'Piet Klant', email: 'piet@klant.example', language: 'nl' as const, externalId: 'booking-1' };

async function world(overrides: Parameters<typeof memoryRequests>[0] = {}) {
  const w = memoryRequests(overrides);
  await w.surveys.create(publishedSurvey());
  const { token, hook } = await w.hooks.regenerate(owner, surveyId, { permissionConfirmed: true, delayMinutes: 90 });
  const start = w.clock.now;
  /** Sends whatever is due `minutes` after the hook was made. */
  const runAt = (minutes: number) => {
    w.clock.now = Math.max(w.clock.now, start + minutes * 60_000);
    return w.sender.runDue(w.clock.now + 60_000);
  };
  return { ...w, token, hook, runAt };
}

const status = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof ApiError) return error.statusCode;
    throw error;
  }
};

describe('the hook token', () => {
  it('names the survey and carries the secret; anything else is not a token', () => {
    const secret = Buffer.alloc(24, 7).toString('base64url');
    const token = encodeHookToken(surveyId, secret);
    expect(token).toMatch(/^[A-Za-z0-9_-]{54}$/);
    expect(decodeHookToken(token)).toEqual({ surveyId, secret });
    expect(decodeHookToken(token.slice(1))).toBeUndefined();
    expect(decodeHookToken(`${token.slice(0, -1)}!`)).toBeUndefined();
    expect(decodeHookToken('')).toBeUndefined();
  });
});

describe('the hook call schema', () => {
  it('refuses a body without an external id, with a bad address or a control character in the id', () => {
    expect(() => hookBody({ ...piet, externalId: '' })).toThrow(
      expect.objectContaining({ fields: { externalId: 'externalId is required' } }),
    );
    expect(() => hookBody({ ...piet, email: 'nope' })).toThrow(
      expect.objectContaining({ fields: { email: 'Valid email is required' } }),
    );
    expect(() => hookBody({ ...piet, externalId: 'a\nb' })).toThrow(ApiError);
    expect(() => hookBody({ ...piet, language: 'de' as 'nl' })).toThrow(ApiError);
    expect(hookBody({ ...piet, name: ' Piet\n Klant ' }).name).toBe('Piet Klant');
  });
});

describe('the owner’s hook', () => {
  it('is none until made; made with the delay and the permission time, never showing the token again', async () => {
    const w = memoryRequests();
    await w.surveys.create(publishedSurvey());
    expect(await w.hooks.get(owner, surveyId)).toBeNull();
    const { hook, token } = await w.hooks.regenerate(owner, surveyId, { permissionConfirmed: true });
    expect(hook).toEqual({
      surveyId,
      delayMinutes: 60,
      createdAt: '2026-11-26T09:00:00.000Z',
      tokenCreatedAt: '2026-11-26T09:00:00.000Z',
      permissionConfirmedAt: '2026-11-26T09:00:00.000Z',
    });
    expect(await w.hooks.get(owner, surveyId)).toEqual(hook);
    // Only the secret's hash is stored.
    expect(JSON.stringify([...w.requests.hooks.values()])).not.toContain(decodeHookToken(token)!.secret);
  });

  it('answers 404 for another owner’s survey and for a delay without a hook', async () => {
    const w = memoryRequests();
    await w.surveys.create(publishedSurvey());
    expect(await status(w.hooks.get('someone-else', surveyId))).toBe(404);
    expect(await status(w.hooks.regenerate('someone-else', surveyId, { permissionConfirmed: true }))).toBe(404);
    expect(await status(w.hooks.setDelay(owner, surveyId, 10))).toBe(404);
    expect(w.requests.hooks.size).toBe(0);
  });

  it('keeps the delay and the creation time when the token is replaced, and changes the delay', async () => {
    const w = await world();
    w.clock.now += 60_000;
    const again = await w.hooks.regenerate(owner, surveyId, { permissionConfirmed: true });
    expect(again.hook).toMatchObject({ delayMinutes: 90, createdAt: w.hook.createdAt });
    expect(again.hook.tokenCreatedAt).not.toBe(w.hook.tokenCreatedAt);
    expect(await w.hooks.setDelay(owner, surveyId, 0)).toMatchObject({ delayMinutes: 0 });
  });
});

describe('a call of the hook', () => {
  it('schedules one request after the hook’s delay, sent in the customer’s language', async () => {
    const w = await world();
    expect(await w.hooks.call(w.token, hookBody(piet))).toEqual({
      status: 'scheduled',
      sendAt: '2026-11-26T10:30:00.000Z',
    });
    const {
      batches: [batch],
    } = await w.service.listBatches(owner, surveyId);
    expect(batch).toMatchObject({
      source: 'hook',
      total: 1,
      sendAt: '2026-11-26T10:30:00.000Z',
      permissionConfirmedAt: w.hook.createdAt,
    });
    await w.runAt(0);
    expect(w.mailer.sent).toHaveLength(0);
    await w.runAt(90);
    expect(w.mailer.sent.map((m) => m.to)).toEqual(['piet@klant.example']);
    expect(w.mailer.sent[0]!.subject).toMatch(/Bakkerij de Vries/);
  });

  it('schedules once per external id, however often it is called', async () => {
    const w = await world();
    const first = await w.hooks.call(w.token, hookBody(piet));
    w.clock.now += 5_000;
    expect(await w.hooks.call(w.token, hookBody({ ...piet, name: 'Piet K.' }))).toEqual({
      status: 'duplicate',
      sendAt: first.sendAt,
    });
    expect(w.requests.batches.size).toBe(1);
    await w.runAt(90);
    expect(w.mailer.sent).toHaveLength(1);
  });

  it('takes a mobile number instead of an address, or beside it: stored in E.164 with its country, once per external id', async () => {
    const w = await world();
    const { email: _, ...withoutEmail } = piet;
    const first = await w.hooks.call(w.token, hookBody({ ...withoutEmail, phone: '06 12345678' }));
    expect(first.status).toBe('scheduled');
    // The booking system's retry, with the number written another way: the same booking, nothing more.
    expect(await w.hooks.call(w.token, hookBody({ ...withoutEmail, phone: '+31 6 1234 5678' }))).toEqual({
      status: 'duplicate',
      sendAt: first.sendAt,
    });
    await w.hooks.call(w.token, hookBody({ ...piet, phone: '0032 470 12 34 56', externalId: 'booking-2' }));
    const stored = [...w.requests.recipients.values()].flat();
    expect(stored.map(({ email, phone, phoneCountry }) => ({ email, phone, phoneCountry }))).toEqual([
      { email: null, phone: '+31612345678', phoneCountry: 'NL' },
      { email: 'piet@klant.example', phone: '+32470123456', phoneCountry: 'BE' },
    ]);
    expect(() => hookBody({ ...withoutEmail, phone: '06-1234' })).toThrow(
      expect.objectContaining({ fields: { phone: 'Enter a valid mobile phone number' } }),
    );
    expect(() => hookBody(withoutEmail)).toThrow(
      expect.objectContaining({ fields: { email: 'Give an email address or a phone number' } }),
    );
  });

  it('settles a race of two calls with one id in the store: one batch, the other answered as a duplicate', async () => {
    const w = await world();
    const results = await Promise.all([w.hooks.call(w.token, hookBody(piet)), w.hooks.call(w.token, hookBody(piet))]);
    expect(results.map((r) => r.status).sort()).toEqual(['duplicate', 'scheduled']);
    expect(w.requests.batches.size).toBe(1);
  });

  it('goes through the 30-day rule and the suppression list like any other request', async () => {
    const w = await world();
    await w.hooks.call(w.token, hookBody(piet));
    await w.hooks.call(w.token, hookBody({ ...piet, externalId: 'booking-2' }));
    await w.requests.suppress(owner, 'jane@customer.example', 'unsubscribed', '2026-11-26T09:00:00.000Z');
    await w.hooks.call(w.token, hookBody({ ...piet, email: 'jane@customer.example', externalId: 'booking-3' }));
    await w.runAt(90);
    expect(w.mailer.sent.map((m) => m.to)).toEqual(['piet@klant.example']);
    const reasons = [...w.requests.recipients.values()].flat().map((r) => [r.email, r.state, r.reason]);
    expect(reasons).toEqual(
      expect.arrayContaining([
        ['piet@klant.example', 'skipped', 'recently-asked'],
        ['jane@customer.example', 'skipped', 'unsubscribed'],
      ]),
    );
  });

  it('answers skipped with the reason for a suppressed customer, at once: recorded skipped, never sent, once per id', async () => {
    const w = await world();
    const at = '2026-11-26T09:00:00.000Z';
    await w.requests.suppress(owner, 'piet@klant.example', 'unsubscribed', at);
    // The platform's list (a hard bounce at another owner's request) holds for every owner.
    await w.requests.suppressForAll('jane@customer.example', 'bounced', at);
    // A number that replied STOP: the customer opted out, whether or not they gave an address too.
    await w.requests.suppress(owner, '+31612345678', 'unsubscribed', at);
    // A bounced address is only dead: the customer's number may still be texted.
    await w.requests.suppress(owner, 'oud@klant.example', 'bounced', at);
    const skipped = (reason: string) => ({ status: 'skipped', reason, sendAt: expect.any(String) });
    expect(await w.hooks.call(w.token, hookBody(piet))).toEqual(skipped('unsubscribed'));
    expect(
      await w.hooks.call(w.token, hookBody({ ...piet, email: 'jane@customer.example', externalId: 'booking-2' })),
    ).toEqual(skipped('bounced'));
    const { email: _, ...numberOnly } = piet;
    expect(
      await w.hooks.call(w.token, hookBody({ ...numberOnly, phone: '06 12345678', externalId: 'booking-3' })),
    ).toEqual(skipped('unsubscribed'));
    const both = (email: string, phone: string, externalId: string) => hookBody({ ...piet, email, phone, externalId });
    expect(await w.hooks.call(w.token, both('kees@klant.example', '06 12345678', 'booking-4'))).toEqual(
      skipped('unsubscribed'),
    );
    expect((await w.hooks.call(w.token, both('oud@klant.example', '06 87654321', 'booking-5'))).status).toBe(
      'scheduled',
    );
    // The booking system's retry of a skipped customer: the same booking, nothing more.
    expect((await w.hooks.call(w.token, hookBody(piet))).status).toBe('duplicate');
    const rows = () => [...w.requests.recipients.values()].flat().map((r) => [r.email, r.phone, r.state, r.reason]);
    expect(rows()).toEqual([
      ['piet@klant.example', null, 'skipped', 'unsubscribed'],
      ['jane@customer.example', null, 'skipped', 'bounced'],
      [null, '+31612345678', 'skipped', 'unsubscribed'],
      ['kees@klant.example', '+31612345678', 'skipped', 'unsubscribed'],
      ['oud@klant.example', '+31687654321', 'queued', null],
    ]);
    await w.runAt(90);
    expect(w.mailer.sent).toEqual([]);
    expect(rows().map(([, , state]) => state)).toEqual([
      'skipped',
      'skipped',
      'skipped',
      'skipped',
      expect.any(String),
    ]);
  });

  it('an upload records suppressed customers skipped with the reason before anything is sent', async () => {
    const w = await world();
    const at = '2026-11-26T09:00:00.000Z';
    await w.requests.suppress(owner, 'piet@klant.example', 'complaint', at);
    await w.requests.suppressForAll('jane@customer.example', 'bounced', at);
    const batch = await w.service.create(
      owner,
      surveyId,
      uploadBody([
        { name: 'Piet', email: 'PIET@klant.example ' },
        { name: 'Jane', email: 'jane@customer.example' },
        { name: 'Kees', email: 'kees@klant.example' },
      ]),
    );
    const listed = async () =>
      (await w.service.listRecipients(owner, surveyId, batch.id, undefined)).recipients.map((r) => [
        r.name,
        r.state,
        r.reason,
      ]);
    expect(await listed()).toEqual([
      ['Piet', 'skipped', 'complaint'],
      ['Jane', 'skipped', 'bounced'],
      ['Kees', 'queued', null],
    ]);
    await w.runAt(1);
    expect(w.mailer.sent.map((m) => m.to)).toEqual(['kees@klant.example']);
    expect((await listed())[2]).toEqual(['Kees', 'sent', null]);
  });

  it('a customer who unsubscribes after their request went out: their row says so, by the channel it went', async () => {
    const w = await world();
    const batch = await w.service.create(owner, surveyId, uploadBody([{ name: 'Piet', email: 'piet@klant.example' }]));
    await w.runAt(1);
    const unsubscribeToken = /\/unsubscribe\/([A-Za-z0-9_-]{46})>/.exec(
      w.mailer.sent[0]!.headers!['List-Unsubscribe']!,
    )![1]!;
    const row = async () => (await w.service.listRecipients(owner, surveyId, batch.id, undefined)).recipients[0]!;
    expect(await row()).toMatchObject({ state: 'sent', channel: 'email', suppressedAs: null });
    expect(recipientStatusOf(await row())).toBe('sent');
    await w.service.unsubscribe(unsubscribeToken);
    await w.service.unsubscribe(unsubscribeToken);
    expect(await row()).toMatchObject({ state: 'sent', channel: 'email', suppressedAs: 'unsubscribed' });
    expect(recipientStatusOf(await row())).toBe('unsubscribed');
    // The booking system sends the same customer a minute later: skipped, and it says why.
    expect(await w.hooks.call(w.token, hookBody(piet))).toMatchObject({ status: 'skipped', reason: 'unsubscribed' });
  });

  it('stays within the plan’s daily cap', async () => {
    const w = await world({ sender: { dailyCapOf: async () => 1 } });
    await w.hooks.call(w.token, hookBody(piet));
    await w.hooks.call(w.token, hookBody({ ...piet, email: 'kees@klant.example', externalId: 'booking-2' }));
    await w.runAt(90);
    expect(w.mailer.sent).toHaveLength(1);
  });

  it('answers 404 to a wrong, malformed or replaced token, storing nothing', async () => {
    const w = await world();
    const wrong = encodeHookToken(surveyId, Buffer.alloc(24, 9).toString('base64url'));
    expect(await status(w.hooks.call(wrong, hookBody(piet)))).toBe(404);
    expect(await status(w.hooks.call('not-a-token', hookBody(piet)))).toBe(404);
    const other = encodeHookToken('0190d7a0-0000-7000-8000-000000000099', decodeHookToken(w.token)!.secret);
    expect(await status(w.hooks.call(other, hookBody(piet)))).toBe(404);
    await w.hooks.regenerate(owner, surveyId, { permissionConfirmed: true });
    expect(await status(w.hooks.call(w.token, hookBody(piet)))).toBe(404);
    expect(w.requests.batches.size).toBe(0);
    expect(w.limiter.counts.size).toBe(0);
  });

  it('is limited per hook: 429 with Retry-After past the limit', async () => {
    // A plan whose daily quota of batches is far above the hook's minute.
    const w = await world({ quota: allowances.growth });
    for (let i = 0; i < 120; i++)
      await w.hooks.call(w.token, hookBody({ ...piet, email: `c${i}@klant.example`, externalId: `b-${i}` }));
    const refused = await w.hooks.call(w.token, hookBody({ ...piet, externalId: 'b-120' })).catch((e: unknown) => e);
    expect(refused).toMatchObject({ statusCode: 429, headers: { 'retry-after': '60' } });
    w.clock.now += 60_000;
    expect((await w.hooks.call(w.token, hookBody({ ...piet, externalId: 'b-120' }))).status).toBe('scheduled');
  });

  it('counts each call in the owner’s daily quota of batches, with the owner’s uploads: 429 with Retry-After to the day’s end', async () => {
    const w = await world({ quota: { dailyBatches: 3, dailyRows: 100 } });
    await w.service.create(owner, surveyId, uploadBody([{ name: 'Jan', email: 'jan@klant.example' }]));
    for (const n of [1, 2]) await w.hooks.call(w.token, hookBody({ ...piet, externalId: `q-${n}` }));
    const refused = await w.hooks.call(w.token, hookBody({ ...piet, externalId: 'q-3' })).catch((e: unknown) => e);
    // 09:00 UTC: 15 hours until the quota's day ends.
    expect(refused).toMatchObject({
      statusCode: 429,
      code: 'REQUEST_QUOTA_REACHED',
      headers: { 'retry-after': String(15 * 3600) },
    });
    expect((await w.service.listBatches(owner, surveyId)).batches).toHaveLength(3);
    // A repeat of a call that was scheduled is answered from its record, without counting.
    expect((await w.hooks.call(w.token, hookBody({ ...piet, externalId: 'q-1' }))).status).toBe('duplicate');
    w.clock.now = Date.parse('2026-11-27T00:00:00.000Z');
    expect((await w.hooks.call(w.token, hookBody({ ...piet, externalId: 'q-3' }))).status).toBe('scheduled');
  });

  it('answers 409 while the survey is a draft, and 404 once the survey (and so its hook) is deleted', async () => {
    const w = await world();
    await w.surveys.update(owner, surveyId, { surveyCode: null, landingPageUrl: null }, '2026-11-26T09:00:00.000Z');
    expect(await status(w.hooks.call(w.token, hookBody(piet)))).toBe(409);
    await w.requests.deleteBySurvey(owner, surveyId);
    expect(await status(w.hooks.call(w.token, hookBody(piet)))).toBe(404);
  });

  it('is reached through the route table: the sample event schedules (202), a forged token is 404', async () => {
    const w = memoryRequests();
    await w.surveys.create(publishedSurvey());
    await w.hooks.regenerate(owner, surveyId, { permissionConfirmed: true });
    const handler = createRequestsHandler(
      () => w.service,
      () => w.hooks,
    );
    const event = sampleEvent('call-request-hook');
    expect((await handler(event, lambdaContext())).statusCode).toBe(202);
    // A fresh event each time: the middlewares replace the body of the one they are given.
    const forged = {
      ...sampleEvent('call-request-hook'),
      pathParameters: { token: encodeHookToken(surveyId, Buffer.alloc(24).toString('base64url')) },
    };
    const answer = await handler(forged, lambdaContext());
    expect([answer.statusCode, answer.body]).toEqual([404, expect.any(String)]);
    expect(
      (await handler({ ...sampleEvent('call-request-hook'), body: '{"name":"x"}' }, lambdaContext())).statusCode,
    ).toBe(400);
  });
});

describe('the hook in the account export', () => {
  it('lists the survey’s hook settings on the first page, never its token or hash', async () => {
    const w = await world();
    const part = requestsOwnerData.create({ requests: w.requests });
    const first = await part.exportSummary!(owner, [publishedSurvey()]);
    expect(first.requestHooks).toEqual([w.hook]);
    expect(JSON.stringify(first)).not.toContain(w.requests.hooks.get(surveyId)!.tokenHash);
  });
});
