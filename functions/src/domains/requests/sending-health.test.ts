import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { createMemoryMailer } from '../../../testing/mail/memory-mailer';
import {
  memoryRequests,
  publishedSurvey,
  requestBatchBody as batchBody,
  requestOwnerId as owner,
  requestSurveyId as surveyId,
} from '../../../testing/domains/requests';
import { composePauseNotice, createSendingHealth, pauseNoticeSender, type SendingHealth } from './sending-health';
import { sendPauseNotices } from './pause-notices-worker';

const customers = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({ name: `Klant ${from + i}`, email: `klant${from + i}@example.com` }));

/** The requests world with the reputation guard wired as the worker wires it, its notices in a memory mailer. */
async function guarded() {
  const notices: { userId: string; cause: string | undefined }[] = [];
  // The sender and the guard share the store: the guard is made once the store is.
  const guard: { health?: SendingHealth } = {};
  const w = memoryRequests({
    sender: {
      health: {
        mayOwnerSend: (userId, channel) => guard.health!.mayOwnerSend(userId, channel),
        recordSend: (userId, channel) => guard.health!.recordSend(userId, channel),
      },
      dailyCapOf: async () => 1000,
    },
  });
  const health = (guard.health = createSendingHealth({
    store: w.requests,
    notifyPaused: async (userId, _channel, state) => void notices.push({ userId, cause: state.pause?.cause }),
    wakeOwner: (userId, at) => w.requests.wakeOwner(userId, at),
    now: () => new Date(w.clock.now),
  }));
  await w.surveys.create(publishedSurvey());
  const run = async () => {
    for (let i = 0; i < 20; i++) await w.sender.runDue(w.clock.now + 60_000);
  };
  return { ...w, health, notices, run };
}

describe('the reputation guard', () => {
  it('pauses an owner whose last 60 request mails drew 4 hard bounces, tells them once, and sends nothing more', async () => {
    const w = await guarded();
    await w.service.create(owner, surveyId, batchBody({ rows: customers(60), permissionConfirmed: true }));
    await w.run();
    expect(w.mailer.sent).toHaveLength(60);
    for (let i = 0; i < 4; i++) await w.health.recordOutcome(owner, 'mail', 'failed');

    expect(w.notices).toEqual([{ userId: owner, cause: 'failed' }]);
    expect(await w.health.status(owner, 'mail')).toMatchObject({
      paused: true,
      canResume: true,
      pause: { cause: 'failed', sends: 60, failed: 3, complained: 0 },
    });

    // A new batch may be created, but waits.
    w.clock.now += 60_000;
    await w.service.create(owner, surveyId, batchBody({ rows: customers(5, 100), permissionConfirmed: true }));
    await w.run();
    expect(w.mailer.sent).toHaveLength(60);

    // Resumed (once), the waiting batch goes out at once.
    expect(await w.health.resume(owner, 'mail')).toMatchObject({ paused: false, canResume: false, pauses: 1 });
    await w.run();
    expect(w.mailer.sent).toHaveLength(65);
  });

  it('ends the owner’s turn at the send that paused it', async () => {
    const w = await guarded();
    await w.service.create(owner, surveyId, batchBody({ rows: customers(10), permissionConfirmed: true }));
    await w.run();
    for (let i = 0; i < 5; i++) await w.health.recordOutcome(owner, 'mail', 'failed');
    expect(w.notices).toEqual([]);
    // 40 more sends reach the 50 the rule judges by: 5 of 50 bounced, so the 50th send pauses the owner.
    await w.service.create(owner, surveyId, batchBody({ rows: customers(100, 10), permissionConfirmed: true }));
    await w.run();
    expect(w.notices).toHaveLength(1);
    // The sends in flight when it paused (the pool's concurrency) may still go; none after.
    expect(w.mailer.sent.length).toBeGreaterThanOrEqual(50);
    expect(w.mailer.sent.length).toBeLessThanOrEqual(50 + 8);
  });

  it('lets the owner resume the first pause only: the second needs us (409)', async () => {
    const w = await guarded();
    const pause = async () => {
      for (let i = 0; i < 50; i++) await w.health.recordSend(owner, 'mail');
      await w.health.recordOutcome(owner, 'mail', 'complained');
    };
    await pause();
    await w.health.resume(owner, 'mail');
    await pause();
    expect(w.notices.map((n) => n.cause)).toEqual(['complained', 'complained']);
    expect(await w.health.status(owner, 'mail')).toMatchObject({ paused: true, canResume: false, pauses: 2 });
    await expect(w.health.resume(owner, 'mail')).rejects.toThrow(ApiError);
    expect(await w.health.mayOwnerSend(owner, 'mail')).toBe(false);
  });

  it('skips an address on the platform’s list for every owner, with its reason', async () => {
    const w = await guarded();
    await w.requests.suppressForAll('Klant0@Example.com ', 'complaint', '2026-11-26T08:00:00.000Z');
    const batch = await w.service.create(owner, surveyId, batchBody({ rows: customers(2), permissionConfirmed: true }));
    await w.run();
    expect(w.mailer.sent.map((m) => m.to)).toEqual(['klant1@example.com']);
    const { recipients } = await w.service.listRecipients(owner, surveyId, batch.id, undefined);
    expect(recipients.map((r) => [r.state, r.reason])).toEqual([
      ['skipped', 'complaint'],
      ['sent', null],
    ]);
    // No erasure of an owner reaches it.
    await w.requests.deleteByOwner(owner);
    expect(await w.requests.suppressionsOf('someone-else', [...w.requests.platformSuppressions.keys()])).toEqual(
      new Map([[[...w.requests.platformSuppressions.keys()][0], 'complaint']]),
    );
  });

  it('asks an address once in 30 days per owner, whichever survey asks', async () => {
    const w = await guarded();
    const other = publishedSurvey({ id: '0190d7a0-0000-7000-8000-000000000002', surveyCode: 'ijklmnop' });
    await w.surveys.create(other);
    await w.service.create(owner, surveyId, batchBody({ rows: customers(1), permissionConfirmed: true }));
    await w.run();
    const second = await w.service.create(
      owner,
      other.id,
      batchBody({ rows: customers(1), permissionConfirmed: true }),
    );
    await w.run();
    expect(w.mailer.sent).toHaveLength(1);
    const { recipients } = await w.service.listRecipients(owner, other.id, second.id, undefined);
    expect(recipients[0]).toMatchObject({ state: 'skipped', reason: 'recently-asked' });
  });
});

