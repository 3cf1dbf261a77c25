import { describe, expect, it } from 'vitest';
import { errorBodySchema, inboxPageSchema, inboxPageSize, type InboxItem } from '@reviewroute/shared';
import { sampleResponse } from '@reviewroute/shared/testing';
import { createMemoryStores } from '../../../testing/data/memory';
import type { SurveyResponseRecord } from '../../data/response-store';
import { lambdaContext, sampleEvent } from '../../../testing/events';
import type { ApiEvent } from '../../lib/http';
import { publishedSurvey, sampleSurveyId, seed } from '../../../testing/sample-survey';
import { createAlertLinkService } from './alert-link';
import { createDashboardService } from './dashboard-service';
import { createSurveysHandler } from './handler';
import { createInboxService, decodeCursor, encodeCursor } from './inbox-service';
import { createSurveyService } from './service';

let clock = Date.parse('2026-11-21T09:00:00.000Z');

function response(overrides: Partial<SurveyResponseRecord> = {}): SurveyResponseRecord {
  clock += 1000;
  return sampleResponse({
    id: `0195a3c4-7b00-7000-8000-${String(clock).slice(-12)}`,
    surveyId: sampleSurveyId,
    createdAt: new Date(clock).toISOString(),
    ...overrides,
  });
}

/** The real handler with the inbox service on in-memory stores, the sample survey published. */
function setup() {
  const stores = createMemoryStores();
  seed(stores.surveys, publishedSurvey());
  const inbox = createInboxService({ ...stores, now: () => new Date('2026-11-22T10:00:00.000Z') });
  const handler = createSurveysHandler(
    () => createSurveyService({ ...stores, siteOrigin: () => 'https://app.example.com' }),
    () => createDashboardService(stores),
    () => createAlertLinkService({ surveys: stores.surveys, key: async () => 'k' }),
    undefined,
    () => inbox,
  );
  const call = async (event: ApiEvent) => {
    const res = await handler(event, lambdaContext());
    return { status: res.statusCode!, body: res.body ? (JSON.parse(res.body) as unknown) : undefined };
  };
  const add = async (records: SurveyResponseRecord[]) => {
    for (const r of records) await stores.responses.submit({ response: r, clickTokenHash: 'h' });
  };
  return { ...stores, inbox, call, add };
}

function listEvent(query: Record<string, string>): ApiEvent {
  const event = sampleEvent('list-inbox');
  event.queryStringParameters = query;
  event.rawQueryString = new URLSearchParams(query).toString();
  return event;
}

