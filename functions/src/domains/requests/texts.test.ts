import { describe, expect, it } from 'vitest';
import {
  smsCountriesOf,
  smsCountryRefused,
  smsSegments,
  type CreateRequestBatchInput,
  type TextsWhenSpent,
} from '@reviewroute/shared';
import { shortLinkCode } from '../../lib/short-link';
import type { ShortLinkRecord } from '../../data/short-links';
import {
  memoryRequests,
  publishedSurvey,
  requestBatchBody as batchBody,
  requestOwnerId as owner,
  requestSurveyId as surveyId,
} from '../../../testing/domains/requests';
import { routeOf, type TextDeps } from './sender';
import { createRequestSettingsService, createShortLinkResolver } from './short-link-service';
import { createRequestsHandler } from './handler';
import { lambdaContext, sampleEvent } from '../../../testing/events';
import { MemoryTextAllowance } from '../../../testing/data/memory-text-allowance';
import type { TextMessage } from './text-sender';

const key = 'short-link-test-key';

/** A world whose sender texts through a fake transport (every text kept), with memory short links. */
async function textWorld(
  options: { allowance?: number; whenSpent?: TextsWhenSpent; failOn?: string; countries?: string } = {},
) {
  const sent: TextMessage[] = [];
  const links = new Map<string, ShortLinkRecord>();
  const texts: TextDeps = {
    sender: {
      async send(message) {
        if (message.to === options.failOn) throw Object.assign(new Error('socket hang up'), { name: 'TimeoutError' });
        sent.push(message);
        return { messageId: `m-${sent.length}` };
      },
    },
    allowedCountries: smsCountriesOf(options.countries),
    senderNumber: '+3197010000001',
    monthlyAllowanceOf: async () => options.allowance ?? 25,
    whenSpentOf: async () => options.whenSpent ?? 'wait',
    shortLinks: {
      async putShortLink(codeHash, link) {
        links.set(codeHash, link);
      },
    },
    codesOf: async (r) => ({
      link: shortLinkCode(key, 'link', r.batchId, r.id),
      unsubscribe: shortLinkCode(key, 'unsubscribe', r.batchId, r.id),
    }),
  };
  const w = memoryRequests({ sender: { texts } });
  await w.surveys.create(publishedSurvey());
  const run = () => w.sender.runDue(w.clock.now + 60_000);
  const resolve = createShortLinkResolver({
    shortLinks: { getShortLink: async (hash) => links.get(hash) },
    requests: w.requests,
    surveys: w.surveys,
    tokens: w.tokens,
    siteOrigin: 'https://app.reviewroute.example',
  });
  const send = (rows: CreateRequestBatchInput['rows']) =>
    w.service.create(owner, surveyId, batchBody({ rows, permissionConfirmed: true }));
  const recipients = (batchId: string) => w.requests.recipients.get(batchId)!;
  return { ...w, sent, links, run, resolve, send, recipients };
}

