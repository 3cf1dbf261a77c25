import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import {
  applySendingEvent,
  pathOf,
  requestBatchSchema,
  requestRecipientPageSchema,
  requestSendingSchema,
  type SendingHealthState,
} from '@reviewroute/shared';
import { tableEntities } from '@reviewroute/functions/data/client';
import { addressHashOf } from '@reviewroute/functions/data/request-suppressions';
import { createDynamoReviewRequestStore } from '@reviewroute/functions/data/review-requests';
import { describeSendingHealthContract } from '@reviewroute/functions/testing/data/sending-health-contract';
import { apiCall, createSampleSurvey, ownerCall, publishSurvey, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';
import { deleteAccount, mentioning, scanTable, waitForErasure } from '../support/erasure';
import { listMails, waitForMail } from '../support/inbox';

/**
 * The reputation guard on the local stack (decisions 26): the local SES reports SES's mailbox simulator addresses
 * as SES would (infra/local/ses-events.ts), the mail-events worker records each bounce and complaint in the
 * owner's sending health and on the platform's list, the requests worker holds a paused owner's batches, and the
 * pause-notices worker tells the owner.
 */

const stack = inject('localStack');
const api = stack.urls.api;
const inbox = stack.urls.inbox;
const store = () => createDynamoReviewRequestStore(tableEntities(stack.env));

async function publishedOwner(name: string): Promise<{ owner: ApiUser; surveyId: string }> {
  const owner = await createSignedInUser(stack);
  const survey = await publishSurvey(owner, (await createSampleSurvey(owner, name, { language: 'en' })).id);
  return { owner, surveyId: survey.id };
}

const sendBatch = async (owner: ApiUser, surveyId: string, emails: string[]) =>
  requestBatchSchema.parse(
    await ownerCall(api, owner, 'POST', pathOf('create-request-batch', { surveyId }), {
      rows: emails.map((email, i) => ({ name: `Klant ${i}`, email })),
      permissionConfirmed: true,
      reminderDays: 0,
    }),
  );

const outcomesOf = async (owner: ApiUser, surveyId: string, batchId: string) =>
  requestRecipientPageSchema
    .parse(await ownerCall(api, owner, 'GET', pathOf('list-request-recipients', { surveyId, batchId })))
    .recipients.map((r) => [r.state, r.reason]);

const sendingOf = async (owner: ApiUser) =>
  requestSendingSchema.parse(await ownerCall(api, owner, 'GET', pathOf('get-request-sending')));

describeSendingHealthContract('DynamoDB Local', store);

const mailsTo = async (address: string) => (await listMails(inbox)).filter((m) => m.destination.to.includes(address));

describe('the reputation guard', () => {
  it('pauses an owner whose last 60 request mails drew 4 hard bounces, tells them why, and sends nothing more until they resume', async () => {
    const { owner, surveyId } = await publishedOwner('Bakkerij Reputatie');
    // The owner's 50 requests of the days before, all delivered (a trial sends 50 a day): the window the rule reads.
    const earlier = new Date(Date.now() - 24 * 3600_000).toISOString();
    await store().updateSendingHealth(owner.userId, 'mail', (state) =>
      Array.from({ length: 50 }).reduce<SendingHealthState>(
        (s) => applySendingEvent('mail', s, { kind: 'sent' }, earlier),
        state,
      ),
    );
    expect((await sendingOf(owner)).paused).toBe(false);

    // Today's 10: four of them to addresses that bounce.
    const id = randomUUID().slice(0, 8);
    const bouncing = Array.from({ length: 4 }, (_, i) => `bounce+${id}-${i}@simulator.amazonses.com`);
    const fine = Array.from({ length: 6 }, (_, i) => `fine-${id}-${i}@klant.example`);
    await sendBatch(owner, surveyId, [...bouncing, ...fine]);

    // Told why: the notice in the owner's inbox, with the figures and the way back.
    const notice = await waitForMail(inbox, owner.email, {
      subject: 'Your review requests are paused',
      timeoutMs: 30_000,
    });
    expect(notice.body.text).toContain('Hard bounces');
    expect(notice.body.text).toContain('/review-requests');
    const paused = await sendingOf(owner);
    expect(paused).toMatchObject({ paused: true, canResume: true, pauses: 1, pause: { cause: 'failed' } });
    // 3 of 60 is 5 % already: it paused at the third bounce (or the fourth, had a clean send come between).
    expect(paused.pause!.failed).toBeGreaterThanOrEqual(3);
    expect(paused.pause!.failed / paused.pause!.sends).toBeGreaterThanOrEqual(0.05);
    expect(notice.body.text).toContain(String(paused.pause!.sends));

    // A batch made now may be created, but waits: the worker's next turn of the owner parks them, sending nothing.
    const sentBefore = (await Promise.all(fine.map(mailsTo))).flat().length;
    const later = [`later-${id}-0@klant.example`, `later-${id}-1@klant.example`];
    const waiting = await sendBatch(owner, surveyId, later);
    await expect
      .poll(async () => (await store().queuedOwner(owner.userId))?.parkedUntil ?? null, { timeout: 20_000 })
      .not.toBeNull();
    expect(await outcomesOf(owner, surveyId, waiting.id)).toEqual([
      ['queued', null],
      ['queued', null],
    ]);
    expect((await Promise.all(later.map(mailsTo))).flat()).toEqual([]);
    expect((await Promise.all(fine.map(mailsTo))).flat()).toHaveLength(sentBefore);

    // Resumed (the first pause may be): the waiting batch goes out.
    const resumed = requestSendingSchema.parse(
      await ownerCall(api, owner, 'POST', pathOf('resume-request-sending'), undefined),
    );
    expect(resumed).toMatchObject({ paused: false, canResume: false, pauses: 1 });
    await Promise.all(later.map((address) => waitForMail(inbox, address, { timeoutMs: 30_000 })));
    await expect
      .poll(() => outcomesOf(owner, surveyId, waiting.id), { timeout: 20_000 })
      .toEqual([
        ['sent', null],
        ['sent', null],
      ]);
    // The bounced addresses are skipped from now on, by this owner and every other.
    const hashes = bouncing.map(addressHashOf);
    expect([...(await store().suppressionsOf(`someone-${id}`, hashes)).values()]).toEqual(
      bouncing.map(() => 'bounced'),
    );
  });

  it('skips an address that complained about one owner for every owner, also after that owner’s account is erased', async () => {
    const id = randomUUID().slice(0, 8);
    const complaining = `complaint+${id}@simulator.amazonses.com`;
    const first = await publishedOwner('Eerste Winkel');
    await sendBatch(first.owner, first.surveyId, [complaining]);
    await expect
      .poll(
        async () =>
          (await store().suppressionsOf(`someone-${id}`, [addressHashOf(complaining)])).get(addressHashOf(complaining)),
        {
          timeout: 30_000,
        },
      )
      .toBe('complaint');

    // The first owner deletes their account: nothing of theirs stays, the platform's entry does.
    const deleted = await deleteAccount(first.owner);
    expect(deleted.status).toBe(202);
    await waitForErasure(async () => !(await scanTable()).some(mentioning(first.owner.userId)), 60_000);

    const second = await publishedOwner('Tweede Winkel');
    const fine = `fine-${id}@klant.example`;
    const batch = await sendBatch(second.owner, second.surveyId, [complaining, fine]);
    await expect
      .poll(() => outcomesOf(second.owner, second.surveyId, batch.id), { timeout: 20_000 })
      .toEqual([
        ['skipped', 'complaint'],
        ['sent', null],
      ]);
    expect(await mailsTo(complaining)).toHaveLength(1);
  });

  it('answers 409 to a resume after a second pause, and nothing to an owner who is not paused', async () => {
    const { owner } = await publishedOwner('Derde Winkel');
    const resume = () => apiCall(api, 'POST', pathOf('resume-request-sending'), { user: owner });
    expect((await resume()).status).toBe(200);
    const now = new Date().toISOString();
    const pause = (state: SendingHealthState) =>
      applySendingEvent(
        'mail',
        Array.from({ length: 50 }).reduce<SendingHealthState>(
          (s) => applySendingEvent('mail', s, { kind: 'sent' }, now),
          state,
        ),
        { kind: 'outcome', outcome: 'complained' },
        now,
      );
    await store().updateSendingHealth(owner.userId, 'mail', pause);
    expect((await resume()).status).toBe(200);
    await store().updateSendingHealth(owner.userId, 'mail', pause);
    const refused = await resume();
    expect(refused.status).toBe(409);
    expect(await sendingOf(owner)).toMatchObject({ paused: true, canResume: false, pauses: 2 });
  });
});
