import { createHash, randomUUID } from 'node:crypto';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { describe, expect, inject, it } from 'vitest';
import {
  accountExportPageSchema,
  pathOf,
  uploadTicketSchema,
  type AccountExportPage,
  type Survey,
} from '@reviewroute/shared';
import { samplePayment, sampleResponse } from '@reviewroute/shared/testing';
import { s3ClientOf } from '@reviewroute/functions/data/asset-store';
import { createDynamoBillingRepository } from '@reviewroute/functions/data/billing-repository';
import { tableEntities } from '@reviewroute/functions/data/client';
import { createDynamoResponseStore, responseIdOf } from '@reviewroute/functions/data/response-store';
import { newId } from '@reviewroute/functions/lib/ids';
import {
  callApi,
  createSampleSurvey,
  publishSurvey,
  sampleBusiness,
  stackEntities,
  type ApiUser,
} from '../support/api';
import { cognitoClient, createSignedInUser, signInRefusal } from '../support/cognito';
import { deleteAccount, mentioning, scanTable, waitForErasure } from '../support/erasure';

const stack = inject('localStack');
const responseCount = 5000;

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The browser's upload: a ticket, the presigned POST, and (when `confirm`) the confirm step. */
async function upload(owner: ApiUser, surveyId: string, confirm: boolean) {
  const ticketAnswer = await callApi('POST', pathOf('create-upload', { surveyId }), {
    user: owner,
    body: { kind: 'logo', contentType: 'image/png', size: png.length },
  });
  expect(ticketAnswer.status).toBe(201);
  const ticket = uploadTicketSchema.parse(ticketAnswer.body);
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
  expect((await fetch(ticket.url, { method: 'POST', body: form })).ok).toBe(true);
  if (confirm) {
    const confirmed = await callApi('POST', pathOf('confirm-upload', { surveyId }), {
      user: owner,
      body: { kind: 'logo', key: ticket.key },
    });
    expect(confirmed.status).toBe(200);
  }
}

/** 5,000 responses in batch writes (seconds), plus real submits, as the public page writes them. */
async function seedResponses(survey: Survey, owner: ApiUser) {
  const { response } = stackEntities();
  const start = Date.now() - responseCount * 1000;
  const records = Array.from({ length: responseCount }, (_, i) => {
    const at = start + i * 1000;
    return {
      surveyId: survey.id,
      responseId: newId(at),
      rating: (i % 5) + 1,
      ...(i % 3 === 0 ? { comment: `Comment ${i}` } : {}),
      googleReviewClicked: false,
      createdAt: new Date(at).toISOString(),
      clickTokenHash: `hash-${i}`,
    };
  });
  for (let i = 0; i < records.length; i += 1000) {
    const chunk = records.slice(i, i + 1000);
    await response.put(chunk).go({ concurrency: 4 });
  }
  // Real submits: each response its own idempotency record (the stats worker counts them all meanwhile).
  const responses = createDynamoResponseStore(() => stackEntities());
  for (let i = 0; i < 5; i++) {
    const id = responseIdOf(survey.id, randomUUID());
    const outcome = await responses.submit({
      response: sampleResponse({ id, surveyId: survey.id, createdAt: new Date().toISOString() }),
      clickTokenHash: `hash-${id}`,
    });
    expect(outcome).toBe('stored');
  }
  void owner;
}