describe('review requests by text', () => {
  it('texts a customer with a number: the default text with a short link and the opt-out, in one segment', async () => {
    const w = await textWorld();
    const batch = await w.send([
      { name: 'Piet Klant', phone: '06 12345678', language: 'nl' },
      { name: 'Jane', phone: '+44 7400 123456', language: 'en' },
    ]);
    await w.run();
    expect(w.sent.map((m) => m.to)).toEqual(['+31612345678', '+447400123456']);
    const [nl, en] = w.sent;
    expect(nl!.body).toMatch(
      /^Bedankt voor je bezoek! Deel je ervaring: https:\/\/app\.reviewroute\.example\/r\/[0-9A-Za-z]{10}\nSTOP: https:\/\/app\.reviewroute\.example\/r\/[0-9A-Za-z]{10}$/,
    );
    expect(
      en!.body.startsWith('Thanks for visiting us! Share your experience: https://app.reviewroute.example/r/'),
    ).toBe(true);
    for (const m of w.sent) expect(smsSegments(m.body).segments).toBe(1);
    // From the business's sender ID (11 GSM characters) where the country shows one.
    expect(nl!.originator).toBe(publishedSurvey().businessName.slice(0, 11).trim());
    expect(nl!.context).toMatchObject({ owner, batch: batch.id, recipient: '00000' });
    expect(w.recipients(batch.id).map((r) => [r.state, r.channel])).toEqual([
      ['sent', 'sms'],
      ['sent', 'sms'],
    ]);
    expect(w.mailer.sent).toHaveLength(0);
    // The short links open the personal survey link and the unsubscribe page in the customer's language.
    const [link, optOut] = [...nl!.body.matchAll(/\/r\/([0-9A-Za-z]{10})/g)].map((m) => m[1]!);
    expect(await w.resolve(link!)).toMatch(
      /^https:\/\/app\.reviewroute\.example\/nl?\/?surveys\/.+\?r=[A-Za-z0-9_-]{46}$/,
    );
    expect(await w.resolve(optOut!)).toMatch(
      /^https:\/\/app\.reviewroute\.example\/nl\/unsubscribe\/[A-Za-z0-9_-]{46}$/,
    );
    expect(await w.resolve('AAAAAAAAAA')).toBeUndefined();
    expect(await w.resolve('../../x')).toBeUndefined();
    // Only the codes' hashes are stored.
    expect([...w.links.keys()].some((hash) => hash.includes(link!))).toBe(false);
  });

  it('texts first and e-mails only where texting cannot go: a number outside the allowlist', async () => {
    const w = await textWorld();
    // Only a number outside the allowlist: refused with its row's error, nothing recorded.
    expect(() =>
      batchBody({ rows: [{ name: 'Abroad only', phone: '+1 415 555 2672' }], permissionConfirmed: true }),
    ).toThrow(expect.objectContaining({ fields: { 'rows.0.phone': smsCountryRefused } }));
    const batch = await w.send([
      { name: 'Both', email: 'both@klant.example', phone: '0612345670' },
      { name: 'Abroad', email: 'abroad@klant.example', phone: '+1 415 555 2671' },
    ]);
    await w.run();
    expect(w.sent.map((m) => m.to)).toEqual(['+31612345670']);
    expect(w.mailer.sent.map((m) => m.to)).toEqual(['abroad@klant.example']);
    expect(w.recipients(batch.id).map((r) => [r.state, r.channel, r.reason])).toEqual([
      ['sent', 'sms', null],
      ['sent', 'email', null],
    ]);
  });

  it('skips with why a number only that the stack’s narrower allowlist leaves out', async () => {
    const w = await textWorld({ countries: 'NL' });
    const batch = await w.send([{ name: 'Belg', phone: '+32 470 12 34 56' }]);
    await w.run();
    expect(w.sent).toHaveLength(0);
    expect(w.recipients(batch.id).map((r) => [r.state, r.reason])).toEqual([['skipped', 'country-not-allowed']]);
  });

  it('sends nothing between 20:00 and 09:00 in the customer’s zone: the batch is due again at 09:00', async () => {
    const w = await textWorld();
    // 22:00 in Amsterdam (CET, UTC+1).
    w.clock.now = Date.parse('2026-11-26T21:00:00.000Z');
    const batch = await w.send([{ name: 'Piet', phone: '0612345678' }]);
    await w.run();
    expect(w.sent).toHaveLength(0);
    expect(w.recipients(batch.id)[0]!.state).toBe('queued');
    expect(w.requests.queue.get(batch.id)?.dueAt).toBe('2026-11-27T08:00:00.000Z');
    expect(w.requests.batches.get(batch.id)?.waitingUntil).toBe('2026-11-27T08:00:00.000Z');
    w.clock.now = Date.parse('2026-11-27T07:59:00.000Z');
    await w.run();
    expect(w.sent).toHaveLength(0);
    w.clock.now = Date.parse('2026-11-27T08:00:00.000Z');
    await w.run();
    expect(w.sent).toHaveLength(1);
    expect(w.recipients(batch.id)[0]!.state).toBe('sent');
  });

  it('stops at the month’s allowance: the rest wait for next month, or are e-mailed as the owner chose', async () => {
    const rows = [
      { name: 'A', phone: '0612345671' },
      { name: 'B', phone: '0612345672', email: 'b@klant.example' },
      { name: 'C', phone: '0612345673' },
    ];
    const waiting = await textWorld({ allowance: 1, whenSpent: 'wait' });
    let batch = await waiting.send(rows);
    await waiting.run();
    expect(waiting.sent).toHaveLength(1);
    expect(waiting.mailer.sent).toHaveLength(0);
    expect(waiting.recipients(batch.id).map((r) => r.state)).toEqual(['sent', 'queued', 'queued']);
    expect(waiting.requests.queue.get(batch.id)?.dueAt).toBe('2026-12-01T00:00:00.000Z');
    expect(waiting.requests.textCounts.get(`${owner}/2026-11`)).toBe(1);

    const falling = await textWorld({ allowance: 1, whenSpent: 'email' });
    batch = await falling.send(rows);
    await falling.run();
    expect(falling.sent.map((m) => m.to)).toEqual(['+31612345671']);
    expect(falling.mailer.sent.map((m) => m.to)).toEqual(['b@klant.example']);
    expect(falling.recipients(batch.id).map((r) => [r.state, r.channel])).toEqual([
      ['sent', 'sms'],
      ['sent', 'email'],
      ['queued', null],
    ]);
  });

  it('texts nobody twice: a send that may have gone out is never retried, a repeated run sends nothing again', async () => {
    const w = await textWorld({ failOn: '+31612345672' });
    const batch = await w.send([
      { name: 'A', phone: '0612345671' },
      { name: 'B', phone: '0612345672' },
      { name: 'C', phone: '0612345673' },
    ]);
    await w.run();
    await w.run();
    w.clock.now += 3600_000;
    await w.run();
    expect(w.sent.map((m) => m.to)).toEqual(['+31612345671', '+31612345673']);
    expect(w.recipients(batch.id).map((r) => [r.state, r.reason])).toEqual([
      ['sent', null],
      ['failed', 'interrupted'],
      ['sent', null],
    ]);
  });

  it('resumes a run that died between a claim and its confirmation without texting that customer again', async () => {
    const w = await textWorld();
    const batch = await w.send([
      { name: 'A', phone: '0612345671' },
      { name: 'B', phone: '0612345672' },
    ]);
    // A run claimed A (its text may have gone out) and died before confirming it.
    const [a] = w.recipients(batch.id);
    const day = new Date(w.clock.now).toISOString();
    expect(
      await w.requests.claim({
        recipient: a!,
        channel: 'sms',
        contact: a!.phone!,
        texts: { month: day.slice(0, 7), allowance: 25 },
        now: day,
        askedBefore: new Date(w.clock.now - 30 * 86400_000).toISOString(),
        contactExpiresAt: 0,
        day: day.slice(0, 10),
        dailyCap: 50,
      }),
    ).toBe('claimed');
    await w.run();
    expect(w.sent.map((m) => m.to)).toEqual(['+31612345672']);
    // Once the claim is old enough to be an interrupted one, it is settled as such, never sent.
    w.clock.now += 11 * 60_000;
    await w.run();
    await w.run();
    expect(w.sent.map((m) => m.to)).toEqual(['+31612345672']);
    expect(w.recipients(batch.id).map((r) => [r.state, r.reason])).toEqual([
      ['failed', 'interrupted'],
      ['sent', null],
    ]);
  });

  it('reminds by e-mail where the customer gave an address, else by text in the sending hours, once', async () => {
    const w = await textWorld();
    const batch = await w.service.create(
      owner,
      surveyId,
      batchBody({
        rows: [
          { name: 'Text only', phone: '0612345671' },
          { name: 'Both', phone: '0612345672', email: 'both@klant.example' },
        ],
        permissionConfirmed: true,
        reminderDays: 3,
      }),
    );
    await w.run();
    expect(w.sent.map((m) => m.to)).toEqual(['+31612345671', '+31612345672']);
    // Three days on, at 22:00 Amsterdam time: the e-mail reminder goes, the text waits for 09:00.
    w.clock.now = Date.parse('2026-11-29T21:00:00.000Z');
    await w.run();
    expect(w.mailer.sent.map((m) => m.to)).toEqual(['both@klant.example']);
    expect(w.sent).toHaveLength(2);
    w.clock.now = Date.parse('2026-11-30T08:00:00.000Z');
    await w.run();
    await w.run();
    expect(w.sent.map((m) => m.to)).toEqual(['+31612345671', '+31612345672', '+31612345671']);
    expect(w.sent[2]!.idempotencyKey).toMatch(/\/reminder$/);
    expect(w.recipients(batch.id).map((r) => r.reminderState)).toEqual(['sent', 'sent']);
    expect(w.mailer.sent).toHaveLength(1);
  });

  it('chooses the route by the number’s country and the sender it allows', () => {
    const texts = { allowedCountries: smsCountriesOf('NL,BE'), senderNumber: '+3197010000001' };
    const nl = { email: null, phone: '+31612345678', phoneCountry: 'NL' };
    expect(routeOf(nl, 'Bakkerij Jansen', texts)).toMatchObject({
      channel: 'sms',
      originator: 'Bakkerij Ja',
      replies: false,
    });
    expect(routeOf({ ...nl, phoneCountry: 'BE' }, 'Bakkerij Jansen', texts)).toMatchObject({
      channel: 'sms',
      originator: '+3197010000001',
      replies: true,
    });
    expect(routeOf({ ...nl, phoneCountry: 'DE' }, 'Bakkerij', texts)).toEqual({ skip: 'country-not-allowed' });
    expect(routeOf({ ...nl, phoneCountry: 'DE', email: 'x@y.example' }, 'Bakkerij', texts)).toEqual({
      channel: 'email',
      contact: 'x@y.example',
    });
    expect(routeOf({ ...nl, phoneCountry: 'BE' }, 'Bakkerij', { ...texts, senderNumber: null })).toEqual({
      skip: 'country-not-allowed',
    });
  });

  it('redirects a short link through the route table, and reads and sets the owner’s choice with the month’s texts', async () => {
    const w = await textWorld();
    await w.send([{ name: 'Piet', phone: '0612345678', language: 'nl' }]);
    await w.run();
    const code = /\/r\/([0-9A-Za-z]{10})/.exec(w.sent[0]!.body)![1]!;
    const allowance = new MemoryTextAllowance();
    const settings = createRequestSettingsService({
      allowance,
      monthlyTextsOf: async () => 100,
      now: () => new Date('2026-11-26T09:00:00Z'),
    });
    const handler = createRequestsHandler(
      () => w.service,
      () => w.hooks,
      undefined,
      undefined,
      () => ({ resolveShortLink: w.resolve, settings }),
    );
    const open = (c: string) => {
      const event = sampleEvent('open-short-link');
      return handler({ ...event, rawPath: `/r/${c}`, pathParameters: { code: c } }, lambdaContext());
    };
    const found = await open(code);
    expect(found.statusCode).toBe(302);
    expect(found.headers?.location).toMatch(/\?r=[A-Za-z0-9_-]{46}$/);
    expect(found.headers?.['cache-control']).toBe('no-store');
    expect((await open('AAAAAAAAAA')).statusCode).toBe(404);
    expect((await open('not-a-code')).statusCode).toBe(404);

    const owner = sampleEvent('get-request-settings').requestContext.authorizer.jwt.claims.sub as string;
    allowance.counts.set(`${owner}/2026-11`, 12);
    const read = await handler(sampleEvent('get-request-settings'), lambdaContext());
    expect(JSON.parse(read.body!)).toEqual({
      textsWhenSpent: 'wait',
      texts: { used: 12, allowance: 100, month: '2026-11', resetsAt: '2026-12-01T00:00:00.000Z' },
    });
    const set = await handler(sampleEvent('update-request-settings'), lambdaContext());
    expect(JSON.parse(set.body!)).toMatchObject({ textsWhenSpent: 'email' });
    expect(await allowance.getRequestSettings(owner)).toEqual({ textsWhenSpent: 'email' });
  });
});