describe('inbox', () => {
  it('lists every response newest first across pages, with state, note and contact only of low ratings', async () => {
    const ctx = setup();
    const records = Array.from({ length: 25 }, (_, i) =>
      response({
        rating: (i % 5) + 1,
        comment: i % 2 ? `comment ${i}` : null,
        customerName: 'Ann',
        customerEmail: 'ann@example.com',
      }),
    );
    await ctx.add(records);
    const first = await ctx.call(listEvent({}));
    expect(first.status).toBe(200);
    const page1 = inboxPageSchema.parse(first.body);
    expect(page1.items).toHaveLength(inboxPageSize);
    expect(page1.next).not.toBeNull();
    const page2 = inboxPageSchema.parse((await ctx.call(listEvent({ cursor: page1.next! }))).body);
    expect(page2.next).toBeNull();
    const all: InboxItem[] = [...page1.items, ...page2.items];
    expect(all.map((i) => i.id)).toEqual([...records].reverse().map((r) => r.id));
    expect(all.every((i) => i.state === 'new' && i.note === null)).toBe(true);
    for (const item of all) {
      expect(item.customerEmail).toBe(item.rating <= 2 ? 'ann@example.com' : null);
      expect(item.comment === null).toBe(records.findIndex((r) => r.id === item.id) % 2 === 0);
    }
  });

  it('narrows to a filter from the query and refuses a malformed one or a forged cursor', async () => {
    const ctx = setup();
    const low = response({ rating: 1, customerEmail: 'a@example.com' });
    await ctx.add([low, response({ rating: 1 }), response({ rating: 5, comment: 'great' })]);
    const page = inboxPageSchema.parse((await ctx.call(listEvent({ rating: 'low', contact: 'yes' }))).body);
    expect(page.items.map((i) => i.id)).toEqual([low.id]);
    expect((await ctx.call(listEvent({ rating: 'worst' }))).status).toBe(400);
    expect((await ctx.call(listEvent({ from: '21-11-2026' }))).status).toBe(400);
    const forged = await ctx.call(listEvent({ cursor: Buffer.from('x|y|z').toString('base64url') }));
    expect(forged.status).toBe(400);
    expect(errorBodySchema.parse(forged.body).error.code).toBe('VALIDATION_FAILED');
  });

  it('marks handled and reopens in bulk, keeps a note, and says how many changed', async () => {
    const ctx = setup();
    const [a, b, c] = [response(), response(), response()];
    await ctx.add([a!, b!, c!]);
    const mark = sampleEvent('set-inbox-state');
    mark.body = JSON.stringify({ ids: [a!.id, b!.id, 'not-one-of-these'], state: 'handled' });
    expect(await ctx.call(mark)).toEqual({ status: 200, body: { updated: 2 } });
    const note = sampleEvent('set-inbox-note');
    note.pathParameters = { ...note.pathParameters, responseId: b!.id };
    note.body = JSON.stringify({ note: '  Called back  ' });
    expect(await ctx.call(note)).toEqual({ status: 200, body: { id: b!.id, note: 'Called back' } });
    const handled = inboxPageSchema.parse((await ctx.call(listEvent({ state: 'handled' }))).body);
    expect(handled.items.map((i) => [i.id, i.note])).toEqual([
      [b!.id, 'Called back'],
      [a!.id, null],
    ]);
    const reopen = sampleEvent('set-inbox-state');
    reopen.body = JSON.stringify({ ids: [a!.id], state: 'new' });
    expect((await ctx.call(reopen)).body).toEqual({ updated: 1 });
    note.body = JSON.stringify({ note: '' });
    expect((await ctx.call(note)).body).toEqual({ id: b!.id, note: null });
    const fresh = inboxPageSchema.parse((await ctx.call(listEvent({ state: 'new' }))).body);
    expect(fresh.items.map((i) => i.id)).toEqual([c!.id, a!.id]);
  });

  it('bounds the ids of a bulk change and the length of a note', async () => {
    const ctx = setup();
    const mark = sampleEvent('set-inbox-state');
    mark.body = JSON.stringify({ ids: Array.from({ length: 51 }, (_, i) => `id-${i}`), state: 'handled' });
    expect((await ctx.call(mark)).status).toBe(400);
    mark.body = JSON.stringify({ ids: [], state: 'handled' });
    expect((await ctx.call(mark)).status).toBe(400);
    const note = sampleEvent('set-inbox-note');
    note.body = JSON.stringify({ note: 'x'.repeat(1001) });
    expect((await ctx.call(note)).status).toBe(400);
  });

  it('answers another owner’s survey, and a response not in the survey, with 404 and changes nothing', async () => {
    const ctx = setup();
    const r = response();
    await ctx.add([r]);
    const asOther = (event: ApiEvent) => {
      event.requestContext.authorizer.jwt.claims = { ...event.requestContext.authorizer.jwt.claims, sub: 'other' };
      return event;
    };
    expect((await ctx.call(asOther(listEvent({})))).status).toBe(404);
    const mark = asOther(sampleEvent('set-inbox-state'));
    mark.body = JSON.stringify({ ids: [r.id], state: 'handled' });
    expect((await ctx.call(mark)).status).toBe(404);
    const note = asOther(sampleEvent('set-inbox-note'));
    note.pathParameters = { ...note.pathParameters, responseId: r.id };
    expect((await ctx.call(note)).status).toBe(404);
    expect(ctx.responses.inbox.size).toBe(0);
    const missing = sampleEvent('set-inbox-note');
    missing.pathParameters = { ...missing.pathParameters, responseId: '0195a3c4-7b00-7000-8000-00000000dead' };
    expect((await ctx.call(missing)).status).toBe(404);
  });

  it('shows each response’s consent and evidence, and takes a consented one off the website only', async () => {
    const ctx = setup();
    const evidence = { invitation: 'booking-system', invitedAt: '2026-11-20T18:00:00.000Z' } as const;
    const consented = response({
      websiteConsent: { shownAs: 'A.d.V.', nameStyle: 'initials', hiddenReason: null, hiddenAt: null },
      evidence: { ...evidence, everyoneOfferedPublicReview: false },
    });
    const withheld = response({
      evidence: { invitation: 'public-link', invitedAt: null, everyoneOfferedPublicReview: true },
    });
    const older = response();
    await ctx.add([consented, withheld, older]);
    const listed = inboxPageSchema.parse((await ctx.call(listEvent({}))).body).items;
    expect(listed.map((i) => [i.websiteConsent?.shownAs ?? null, i.evidence?.invitation ?? null])).toEqual([
      [null, null],
      [null, 'public-link'],
      ['A.d.V.', 'booking-system'],
    ]);

    const hide = (responseId: string, reason: string, asOther = false) => {
      const event = sampleEvent('hide-from-website');
      event.pathParameters = { ...event.pathParameters, responseId };
      event.body = JSON.stringify({ reason });
      if (asOther)
        event.requestContext.authorizer.jwt.claims = { ...event.requestContext.authorizer.jwt.claims, sub: 'other' };
      return ctx.call(event);
    };
    expect((await hide(consented.id, 'because')).status).toBe(400);
    expect((await hide(consented.id, 'offensive', true)).status).toBe(404);
    const hidden = {
      shownAs: 'A.d.V.',
      nameStyle: 'initials',
      hiddenReason: 'offensive',
      hiddenAt: '2026-11-22T10:00:00.000Z',
    };
    expect(await hide(consented.id, 'offensive')).toEqual({
      status: 200,
      body: { id: consented.id, websiteConsent: hidden },
    });
    // Only toward "not shown": the first reason stays, and a response without consent cannot be given one.
    expect((await hide(consented.id, 'personal-data')).body).toEqual({ id: consented.id, websiteConsent: hidden });
    const conflict = await hide(withheld.id, 'personal-data');
    expect(conflict.status).toBe(409);
    expect(errorBodySchema.parse(conflict.body).error.code).toBe('CONFLICT');
    expect((await hide('0195a3c4-7b00-7000-8000-00000000dead', 'offensive')).status).toBe(404);
    const after = inboxPageSchema.parse((await ctx.call(listEvent({}))).body).items;
    expect(after.find((i) => i.id === consented.id)?.websiteConsent).toEqual(hidden);
    expect(after.find((i) => i.id === withheld.id)?.websiteConsent).toBeNull();
  });

  it('round-trips a cursor and refuses anything else as one', () => {
    const p = { createdAt: '2026-11-21T09:00:01.000Z', responseId: '0195a3c4-7b00-7000-8000-000000000001' };
    expect(decodeCursor(encodeCursor(p))).toEqual(p);
    for (const bad of ['', 'abc', Buffer.from('2026|x').toString('base64url')]) {
      expect(() => decodeCursor(bad)).toThrow();
    }
  });
});
