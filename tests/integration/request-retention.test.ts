import { randomUUID } from 'node:crypto';
import { DescribeTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { pathOf, requestBatchSchema, requestRetentionDays, type Survey } from '@reviewroute/shared';
import { createDocumentClient, tableEntities } from '@reviewroute/functions/data/client';
import { createDynamoPlatformSendCounts } from '@reviewroute/functions/data/platform-send-counts';
import { createDynamoReviewRequestStore } from '@reviewroute/functions/data/review-requests';
import { decodeRequestToken, tokenSecretHash } from '@reviewroute/functions/lib/request-token';
import { sampleBatch } from '@reviewroute/functions/testing/data/sample-batch';
import { createSampleSurvey, ownerCall, publishSurvey, rawItem, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';
import { waitForMail, type InboxMail } from '../support/inbox';

/**
 * Customer data that ends (decisions 26 and the privacy page): review requests on their own sender, link secrets
 * stored only as hashes, an unsubscribe token apart from the survey link, and the TTL of batches and their
 * customers, on the local stack and its DynamoDB Local.
 */

const stack = inject('localStack');
const api = stack.urls.api;
const daySeconds = 24 * 3600;
const retention = requestRetentionDays * daySeconds;

type StoredMail = InboxMail & { headers?: { name: string; value: string }[] };
const headerOf = (mail: StoredMail, name: string) => mail.headers?.find((h) => h.name === name)?.value;

describe('review requests: their own sender, hashed link secrets, an unsubscribe token of their own', () => {
  let owner: ApiUser;
  let survey: Survey;

  beforeAll(async () => {
    owner = await createSignedInUser(stack);
    survey = await publishSurvey(owner, (await createSampleSurvey(owner, 'Kapsalon Bewaar', { language: 'nl' })).id);
  });

  it('refuses to unsubscribe with the survey link’s token, unsubscribes with the mail’s own, and stores only hashes', async () => {
    const address = `klant-${randomUUID().slice(0, 8)}@klant.example`;
    const batch = requestBatchSchema.parse(
      await ownerCall(api, owner, 'POST', pathOf('create-request-batch', { surveyId: survey.id }), {
        rows: [{ name: 'Klant Bewaar', email: address }],
        permissionConfirmed: true,
      }),
    );
    const mail = (await waitForMail(stack.urls.inbox, address, { timeoutMs: 20_000 })) as StoredMail;
    // From the requests' own sending subdomain, never the account mails' sender.
    expect(mail.from).toContain('<requests@requests.reviewroute.local>');
    expect(mail.from).not.toContain('no-reply@reviewroute.local');

    const text = mail.body.text ?? '';
    const linkToken = /\?r=([\w-]{46})/.exec(text)![1]!;
    expect(text).toContain(`${survey.landingPageUrl}?r=${linkToken}`);
    const oneClick = headerOf(mail, 'List-Unsubscribe')!.slice(1, -1);
    const unsubscribeToken = oneClick.split('/').at(-1)!;
    expect(unsubscribeToken).not.toBe(linkToken);
    expect(text).toContain(`/unsubscribe/${unsubscribeToken}`);
    expect(text).not.toContain(`/unsubscribe/${linkToken}`);

    // The table holds the hashes of both secrets, never a secret, and the row's expiry 90 days after its send.
    const stored = await rawItem(`REQBATCH#${batch.id}`, 'RCPT#00000');
    const link = decodeRequestToken(linkToken)!;
    const unsubscribe = decodeRequestToken(unsubscribeToken)!;
    expect(stored).toMatchObject({
      linkHash: tokenSecretHash(link.secret),
      unsubscribeHash: tokenSecretHash(unsubscribe.secret),
      state: 'sent',
    });
    expect(stored).not.toHaveProperty('secret');
    expect(JSON.stringify(stored)).not.toContain(link.secret);
    expect(stored!.expiresAt).toBe(Math.floor(Date.parse(stored!.sentAt as string) / 1000) + retention);

    // Someone the survey link was forwarded to tries to unsubscribe the customer with its token: nothing changes.
    const store = createDynamoReviewRequestStore(tableEntities(stack.env));
    const unsubscribeWith = (token: string) =>
      fetch(`${api}${pathOf('unsubscribe', { token })}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    expect((await unsubscribeWith(linkToken)).status).toBe(200);
    expect(await store.listSuppressions(owner.userId)).toEqual([]);

    // The mail's own unsubscribe token works (the mail client's one-click POST).
    expect((await unsubscribeWith(unsubscribeToken)).status).toBe(200);
    expect((await store.listSuppressions(owner.userId)).map((s) => s.reason)).toEqual(['unsubscribed']);
  });
});

describe('review requests expire (TTL on DynamoDB Local, a controlled clock)', () => {
  it('gives a batch and its rows an expiry when recorded, then 90 days after each row is settled and the batch is done', async () => {
    let now = Date.parse('2026-12-01T10:00:00.000Z');
    const store = createDynamoReviewRequestStore(tableEntities(stack.env), () => now);
    const userId = `retention-${randomUUID()}`;
    const surveyId = randomUUID();
    const batch = sampleBatch(Date.now() % 1_000_000, {
      userId,
      surveyId,
      total: 2,
      sendAt: '2026-12-01T10:00:00.000Z',
    });
    const row = (id: string) => ({
      batchId: batch.id,
      id,
      userId,
      surveyId,
      name: `Klant ${id}`,
      email: `${id}-${batch.id}@klant.example`,
      language: 'nl' as const,
      linkHash: 'link-hash',
      unsubscribeHash: 'unsubscribe-hash',
    });
    await store.createBatch(batch, [row('00000'), row('00001')]);
    const sendAt = Date.parse(batch.sendAt) / 1000;
    const batchKey = [`USER#${userId}`, `REQBATCH#${surveyId}#${batch.id}`] as const;
    const rowKey = (id: string) => [`REQBATCH#${batch.id}`, `RCPT#${id}`] as const;

    // Recorded and not sent yet: twice the retention after the send time, in case it never is.
    expect((await rawItem(...batchKey))!.expiresAt).toBe(sendAt + 2 * retention);
    expect((await rawItem(...rowKey('00000')))!.expiresAt).toBe(sendAt + 2 * retention);

    // One row is sent two days on, the other skipped three days on (the store's clock): 90 days after each.
    const sentAt = '2026-12-03T08:00:00.000Z';
    expect(
      await store.claim({
        recipient: row('00000'),
        channel: 'email',
        contact: row('00000').email,
        now: sentAt,
        askedBefore: '2026-11-03T08:00:00.000Z',
        contactExpiresAt: Date.parse(sentAt) / 1000 + 30 * daySeconds,
        day: '2026-12-03',
        dailyCap: 10,
      }),
    ).toBe('claimed');
    await store.markSent(batch.id, '00000', sentAt);
    now = Date.parse('2026-12-04T09:30:00.000Z');
    expect(await store.skip(batch.id, '00001', 'unsubscribed')).toBe(true);
    expect((await rawItem(...rowKey('00000')))!.expiresAt).toBe(Date.parse(sentAt) / 1000 + retention);
    expect((await rawItem(...rowKey('00001')))!.expiresAt).toBe(now / 1000 + retention);

    // The batch is done a day later: 90 days after that.
    const doneAt = '2026-12-05T12:00:00.000Z';
    await store.setBatchState({ userId, surveyId, batchId: batch.id }, 'done', null, doneAt);
    expect((await rawItem(...batchKey))!.expiresAt).toBe(Date.parse(doneAt) / 1000 + retention);
    // The table itself expires items by that attribute (the local provisioning sets it as CDK does).
    const ttl = await createDocumentClient(stack.env).send(
      new DescribeTimeToLiveCommand({ TableName: stack.env.TABLE_NAME }),
    );
    expect(ttl.TimeToLiveDescription).toMatchObject({ AttributeName: 'expiresAt', TimeToLiveStatus: 'ENABLED' });
  });
});

describe('the platform daily count (DynamoDB Local)', () => {
  it('takes up to the cap atomically, refuses past it, and gives a take back', async () => {
    const counts = createDynamoPlatformSendCounts(tableEntities(stack.env));
    // A day of its own, so no other test's sends count in it.
    const day = `${2100 + Math.floor(Math.random() * 800)}-06-15`;
    const takes = await Promise.all(Array.from({ length: 5 }, () => counts.take('mail', day, 3)));
    expect(takes.filter((t) => t.taken)).toHaveLength(3);
    expect(takes.flatMap((t) => (t.taken ? [t.count] : [])).sort()).toEqual([1, 2, 3]);
    expect(await counts.take('mail', day, 3)).toEqual({ taken: false });
    await counts.giveBack('mail', day);
    expect(await counts.take('mail', day, 3)).toEqual({ taken: true, count: 3 });
    const item = await rawItem('PLATFORM#SENDS', `COUNT#mail#${day}`);
    expect(item).toMatchObject({ count: 3, expiresAt: Date.parse(`${day}T00:00:00Z`) / 1000 + 2 * daySeconds });
  });
});