describe('a customer’s number as the address of the requests’ rules', () => {
  it('is asked once in 30 days however it is written, never twice in a batch, and never once it is suppressed', async () => {
    const w = await textWorld();
    // The same number written three ways: one text, the batch's second row a duplicate.
    const first = await w.send([
      { name: 'Piet Klant', phone: '06 12345678' },
      { name: 'Piet K.', phone: '+31 (0)6 1234 5678' },
    ]);
    await w.run();
    expect(w.sent.map((m) => m.to)).toEqual(['+31612345678']);
    expect(w.recipients(first.id).map((r) => [r.state, r.reason])).toEqual([
      ['sent', null],
      ['skipped', 'duplicate'],
    ]);
    // Another send, another way of writing it, within 30 days: this owner asked the number already.
    const again = await w.send([{ name: 'Piet', phone: '0031 6 1234 5678' }]);
    await w.run();
    expect(w.sent).toHaveLength(1);
    expect(w.recipients(again.id).map((r) => [r.state, r.reason])).toEqual([['skipped', 'recently-asked']]);

    // A number on the owner's suppression list (its E.164 form is the address) is never texted.
    await w.requests.suppress(owner, '+32470123456', 'unsubscribed', new Date(w.clock.now).toISOString());
    const stopped = await w.send([{ name: 'Jan', phone: '0032 470 12 34 56' }]);
    await w.run();
    expect(w.sent).toHaveLength(1);
    expect(w.recipients(stopped.id).map((r) => [r.state, r.reason])).toEqual([['skipped', 'unsubscribed']]);
  });
});
