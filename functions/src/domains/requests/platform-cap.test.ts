import { describe, expect, it, vi } from 'vitest';
import { routeContracts, requestMailCountLog, requestMailDailyCapDefault } from '@reviewroute/shared';
import { logger } from '../../lib/logger';
import { parseInput } from '../../lib/validation';
import { createMemoryPlatformSendCounts } from '../../../testing/data/memory-platform-send-counts';
import {
  memoryRequests,
  publishedSurvey,
  requestOwnerId as owner,
  requestSurveyId as surveyId,
} from '../../../testing/domains/requests';
import type { Mailer } from '../../mail/mailer';
import { requestMailDailyCapOf, withPlatformCap } from './platform-cap';
import { createRequestSender } from './sender';

const dayMs = 24 * 3600_000;
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `C${i}`, email: `c${i}@klant.example` }));

async function world(platformCap: number, mailer?: Mailer) {
  const w = memoryRequests();
  await w.surveys.create(publishedSurvey());
  const counts = createMemoryPlatformSendCounts();
  const sender = createRequestSender({
    requests: withPlatformCap(w.requests, counts, platformCap),
    surveys: w.surveys,
    mailer: mailer ?? w.mailer,
    fromAddress: 'requests@requests.reviewroute.example',
    siteOrigin: 'https://app.reviewroute.example',
    tokens: w.tokens,
    dailyCapOf: async () => 50,
    clock: () => w.clock.now,
    sleep: async () => {},
  });
  const run = () => sender.runDue(w.clock.now + 60_000);
  const create = (n: number) =>
    w.service.create(
      owner,
      surveyId,
      parseInput(routeContracts['create-request-batch'].body, {
        rows: rows(n),
        permissionConfirmed: true,
        reminderDays: 0,
      }),
    );
  return { ...w, counts, run, create };
}

describe('the platform daily cap of review-request mails', () => {
  it('stops every send at the cap, counts nothing past it, and lets the rest go the next day', async () => {
    const w = await world(2);
    const batch = await w.create(3);
    await w.run();
    expect(w.mailer.sent).toHaveLength(2);
    expect(w.counts.counts.get('mail/2026-11-26')).toBe(2);
    const states = (await w.service.listRecipients(owner, surveyId, batch.id, undefined)).recipients;
    // The third was claimed, refused by the platform and given back: still queued, not failed or skipped.
    expect(states.map((r) => r.state)).toEqual(['sent', 'sent', 'queued']);
    await w.run();
    expect(w.mailer.sent).toHaveLength(2);

    w.clock.now += dayMs;
    await w.run();
    expect(w.mailer.sent.map((m) => m.to)).toEqual(['c0@klant.example', 'c1@klant.example', 'c2@klant.example']);
    expect(w.counts.counts.get('mail/2026-11-27')).toBe(1);
  });

  it('gives a throttled send’s take back, so the day still holds as many mails as the cap', async () => {
    let busy = true;
    const sent: string[] = [];
    const w = await world(2, async (mail) => {
      if (busy && mail.to === 'c0@klant.example')
        throw Object.assign(new Error('slow down'), {
          name: 'TooManyRequestsException',
          $metadata: { httpStatusCode: 429 },
        });
      sent.push(mail.to);
    });
    await w.create(2);
    await w.run();
    expect(sent).toEqual(['c1@klant.example']);
    expect(w.counts.counts.get('mail/2026-11-26')).toBe(1);
    busy = false;
    w.clock.now += 61_000;
    await w.run();
    expect(sent).toEqual(['c1@klant.example', 'c0@klant.example']);
    expect(w.counts.counts.get('mail/2026-11-26')).toBe(2);
  });

  it('reads the cap from REQUEST_MAIL_DAILY_CAP, a whole number above 0, else the default', () => {
    expect(requestMailDailyCapOf({ REQUEST_MAIL_DAILY_CAP: '2500' })).toBe(2500);
    for (const value of [undefined, '0', '-3', '1.5', 'lots'])
      expect(requestMailDailyCapOf({ REQUEST_MAIL_DAILY_CAP: value })).toBe(requestMailDailyCapDefault);
  });

  it('logs the day’s count for the 80 % alarm: every hundredth of the cap, then every send', async () => {
    const info = vi.spyOn(logger, 'info');
    const w = await world(10);
    await w.create(9);
    await w.run();
    const logged = info.mock.calls.filter(([message]) => message === requestMailCountLog).map(([, extra]) => extra);
    expect(logged.map((e) => (e as { platformCount: number }).platformCount)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    info.mockClear();

    const big = await world(1000);
    await big.create(25);
    await big.run();
    const counted = info.mock.calls.filter(([message]) => message === requestMailCountLog).map(([, e]) => e);
    expect(counted.map((e) => (e as { platformCount: number }).platformCount)).toEqual([10, 20]);
    info.mockRestore();
  });
});