describe('the guard’s updates', () => {
  it('updates an owner’s window one at a time in a container, however many sends finish at once', async () => {
    const w = memoryRequests();
    let running = 0;
    let most = 0;
    const health = createSendingHealth({
      store: {
        getSendingHealth: (userId, channel) => w.requests.getSendingHealth(userId, channel),
        queuePauseNotice: (notice) => w.requests.queuePauseNotice(notice),
        duePauseNotices: (limit) => w.requests.duePauseNotices(limit),
        takePauseNotice: (notice) => w.requests.takePauseNotice(notice),
        updateSendingHealth: async (userId, channel, change) => {
          most = Math.max(most, ++running);
          await new Promise((resolve) => setImmediate(resolve));
          try {
            return await w.requests.updateSendingHealth(userId, channel, change);
          } finally {
            running--;
          }
        },
      },
      notifyPaused: async () => {},
    });
    const sends = await Promise.all(Array.from({ length: 10 }, () => health.recordSend(owner, 'mail')));
    expect(sends).toEqual(Array.from({ length: 10 }, () => true));
    expect(most).toBe(1);
    // Each was counted: the window holds all ten.
    expect((await w.requests.getSendingHealth(owner, 'mail')).recent).toHaveLength(10);
  });
});

describe('the pause notice', () => {
  const state = {
    recent: '',
    pausedAt: '2026-11-29T09:30:00.000Z',
    pauses: 1,
    pause: { cause: 'failed' as const, sends: 60, failed: 4, complained: 0 },
    resumedAt: null,
  };
  const to = 'owner@example.com';
  const input = {
    from: 'ReviewRoute <noreply@reviewroute.example>',
    helpEmail: 'help@reviewroute.example',
    siteOrigin: 'https://app.reviewroute.example',
  };

  it('names the figures and the way back, in the owner’s language, from the sender with help as reply-to', () => {
    const en = composePauseNotice({ ...input, to, state, language: 'en' });
    expect(en).toMatchObject({ to, from: input.from, replyTo: input.helpEmail });
    expect(en.subject).toBe('Your review requests are paused');
    expect(en.text).toContain('https://app.reviewroute.example/review-requests');
    expect(en.text).toMatch(/Hard bounces\W+4/);
    expect(en.text).toMatch(/Requests looked at\W+60/);
    const nl = composePauseNotice({ ...input, to, state, language: 'nl' });
    expect(nl.subject).toBe('Je reviewverzoeken zijn gepauzeerd');
    expect(nl.text).toContain('https://app.reviewroute.example/nl/');
    expect(nl.text).toMatch(/Harde bounces\W+4/);
  });

  it('says to contact us after a second pause', () => {
    const again = composePauseNotice({ ...input, to, state: { ...state, pauses: 2 }, language: 'en' });
    expect(again.subject).toBe('Your review requests are paused again');
    expect(again.text).toContain('help@reviewroute.example');
  });

  it('is sent to the owner’s address now, and to nobody for an owner who is gone', async () => {
    const mailer = createMemoryMailer();
    const contacts = {
      contactOf: async (id: string) =>
        id === owner ? { email: 'anna@bakkerij.example', language: 'nl' as const } : undefined,
    };
    const notify = pauseNoticeSender({ ...input, contacts, mailer });
    await notify(owner, state);
    await notify('gone', state);
    expect(mailer.sent.map((m) => [m.to, m.subject])).toEqual([
      ['anna@bakkerij.example', 'Je reviewverzoeken zijn gepauzeerd'],
    ]);
  });

  it('goes out from the pause-notices worker once per pause, and not for a pause already resumed', async () => {
    const w = memoryRequests();
    const sent: string[] = [];
    const deps = { store: w.requests, send: async (userId: string) => void sent.push(userId) };
    const paused = { ...state, recent: '' };
    await w.requests.updateSendingHealth(owner, 'mail', () => paused);
    await w.requests.queuePauseNotice({ userId: owner, channel: 'mail', pausedAt: state.pausedAt });
    await w.requests.queuePauseNotice({ userId: 'resumed', channel: 'mail', pausedAt: state.pausedAt });
    expect(await sendPauseNotices(deps)).toEqual({ sent: 1, dropped: 1 });
    expect(await sendPauseNotices(deps)).toEqual({ sent: 0, dropped: 0 });
    expect(sent).toEqual([owner]);
  });
});

