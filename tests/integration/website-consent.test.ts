import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  accountExportPageSchema,
  errorBodySchema,
  hiddenFromWebsiteSchema,
  inboxPageSchema,
  pathOf,
  requestBatchPageSchema,
  requestHookCreatedSchema,
  requestHookPathOf,
  submitResponseResultSchema,
  type InboxItem,
  type Survey,
} from '@reviewroute/shared';
import { apiCall, createSampleSurvey, ownerCall, publishSurvey, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';
import { listMails } from '../support/inbox';

/**
 * A response's website consent and evidence (decisions 27) on the local stack: the submit stores both in its one
 * item (the consent's shown name; how the customer was invited: the owner's request, the booking system's
 * webhook, or the public link), the inbox shows them, and the owner can only take a consent back, never give one.
 */

const stack = inject('localStack');
const api = stack.urls.api;

describe('website consent and evidence of a response', () => {
  let owner: ApiUser;
  let survey: Survey;

  const inbox = async (): Promise<InboxItem[]> =>
    inboxPageSchema.parse(await ownerCall(api, owner, 'GET', pathOf('list-inbox', { surveyId: survey.id }))).items;
  const inboxItem = async (id: string) => {
    let item: InboxItem | undefined;
    // The inbox index is eventually consistent: a response shows up within about a second of its submit.
    await expect
      .poll(async () => (item = (await inbox()).find((i) => i.id === id)), { timeout: 10_000, interval: 100 })
      .toBeDefined();
    return item!;
  };
  const submit = async (body: Record<string, unknown>) => {
    const res = await apiCall(api, 'POST', pathOf('submit-response', { surveyCode: survey.surveyCode! }), {
      body: { rating: 5, comment: 'Lovely', idempotencyKey: randomUUID(), elapsedMs: 9000, ...body },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return submitResponseResultSchema.parse(res.body).responseId;
  };
  /** The personal link's token in the newest mail to this address. */
  const tokenOf = async (address: string) => {
    let token: string | undefined;
    await expect
      .poll(
        async () =>
          (token = /\?r=([\w-]{46})/.exec(
            (await listMails(stack.urls.inbox)).find((m) => m.destination.to.includes(address))?.body.text ?? '',
          )?.[1]),
        { timeout: 30_000, interval: 200 },
      )
      .toBeDefined();
    return token!;
  };
  const hide = (responseId: string, reason: string, user = owner) =>
    apiCall(api, 'POST', pathOf('hide-from-website', { surveyId: survey.id, responseId }), {
      user,
      body: { reason },
    });

  beforeAll(async () => {
    owner = await createSignedInUser(stack);
    survey = await publishSurvey(owner, (await createSampleSurvey(owner, 'Consent Bakery', { language: 'en' })).id);
  });

  it('keeps the consent’s shown name and the public link’s evidence; the owner can only withdraw it', async () => {
    const consented = await submit({ websiteConsent: { nameStyle: 'initials', name: 'Anna de Vries' } });
    const withheld = await submit({ rating: 4 });
    expect(await inboxItem(consented)).toMatchObject({
      websiteConsent: { shownAs: 'A.d.V.', nameStyle: 'initials', hiddenReason: null, hiddenAt: null },
      evidence: { invitation: 'public-link', invitedAt: null, everyoneOfferedPublicReview: false },
    });
    expect((await inboxItem(withheld)).websiteConsent).toBeNull();

    // Another owner cannot touch it; no reason but decisions 27's is taken.
    const intruder = await createSignedInUser(stack);
    expect((await hide(consented, 'offensive', intruder)).status).toBe(404);
    expect((await hide(consented, 'negative')).status).toBe(400);

    const first = await hide(consented, 'offensive');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const hidden = hiddenFromWebsiteSchema.parse(first.body).websiteConsent;
    expect(hidden).toMatchObject({ shownAs: 'A.d.V.', hiddenReason: 'offensive', hiddenAt: expect.any(String) });
    // Only toward "not shown": the first reason stays, and a response without consent is refused (409).
    expect(hiddenFromWebsiteSchema.parse((await hide(consented, 'personal-data')).body).websiteConsent).toEqual(hidden);
    const refused = await hide(withheld, 'personal-data');
    expect(refused.status).toBe(409);
    expect(errorBodySchema.parse(refused.body).error.code).toBe('CONFLICT');
    expect((await inboxItem(withheld)).websiteConsent).toBeNull();
    expect((await inboxItem(consented)).websiteConsent).toEqual(hidden);

    // The owner's data export carries both with the response.
    const exported = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
      const page = accountExportPageSchema.parse(await ownerCall(api, owner, 'GET', pathOf('export-account') + query));
      exported.push(...page.responses);
      cursor = page.nextCursor;
    } while (cursor);
    expect(exported.find((r) => r.id === consented)).toMatchObject({
      websiteConsent: hidden,
      evidence: { invitation: 'public-link' },
    });
  });

  it(
    'records a review request’s personal link by e-mail, and the booking system’s, with when it was sent',
    { timeout: 90_000 },
    async () => {
      const id = randomUUID().slice(0, 8);
      const mailed = `ann-${id}@consent.example`;
      expect(
        (
          await apiCall(api, 'POST', pathOf('create-request-batch', { surveyId: survey.id }), {
            user: owner,
            body: { rows: [{ name: 'Ann', email: mailed }], permissionConfirmed: true, reminderDays: 0 },
          })
        ).status,
      ).toBe(201);
      const hookToken = requestHookCreatedSchema.parse(
        await ownerCall(api, owner, 'POST', pathOf('regenerate-request-hook', { surveyId: survey.id }), {
          permissionConfirmed: true,
          delayMinutes: 0,
        }),
      ).token;
      const booked = `bob-${id}@consent.example`;
      const called = await apiCall(api, 'POST', requestHookPathOf(hookToken), {
        body: { name: 'Bob', email: booked, externalId: `visit-${id}` },
      });
      expect(called.status, JSON.stringify(called.body)).toBeLessThan(300);

      const fromMail = await submit({ requestToken: await tokenOf(mailed) });
      const fromHook = await submit({ requestToken: await tokenOf(booked), rating: 1 });
      // A forged token is no personal link: the rating counts, as the public link's.
      const forged = await submit({ requestToken: 'A'.repeat(46), rating: 3 });

      const batches = requestBatchPageSchema.parse(
        await ownerCall(api, owner, 'GET', pathOf('list-request-batches', { surveyId: survey.id })),
      ).batches;
      expect(batches.map((b) => b.source).sort()).toEqual(['hook', 'upload']);
      const mailItem = await inboxItem(fromMail);
      expect(mailItem.evidence).toMatchObject({ invitation: 'email-request', everyoneOfferedPublicReview: false });
      expect(Date.parse(mailItem.evidence!.invitedAt!)).toBeLessThanOrEqual(Date.parse(mailItem.createdAt));
      const hookItem = await inboxItem(fromHook);
      expect(hookItem.evidence).toMatchObject({ invitation: 'booking-system', invitedAt: expect.any(String) });
      expect((await inboxItem(forged)).evidence).toEqual({
        invitation: 'public-link',
        invitedAt: null,
        everyoneOfferedPublicReview: false,
      });
    },
  );
});
