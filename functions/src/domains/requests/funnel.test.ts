import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import {
  emptyFunnelCounts,
  routeContracts,
  type CreateRequestBatchInput,
  type FunnelCounts,
  type FunnelMark,
} from '@reviewroute/shared';
import { reachedStages, type RecipientRecord } from '../../data/request-recipients';
import { parseInput } from '../../lib/validation';
import type { OutgoingMail } from '../../mail/mailer';
import { consumeFunnel } from './funnel-worker';
import { createLinkMarker } from '../../data/link-marks';
import { encodeRequestToken } from '../../lib/request-token';
import {
  memoryRequests,
  publishedSurvey,
  requestOwnerId as owner,
  requestSurveyId as surveyId,
} from '../../../testing/domains/requests';

const batchBody = (input: CreateRequestBatchInput) => parseInput(routeContracts['create-request-batch'].body, input);

const rows = [
  { name: 'Piet Klant', email: 'piet@klant.example', language: 'nl' as const },
  { name: 'Jane Customer', email: 'jane@customer.example', language: 'en' as const },
  { name: 'Kees', email: 'kees@klant.example' },
];
const day = 24 * 3600_000;

async function world() {
  const w = memoryRequests();
  await w.surveys.create(publishedSurvey());
  const run = () => w.sender.runDue(w.clock.now + 60_000);
  const mark = createLinkMarker(w.requests, () => new Date(w.clock.now));
  return { ...w, run, mark };
}

/** The personal token in a request mail's link. */
const linkTokenOf = (mail: OutgoingMail) => /[?&]r=([A-Za-z0-9_-]{46})/.exec(mail.text)![1]!;

/** A stream record of the recipient as it is stored now (the table's NEW_AND_OLD_IMAGES). */
function recordOf(r: RecipientRecord, sequence: string): DynamoDBRecord {
  const s = (v: string | null) => (v ? { S: v } : undefined);
  const image = Object.fromEntries(
    Object.entries({
      __edb_e__: { S: 'requestRecipient' },
      batchId: { S: r.batchId },
      recipientId: { S: r.id },
      surveyId: { S: r.surveyId },
      state: { S: r.state },
      channel: s(r.channel),
      deliveredAt: s(r.deliveredAt),
      openedAt: s(r.openedAt),
      ratedAt: s(r.ratedAt),
      clickedAt: s(r.clickedAt),
      suppressedAs: s(r.suppressedAs),
      ...Object.fromEntries(r.counted.map((stage) => [countedName(stage), { BOOL: true }])),
    }).filter(([, v]) => v !== undefined),
  );
  return { eventName: 'MODIFY', dynamodb: { NewImage: image, SequenceNumber: sequence } } as DynamoDBRecord;
}

const eventOf = (records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records: records });

/** A channel's funnel: these counts, the rest 0. */
const counts = (some: Partial<FunnelCounts>): FunnelCounts => ({ ...emptyFunnelCounts(), ...some });

/** The recipient's attribute that marks a step or outcome counted (a suppression's, whatever its reason). */
const countedName = (mark: FunnelMark) =>
  mark === 'unsubscribed' || mark === 'bounced' || mark === 'complained' ? 'suppressedCounted' : `${mark}Counted`;

describe('the personal link’s marks', () => {
  it('marks opened, rated and clicked from the link’s token; a later step implies the earlier ones', async () => {
    const { service, run, mark, mailer, requests, clock } = await world();
    const batch = await service.create(owner, surveyId, batchBody({ rows, permissionConfirmed: true }));
    await run();
    const t0 = clock.now;
    await mark(linkTokenOf(mailer.sent[0]!), surveyId, 'opened');
    clock.now += 1000;
    await mark(linkTokenOf(mailer.sent[0]!), surveyId, 'rated');
    // The second customer's open was lost: the click still counts as opened and rated.
    await mark(linkTokenOf(mailer.sent[1]!), surveyId, 'clicked');
    const [piet, jane, kees] = (await requests.pageRecipients(batch.id, undefined, 10)).items;
    expect(piet).toMatchObject({
      openedAt: new Date(t0).toISOString(),
      ratedAt: new Date(t0 + 1000).toISOString(),
    });
    expect(piet!.clickedAt).toBeNull();
    expect(jane).toMatchObject({
      openedAt: expect.any(String),
      ratedAt: expect.any(String),
      clickedAt: expect.any(String),
    });
    expect(kees).toMatchObject({ openedAt: null, ratedAt: null, clickedAt: null });
  });

  it('ignores a forged, malformed or unknown token, and one of another survey', async () => {
    const { service, run, mark, mailer, requests } = await world();
    const batch = await service.create(owner, surveyId, batchBody({ rows, permissionConfirmed: true }));
    await run();
    const token = linkTokenOf(mailer.sent[0]!);
    await mark(token, 'another-survey', 'rated');
    await mark(encodeRequestToken(batch.id, '00000', Buffer.alloc(16, 9).toString('base64url')), surveyId, 'rated');
    await mark(encodeRequestToken(batch.id, '00042', Buffer.alloc(16, 1).toString('base64url')), surveyId, 'rated');
    await mark('not-a-token', surveyId, 'rated');
    await mark(undefined, surveyId, 'rated');
    const items = (await requests.pageRecipients(batch.id, undefined, 10)).items;
    expect(items.every((r) => r.openedAt === null && r.ratedAt === null)).toBe(true);
  });
});