async function listObjects(): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3ClientOf(stack.env)().send(
      new ListObjectsV2Command({ Bucket: stack.resources.bucketName, ContinuationToken: token }),
    );
    keys.push(...(page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

describe('account deletion', () => {
  it(
    'erases every item, object and the Cognito user of an account with 5,000 responses; sign-in is refused at once',
    { timeout: 300_000 },
    async () => {
      const owner = await createSignedInUser(stack);
      const bystander = await createSignedInUser(stack);
      const theirs = await publishSurvey(bystander, (await createSampleSurvey(bystander, 'Other Bakery')).id);

      const big = await createSampleSurvey(owner, 'Busy Bakery');
      await upload(owner, big.id, true);
      const published = await publishSurvey(owner, big.id);
      expect(published.businessLogoUrl).toMatch(/\/files\//);
      const draft = await createSampleSurvey(owner, 'Draft Bakery');
      await upload(owner, draft.id, false);
      await callApi('PATCH', pathOf('update-profile'), {
        user: owner,
        body: { fullName: 'Bea Baker', phone: '0612345678' },
      });
      await createDynamoBillingRepository(tableEntities(stack.env)).upsertFromProvider(
        {
          userId: owner.userId,
          ...samplePayment({
            id: `tr_${randomUUID().slice(0, 10)}`,
            cardLabel: null,
            createdAt: new Date().toISOString(),
            paidAt: new Date().toISOString(),
          }),
        },
        new Date().toISOString(),
      );
      await seedResponses(published, owner);

      // The export pages through all of it, each page bounded.
      const pages: AccountExportPage[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
        const answer = await callApi('GET', `${pathOf('export-account')}${query}`, { user: owner });
        expect(answer.status).toBe(200);
        const page = accountExportPageSchema.parse(answer.body);
        pages.push(page);
        cursor = page.nextCursor;
      } while (cursor);
      expect(pages[0]!.surveys).toHaveLength(2);
      expect(pages[0]!.payments).toHaveLength(1);
      expect(pages[0]!.profile).toMatchObject({ fullName: 'Bea Baker' });
      expect(pages.flatMap((p) => p.responses)).toHaveLength(responseCount + 5);

      const ownerIds = [owner.userId, big.id, draft.id, published.surveyCode!];
      const mentions = mentioning(...ownerIds);
      expect((await scanTable()).filter(mentions).length).toBeGreaterThan(responseCount);
      const logoKey = new URL(published.businessLogoUrl!).pathname.slice(1);
      const objectsOfOwner = (keys: string[]) =>
        keys.filter(
          (k) => k === logoKey || k.startsWith(`incoming/${big.id}/`) || k.startsWith(`incoming/${draft.id}/`),
        );
      expect(objectsOfOwner(await listObjects()).length).toBeGreaterThan(0);

      // A typed address that is not the account's changes nothing.
      const refused = await deleteAccount(owner, 'x@example.com');
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
      // So does a wrong password: the token alone never deletes an account.
      const wrongPassword = await deleteAccount(owner, owner.email, 'Wr0ng-password!');
      expect(wrongPassword.status).toBe(403);
      expect(wrongPassword.body).toMatchObject({ error: { code: 'INCORRECT_PASSWORD' } });
      expect(await signInRefusal(stack, owner)).toBeUndefined();
      const deleted = await deleteAccount(owner, owner.email.toUpperCase());
      expect(deleted.status).toBe(202);

      // From the confirmation on, neither the password nor the refresh token signs in.
      const cognito = cognitoClient(stack);
      try {
        expect(await signInRefusal(stack, owner)).toBe('NotAuthorizedException');
        expect(await signInRefusal(stack, { refreshToken: owner.tokens.refreshToken })).toBe('NotAuthorizedException');

        // The still-unexpired ID token reaches owner routes: refused or empty, never a 5xx.
        for (const [method, path] of [
          ['GET', pathOf('get-profile')],
          ['GET', pathOf('get-account')],
          ['GET', pathOf('export-account')],
          ['GET', pathOf('list-surveys')],
        ] as const) {
          const answer = await callApi(method, path, { user: owner });
          expect(answer.status, `${method} ${path}`).toBeLessThan(500);
        }
        // Confirming again (a double click, a retry) is accepted and changes nothing.
        expect((await deleteAccount(owner, owner.email)).status).toBe(202);

        const { erasureJob } = stackEntities();
        await waitForErasure(
          async () => !(await erasureJob.get({ userId: owner.userId }).go({ consistent: true })).data,
          240_000,
        );

        // The old ID token is still valid at the authorizer: routes that create data refuse it, so nothing
        // of the owner lands in the table after the erasure (reads find nothing anyway).
        for (const [method, path, body] of [
          ['POST', pathOf('create-survey'), sampleBusiness('Late Bakery')],
          ['PATCH', pathOf('update-profile'), { fullName: 'Late Baker' }],
          ['POST', pathOf('create-payment'), { kind: 'plan', plan: 'growth' }],
        ] as const) {
          const late = await callApi(method, path, { user: owner, body });
          expect(late.status, `${method} ${path}`).toBe(401);
          expect(late.body).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
        }

        const items = await scanTable();
        expect(items.filter(mentions)).toEqual([]);
        // What is left is the tombstone, which holds a hash of the user id and its expiry only.
        const hash = createHash('sha256').update(owner.userId).digest('hex');
        expect(items.filter((item) => item.pk === `ERASED#${hash}`)).toEqual([
          expect.objectContaining({ sk: 'TOMBSTONE', userHash: hash, expiresAt: expect.any(Number) }),
        ]);
        expect(objectsOfOwner(await listObjects())).toEqual([]);
        await expect(
          cognito.send(new AdminGetUserCommand({ UserPoolId: stack.webConfig.userPoolId, Username: owner.userId })),
        ).rejects.toMatchObject({ name: 'UserNotFoundException' });
      } finally {
        cognito.destroy();
      }

      // Nobody else lost anything.
      const other = await callApi('GET', pathOf('get-survey', { surveyId: theirs.id }), { user: bystander });
      expect(other.status).toBe(200);
    },
  );
});