describe('a trial’s own text (no links but the survey’s)', () => {
  const template = 'Hoi {name}, vertel het ons: {url} en kijk ook op https://aanbieding.example/nu of bakkerij.nl';

  it('is refused with a link when the batch is made, and taken for a paid plan', async () => {
    const trial = memoryRequests({ service: { linksAllowed: async () => false } });
    await trial.surveys.create(publishedSurvey());
    const body = batchBody({ rows: customers(1), permissionConfirmed: true, template });
    await expect(trial.service.create(owner, surveyId, body)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { template: 'During the trial the message may contain no links but {url}, the survey link' },
    });
    await trial.service.create(owner, surveyId, batchBody({ rows: customers(1), permissionConfirmed: true }));
    const paid = memoryRequests({ service: { linksAllowed: async () => true } });
    await paid.surveys.create(publishedSurvey());
    expect((await paid.service.create(owner, surveyId, body)).template).toBe(template);
  });

  it('loses its links in the mail when the owner may not send them, and keeps the survey’s', async () => {
    const w = memoryRequests({ sender: { linksAllowedOf: async () => false } });
    await w.surveys.create(publishedSurvey());
    await w.service.create(owner, surveyId, batchBody({ rows: customers(1), permissionConfirmed: true, template }));
    await w.sender.runDue(w.clock.now + 60_000);
    const [mail] = w.mailer.sent;
    expect(mail!.text).toContain(`${publishedSurvey().landingPageUrl}?r=`);
    expect(mail!.text).not.toMatch(/aanbieding\.example|bakkerij\.nl/);
  });
});
