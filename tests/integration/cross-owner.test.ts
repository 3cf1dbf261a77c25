import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import {
  contractOf,
  createPaymentResponseSchema,
  errorBodySchema,
  exportStartedSchema,
  pathOf,
  requestBatchSchema,
  routeKey,
  routes,
  surveySchema,
  uploadTicketSchema,
  type OwnerRouteId,
  type RouteBodyInput,
  type RouteDefinition,
  type RouteId,
  type RouteWithBody,
  type Survey,
} from '@reviewroute/shared';
import { apiCall, ownerCall, sampleBusiness, storedResponses, type ApiUser } from '../support/api';
import { TEST_PASSWORD, createSignedInUser } from '../support/cognito';

/**
 * Every owner route of the route table, called with another owner's token: a route on an owner's item
 * (a survey) answers 404 for someone else's, and no route shows or changes anything of the owner. The
 * matrix is the table itself, so a new owner route is covered the day it is added.
 */

const stack = inject('localStack');
const api = stack.urls.api;

const ownerRoutes = routes.filter((r): r is Extract<(typeof routes)[number], { auth: 'owner' }> => r.auth === 'owner');
const paramNames = (route: RouteDefinition) => [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** A real 1×1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface OwnerState {
  ownerEmail: string;
  survey: Survey;
  uploadKey: string;
  /** A payment of the owner (pending at the local Mollie). */
  paymentId: string;
  /** A review-request batch of the owner's survey (sent). */
  batchId: string;
  /** A response to the owner's survey. */
  responseId: string;
  /** A CSV export of the owner's survey (written). */
  exportId: string;
}

/**
 * A body its route's schema accepts for each owner route that reads one (typed by the route contract, and
 * required for every such route), so a refusal can only be about whose item it is.
 */
const validBodies: { [Id in Extract<OwnerRouteId, RouteWithBody>]: (state: OwnerState) => RouteBodyInput<Id> } = {
  'create-survey': () => sampleBusiness('Intruder Bakery'),
  'update-survey': () => ({
    version: 1,
    businessName: 'Hijacked',
    supportEmail: 'evil@example.com',
    lowRatingMessage: 'Gotcha',
  }),
  'update-profile': () => ({ fullName: 'Intruder', businessName: 'Hijacked', surveyUrlCopied: true }),
  'create-upload': () => ({ kind: 'logo', contentType: 'image/png', size: png.length }),
  'confirm-upload': ({ uploadKey }) => ({ kind: 'logo', key: uploadKey }),
  'search-places': () => ({ query: 'Corner Bakery' }),
  'start-export': () => ({ filter: { rating: 'low' } }),
  'create-payment': () => ({ kind: 'plan', plan: 'starter' }),
  'create-request-batch': () => ({
    rows: [{ name: 'Intruder', email: 'intruder-customer@example.com' }],
    permissionConfirmed: true,
  }),
  // The owner's e-mail (and the intruder's own password): the deletion must name the caller's own, so nothing is
  // deleted.
  'delete-account': ({ ownerEmail }) => ({ email: ownerEmail, password: TEST_PASSWORD }),
  // The intruder's own password: the proof is of the caller's account, never of another's.
  'disable-two-factor': () => ({ password: TEST_PASSWORD, code: '123456' }),
  // Taking the owner's address is refused (it is in use), and nothing is mailed to it.
  'start-email-change': ({ ownerEmail }) => ({ password: TEST_PASSWORD, newEmail: ownerEmail }),
  // The intruder's own password: the codes made are the intruder's own, the owner's are untouched.
  'create-recovery-codes': () => ({ password: TEST_PASSWORD }),
  // The intruder's own password: a session of the caller's account, never of another's.
  'start-two-factor': () => ({ password: TEST_PASSWORD }),
  'confirm-two-factor': () => ({ password: TEST_PASSWORD, code: '123456' }),
  'confirm-email-change': () => ({ password: TEST_PASSWORD, verificationCode: '123456' }),
  // The owner's own response: marking it, or noting on it, through another owner's survey id is refused.
  'set-inbox-state': ({ responseId }) => ({ ids: [responseId], state: 'handled' }),
  'set-inbox-note': () => ({ note: 'Intruder was here' }),
  'hide-from-website': () => ({ reason: 'offensive' }),
  // The webhook of the owner's survey: making or replacing its token, or its delay, through their survey id.
  'regenerate-request-hook': () => ({ permissionConfirmed: true }),
  'update-request-hook': () => ({ delayMinutes: 5 }),
  // The caller's own settings: nothing of the owner's changes.
  'update-request-settings': () => ({ textsWhenSpent: 'email' }),
};

const bodyOf = (route: RouteDefinition, state: OwnerState): unknown =>
  contractOf(route.id as RouteId).body ? validBodies[route.id as keyof typeof validBodies](state) : undefined;

/** Path parameters that name an owner's item: another owner gets 404 for it. */
const ownedParams = new Set(['surveyId', 'paymentId', 'batchId', 'responseId', 'exportId']);
const isOnOwnedItem = (route: RouteDefinition) => paramNames(route).some((name) => ownedParams.has(name));

/**
 * The stored objects that are the owner's: their survey's uploads and exports, and every file their reads link
 * to (a file the owner still links to but that is gone shows as missing). Other test files, running beside this
 * one, add and delete objects of their own, which say nothing about this owner.
 */
function ownerKeys(keys: string[], surveyId: string, reads: unknown): string[] {
  const linked = new Set([...JSON.stringify(reads).matchAll(/\/(files\/[\w-]+\.\w+)/g)].map((m) => m[1]!));
  return keys.filter(
    (key) => key.startsWith(`incoming/${surveyId}/`) || key.startsWith(`exports/${surveyId}/`) || linked.has(key),
  );
}

async function bucketKeys(): Promise<string[]> {
  const client = new S3Client({
    endpoint: stack.urls.s3,
    region: stack.webConfig.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  try {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: stack.resources.bucketName, ContinuationToken: token }),
      );
      keys.push(...(page.Contents ?? []).map((o) => o.Key!));
      token = page.NextContinuationToken;
    } while (token);
    return keys.sort();
  } finally {
    client.destroy();
  }
}