describe('the funnel worker', () => {
  it('counts each recipient’s steps once, however often and in whatever order the stream delivers them', async () => {
    const { service, run, mark, mailer, requests } = await world();
    const batch = await service.create(owner, surveyId, batchBody({ rows, permissionConfirmed: true }));
    await run();
    const sentImages = (await requests.pageRecipients(batch.id, undefined, 10)).items.map((r, i) =>
      recordOf(r, `1${i}`),
    );
    await mark(linkTokenOf(mailer.sent[0]!), surveyId, 'clicked');
    const clicked = recordOf((await requests.getRecipient(batch.id, '00000'))!, '20');
    // Delivered, then the whole batch again (a crash), then the older images after the newer one.
    await consumeFunnel(requests, eventOf([...sentImages, clicked]));
    await consumeFunnel(requests, eventOf([...sentImages, clicked]));
    await consumeFunnel(requests, eventOf([clicked, ...sentImages]));
    // No delivery report came: the opened link says the mail was delivered.
    const email = counts({ sent: 3, delivered: 1, opened: 1, rated: 1, clicked: 1 });
    expect(await requests.getFunnel(surveyId)).toEqual({ email, sms: emptyFunnelCounts() });
    expect(await service.getFunnel(owner, surveyId)).toEqual({ email, sms: emptyFunnelCounts() });
  });

  it('counts each step under the channel the request went by (none recorded: e-mail), delivered from its report', async () => {
    const { service, run, mark, mailer, requests } = await world();
    const batch = await service.create(owner, surveyId, batchBody({ rows, permissionConfirmed: true }));
    await run();
    // The worker's claim records the channel: Jane's went by text, Piet's by e-mail, Kees's before channels existed.
    const [piet, jane] = requests.recipients.get(batch.id)!;
    piet!.channel = 'email';
    jane!.channel = 'sms';
    const images = () => requests.recipients.get(batch.id)!.map((r, i) => recordOf(r, `${Date.now()}${i}`));
    await consumeFunnel(requests, eventOf(images()));
    // Delivery reports for Piet's mail and Jane's text; Jane opens and rates from her text.
    piet!.deliveredAt = jane!.deliveredAt = new Date().toISOString();
    await mark(linkTokenOf(mailer.sent[1]!), surveyId, 'rated');
    await consumeFunnel(requests, eventOf(images()));
    await consumeFunnel(requests, eventOf(images()));
    expect(await service.getFunnel(owner, surveyId)).toEqual({
      email: counts({ sent: 2, delivered: 1, opened: 0, rated: 0, clicked: 0 }),
      sms: counts({ sent: 1, delivered: 1, opened: 1, rated: 1, clicked: 0 }),
    });
  });

  it('counts beside the steps, once each, a failed request and a sent one whose customer unsubscribed or bounced', async () => {
    const { service, run, requests } = await world();
    const batch = await service.create(owner, surveyId, batchBody({ rows, permissionConfirmed: true }));
    await run();
    const [piet, jane, kees] = requests.recipients.get(batch.id)!;
    const images = () => requests.recipients.get(batch.id)!.map((r, i) => recordOf(r, `${Date.now()}${i}`));
    await consumeFunnel(requests, eventOf(images()));
    // Piet unsubscribes, Jane's address bounces (her first reason stays), Kees's text was not delivered.
    await requests.markSuppressed(batch.id, piet!.id, 'unsubscribed');
    await requests.markSuppressed(batch.id, jane!.id, 'bounced');
    await requests.markSuppressed(batch.id, jane!.id, 'complaint');
    kees!.channel = 'sms';
    kees!.state = 'failed';
    kees!.reason = 'undelivered';
    await consumeFunnel(requests, eventOf(images()));
    await consumeFunnel(requests, eventOf(images()));
    const { email, sms } = await service.getFunnel(owner, surveyId);
    expect(email).toMatchObject({ sent: 3, unsubscribed: 1, bounced: 1, complained: 0, failed: 0 });
    expect(sms).toMatchObject({ sent: 0, failed: 1 });
  });

  it('a stored funnel of before channels reads as e-mail’s; a failed request is counted failed, not delivered', async () => {
    const { requests } = await world();
    requests.funnels.set(surveyId, { sent: 4, opened: 2, rated: 1, clicked: 1 });
    expect(await requests.getFunnel(surveyId)).toEqual({
      email: counts({ sent: 4, delivered: 0, opened: 2, rated: 1, clicked: 1 }),
      sms: emptyFunnelCounts(),
    });
    expect(
      reachedStages({ state: 'failed', deliveredAt: null, openedAt: null, ratedAt: null, clickedAt: null }),
    ).toEqual(['failed']);
    expect(
      reachedStages({
        state: 'sent',
        deliveredAt: '2026-01-01T10:00:00Z',
        openedAt: null,
        ratedAt: null,
        clickedAt: null,
      }),
    ).toEqual(['sent', 'delivered']);
  });

  it('counts nothing for a deleted recipient, so a deleted survey’s funnel is not recreated', async () => {
    const { service, run, requests } = await world();
    const batch = await service.create(owner, surveyId, batchBody({ rows, permissionConfirmed: true }));
    await run();
    const images = (await requests.pageRecipients(batch.id, undefined, 10)).items.map((r, i) => recordOf(r, `${i}`));
    await requests.deleteBySurvey(owner, surveyId);
    expect(await consumeFunnel(requests, eventOf(images))).toEqual({ batchItemFailures: [] });
    expect(requests.funnels.has(surveyId)).toBe(false);
  });

  it('another owner’s survey has no funnel to read (404)', async () => {
    const { service } = await world();
    await expect(service.getFunnel('intruder', surveyId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the one reminder', () => {
  it('reaches, once and only after the batch’s days, the customer who neither rated nor unsubscribed', async () => {
    const { service, run, mark, mailer, clock } = await world();
    const batch = await service.create(owner, surveyId, batchBody({ rows, permissionConfirmed: true }));
    expect(batch.reminderDays).toBe(3);
    await run();
    expect(mailer.sent).toHaveLength(3);
    await mark(linkTokenOf(mailer.sent[0]!), surveyId, 'rated');
    const janeUnsubscribe = /\/unsubscribe\/([A-Za-z0-9_-]{46})>/.exec(
      mailer.sent[1]!.headers!['List-Unsubscribe']!,
    )![1]!;
    await service.unsubscribe(janeUnsubscribe);
    mailer.sent.length = 0;

    clock.now += 3 * day - 3600_000;
    await run();
    expect(mailer.sent).toHaveLength(0);

    clock.now += 3600_000 + 1000;
    await run();
    await run();
    expect(mailer.sent.map((m) => m.to)).toEqual(['kees@klant.example']);
    expect(mailer.sent[0]!.subject).toContain('Bakkerij de Vries');
    expect(mailer.sent[0]!.text).toContain(`r=${linkTokenOf(mailer.sent[0]!)}`);
    const kees = (await service.listRecipients(owner, surveyId, batch.id, undefined)).recipients[2]!;
    expect(kees.remindedAt).toEqual(expect.any(String));

    // Never a second one, whatever the time.
    clock.now += 30 * day;
    await run();
    expect(mailer.sent).toHaveLength(1);
  });

  it('sends none with 0 days, and the reminder of a failed (busy) send is tried again, never twice', async () => {
    const none = await world();
    await none.service.create(owner, surveyId, batchBody({ rows, permissionConfirmed: true, reminderDays: 0 }));
    await none.run();
    none.clock.now += 10 * day;
    await none.run();
    expect(none.mailer.sent).toHaveLength(3);
    expect(none.requests.queue.size).toBe(0);

    let busy = 1;
    const w = memoryRequests({
      sender: {
        mailer: async (mail) => {
          if (mail.subject.includes('herinnering') && busy-- > 0)
            throw Object.assign(new Error('Throttled'), { name: 'TooManyRequestsException' });
          sent.push(mail);
        },
      },
    });
    const sent: OutgoingMail[] = [];
    await w.surveys.create(publishedSurvey());
    await w.service.create(
      owner,
      surveyId,
      batchBody({ rows: [rows[2]!], permissionConfirmed: true, reminderDays: 1 }),
    );
    await w.sender.runDue(w.clock.now + 60_000);
    w.clock.now += day + 1000;
    await w.sender.runDue(w.clock.now + 60_000);
    expect(sent).toHaveLength(1);
    w.clock.now += 61_000;
    await w.sender.runDue(w.clock.now + 60_000);
    await w.sender.runDue(w.clock.now + 60_000);
    expect(sent.map((m) => m.subject)).toEqual([expect.any(String), expect.stringContaining('herinnering')]);
    expect(w.requests.queue.size).toBe(0);
  });
});