describe('another owner on every owner route', () => {
  let owner: ApiUser;
  let intruder: ApiUser;
  let state: OwnerState;
  /** The owned path parameters, filled with the owner's own ids. */
  let ownedIds: Record<string, string>;

  const pathOfRoute = (route: RouteDefinition) =>
    (pathOf as (id: RouteId, params: Record<string, string>) => string)(route.id as RouteId, ownedIds);

  /**
   * Everything the owner can read through the API (every GET owner route on nothing or on the owner's
   * items), the survey's public page, its responses and its stored objects.
   */
  async function ownerView(): Promise<unknown> {
    const reads: Record<string, unknown> = {};
    for (const route of ownerRoutes.filter(
      (r) => r.method === 'GET' && paramNames(r).every((n) => ownedParams.has(n)),
    )) {
      const { status, body } = await apiCall(api, 'GET', pathOfRoute(route), { user: owner });
      // A download link is signed afresh on every read: what it links to is what must not change.
      reads[route.id] =
        route.id === 'get-export'
          ? { status, body: { ...(body as object), downloadUrl: 0, downloadExpiresAt: 0 } }
          : { status, body };
    }
    reads.publicSurvey = (
      await apiCall(api, 'GET', pathOf('get-public-survey', { surveyCode: state.survey.surveyCode! }))
    ).body;
    reads.responses = await storedResponses(state.survey.id);
    reads.objects = ownerKeys(await bucketKeys(), state.survey.id, reads);
    return reads;
  }

  beforeAll(async () => {
    [owner, intruder] = await Promise.all([createSignedInUser(stack), createSignedInUser(stack)]);
    const created = surveySchema.parse(await ownerCall(api, owner, 'POST', pathOf('create-survey'), sampleBusiness()));
    const surveyId = created.id;
    const ticket = uploadTicketSchema.parse(
      await ownerCall(api, owner, 'POST', pathOf('create-upload', { surveyId }), {
        kind: 'logo',
        contentType: 'image/png',
        size: png.length,
      }),
    );
    const form = new FormData();
    for (const [k, v] of Object.entries(ticket.fields)) form.append(k, v);
    form.append('file', new Blob([png], { type: 'image/png' }), 'logo.png');
    const posted = await fetch(ticket.url, { method: 'POST', body: form });
    expect(posted.status, await posted.text()).toBeLessThan(300);
    await ownerCall(api, owner, 'POST', pathOf('confirm-upload', { surveyId }), {
      kind: 'logo',
      key: ticket.key,
    });
    await ownerCall(api, owner, 'PATCH', pathOf('update-profile'), { fullName: 'Olivia Owner' });
    const survey = surveySchema.parse(await ownerCall(api, owner, 'POST', pathOf('publish-survey', { surveyId })));
    const submitted = await apiCall(api, 'POST', pathOf('submit-response', { surveyCode: survey.surveyCode! }), {
      body: { rating: 4, comment: 'Nice', idempotencyKey: randomUUID(), elapsedMs: 9000 },
    });
    expect(submitted.status).toBe(201);
    // The owner's view is compared before and after each call: first the stats worker counts the response.
    await vi.waitFor(
      async () =>
        expect(await ownerCall(api, owner, 'GET', pathOf('get-survey-stats', { surveyId: survey.id }))).toMatchObject({
          reviewCount: 1,
        }),
      { timeout: 10_000, interval: 50 },
    );
    const payment = createPaymentResponseSchema.parse(
      await ownerCall(api, owner, 'POST', pathOf('create-payment'), { kind: 'plan', plan: 'growth' }),
    );
    const batch = requestBatchSchema.parse(
      await ownerCall(api, owner, 'POST', pathOf('create-request-batch', { surveyId: survey.id }), {
        rows: [{ name: 'Kees Klant', email: `kees-${randomUUID()}@klant.example` }],
        permissionConfirmed: true,
      }),
    );
    // Sent before the matrix runs, so the owner's view of it stays the same.
    await vi.waitFor(
      async () =>
        expect(
          await ownerCall(
            api,
            owner,
            'GET',
            pathOf('list-request-recipients', { surveyId: survey.id, batchId: batch.id }),
          ),
        ).toMatchObject({ recipients: [{ state: 'sent' }] }),
      { timeout: 20_000, interval: 100 },
    );
    await vi.waitFor(
      async () =>
        expect(
          await ownerCall(api, owner, 'GET', pathOf('list-request-batches', { surveyId: survey.id })),
        ).toMatchObject({ batches: [{ state: 'done' }] }),
      { timeout: 20_000, interval: 100 },
    );
    const { responseId } = submitted.body as { responseId: string };
    const { id: exportId } = exportStartedSchema.parse(
      await ownerCall(api, owner, 'POST', pathOf('start-export', { surveyId: survey.id }), {}),
    );
    await vi.waitFor(
      async () =>
        expect(
          await ownerCall(api, owner, 'GET', pathOf('get-export', { surveyId: survey.id, exportId })),
        ).toMatchObject({ state: 'done' }),
      { timeout: 20_000, interval: 100 },
    );
    state = {
      ownerEmail: owner.email,
      survey,
      uploadKey: ticket.key,
      paymentId: payment.paymentId,
      batchId: batch.id,
      responseId,
      exportId,
    };
    ownedIds = { surveyId: survey.id, paymentId: payment.paymentId, batchId: batch.id, responseId, exportId };
  });

  it('knows every path parameter of an owner route: each names an owner’s item', () => {
    for (const route of ownerRoutes)
      for (const name of paramNames(route)) expect(ownedParams.has(name), `${routeKey(route)}: {${name}}`).toBe(true);
  });

  for (const route of ownerRoutes) {
    it(`${routeKey(route)}: ${isOnOwnedItem(route) ? '404 on another owner’s item' : 'nothing of the owner'}; the owner’s data unchanged`, async () => {
      const before = await ownerView();
      // The view holds the owner's logo file, so a file taken from the owner would show.
      expect((before as { objects: string[] }).objects.some((key) => key.startsWith('files/'))).toBe(true);
      const body = bodyOf(route, state);
      const res = await apiCall(api, route.method, pathOfRoute(route), { user: intruder, body });
      // Whatever else a route answers (a search may be unconfigured locally), on an owner's item it is 404.
      if (isOnOwnedItem(route)) {
        expect(res.status).toBe(404);
        expect(errorBodySchema.parse(res.body).error.code).toBe('NOT_FOUND');
      }
      const answer = JSON.stringify(res.body ?? '');
      for (const secret of [
        owner.userId,
        owner.email,
        state.survey.id,
        state.uploadKey,
        state.paymentId,
        state.batchId,
        state.responseId,
        state.exportId,
      ])
        expect(answer).not.toContain(secret);
      expect(await ownerView()).toEqual(before);
    });
  }
});
