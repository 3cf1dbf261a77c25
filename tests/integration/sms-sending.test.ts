import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  errorBodySchema,
  pathOf,
  requestBatchSchema,
  requestRecipientPageSchema,
  requestSettingsSchema,
  smsCountriesOf,
  smsCountryRefused,
  smsSegments,
  type RequestRecipient,
  type Survey,
} from '@reviewroute/shared';
import { tableEntities } from '@reviewroute/functions/data/client';
import { createDynamoReviewRequestStore } from '@reviewroute/functions/data/review-requests';
import { createDynamoShortLinks } from '@reviewroute/functions/data/short-links';
import { createDynamoSurveyRepository } from '@reviewroute/functions/data/survey-repository';
import { createDynamoTextAllowance, textMonthOf } from '@reviewroute/functions/data/text-allowance';
import { createRequestSender } from '@reviewroute/functions/domains/requests/sender';
import { createSmsVoiceTextSender, type TextSender } from '@reviewroute/functions/domains/requests/text-sender';
import { describeTextStoresContract } from '@reviewroute/functions/testing/data/text-allowance-contract';
import { mailLinkKeyOf } from '@reviewroute/functions/lib/mail-link-key';
import { requestTokensOf } from '@reviewroute/functions/lib/request-token';
import { shortLinkCode } from '@reviewroute/functions/lib/short-link';
import type { Mailer } from '@reviewroute/functions/mail/mailer';
import { sesMailerOf } from '@reviewroute/functions/mail/ses-mailer';
import { apiCall, createSampleSurvey, ownerCall, publishSurvey, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';
import { listMails } from '../support/inbox';
import { textsTo, waitForText } from '../support/texts';

/**
 * Review requests by text on the local stack (decisions 25): the requests worker's sender against DynamoDB Local,
 * texting through the real End User Messaging SMS client to the local SMS service. Each run here has a clock of
 * its own, hours ahead of the batches' send time, so the stack's own worker (on the wall clock) leaves them alone
 * and the sending hours can be tried at any time of day.
 */

const stack = inject('localStack');
const api = stack.urls.api;
const hour = 3600_000;
const amsterdam = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', hour: 'numeric', hourCycle: 'h23' });

/** The first full hour at or after `after` that is `localHour` o'clock in Amsterdam. */
function nextAmsterdamHour(localHour: number, after: number): number {
  let at = Math.ceil(after / hour) * hour;
  while (Number(amsterdam.format(at)) !== localHour) at += hour;
  return at;
}

/** A Dutch mobile number of this run's own. */
const dutchMobile = () => `+3161${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;

describe('review requests by text', () => {
  let owner: ApiUser;
  let survey: Survey;
  const entities = tableEntities(stack.env);
  const texts = createSmsVoiceTextSender(stack.env);
  const mailer = sesMailerOf(stack.env);
  const mailLinkKey = mailLinkKeyOf(stack.env);
  const allowance = createDynamoTextAllowance(entities);
  afterAll(() => {
    texts.destroy();
    mailer.destroy();
  });

  /** The requests worker's sender on a clock of the test's, texting through `sender`, `monthly` texts a month. */
  const senderAt = (clock: () => number, options: { sender?: TextSender; monthly?: number; mail?: Mailer } = {}) =>
    createRequestSender({
      requests: createDynamoReviewRequestStore(entities),
      surveys: createDynamoSurveyRepository(entities),
      mailer: options.mail ?? mailer,
      fromAddress: 'requests@reviewroute.local',
      siteOrigin: stack.env.SITE_ORIGIN,
      tokens: requestTokensOf(mailLinkKey),
      dailyCapOf: async () => 100,
      clock,
      concurrency: 1,
      sendRate: 1000,
      texts: {
        sender: options.sender ?? texts,
        allowedCountries: smsCountriesOf(stack.env.SMS_COUNTRIES),
        senderNumber: '+3197010000001',
        monthlyAllowanceOf: async () => options.monthly ?? 25,
        whenSpentOf: async (userId) => (await allowance.getRequestSettings(userId)).textsWhenSpent,
        shortLinks: createDynamoShortLinks(entities),
        async codesOf(r) {
          const key = (await mailLinkKey())!;
          return {
            link: shortLinkCode(key, 'link', r.batchId, r.id),
            unsubscribe: shortLinkCode(key, 'unsubscribe', r.batchId, r.id),
          };
        },
      },
    });
  const runAt = (at: number, options?: Parameters<typeof senderAt>[1]) =>
    senderAt(() => at, options).runDue(at + 60_000);

  /** A batch of these rows, due in an hour (the stack's own worker leaves it alone meanwhile). */
  const schedule = async (rows: { name: string; phone?: string; email?: string; language?: 'en' | 'nl' }[]) =>
    requestBatchSchema.parse(
      await ownerCall(api, owner, 'POST', pathOf('create-request-batch', { surveyId: survey.id }), {
        rows,
        permissionConfirmed: true,
        sendAt: new Date(Date.now() + hour).toISOString(),
      }),
    );
  const recipientsOf = async (batchId: string): Promise<RequestRecipient[]> =>
    requestRecipientPageSchema.parse(
      await ownerCall(api, owner, 'GET', pathOf('list-request-recipients', { surveyId: survey.id, batchId })),
    ).recipients;
  const dueAtOf = async (batchId: string) =>
    (await createDynamoReviewRequestStore(entities).queuedBatch(survey.userId, batchId))?.dueAt;

  beforeAll(async () => {
    owner = await createSignedInUser(stack);
    survey = await publishSurvey(owner, (await createSampleSurvey(owner, 'Bakkerij Sms', { language: 'nl' })).id);
  });

  it('waits at 22:00 Amsterdam time until 09:00, then texts the short link and the opt-out, which open the survey and the unsubscribe page', async () => {
    const number = dutchMobile();
    const batch = await schedule([{ name: 'Piet Klant', phone: number.replace('+31', '0') }]);
    const evening = nextAmsterdamHour(22, Date.now() + 2 * hour);
    await runAt(evening);
    expect(await textsTo(number)).toHaveLength(0);
    const morning = nextAmsterdamHour(9, evening);
    expect(await dueAtOf(batch.id)).toBe(new Date(morning).toISOString());
    const listed = await ownerCall(api, owner, 'GET', pathOf('list-request-batches', { surveyId: survey.id }));
    expect(listed).toMatchObject({
      batches: expect.arrayContaining([
        expect.objectContaining({ id: batch.id, waitingUntil: new Date(morning).toISOString() }),
      ]),
    });
    expect((await recipientsOf(batch.id))[0]).toMatchObject({ state: 'queued', channel: null });

    // A run a minute before 09:00 still waits; at 09:00 the text goes.
    await runAt(morning - 60_000);
    expect(await textsTo(number)).toHaveLength(0);
    await runAt(morning);
    const text = await waitForText(number);
    expect(text.originator).toBe('Bakkerij Sm');
    const links = [...text.body.matchAll(/\/r\/([0-9A-Za-z]{10})/g)].map((m) => m[1]!);
    expect(text.body).toBe(
      `Bedankt voor je bezoek! Deel je ervaring: ${stack.env.SITE_ORIGIN}/r/${links[0]}\nSTOP: ${stack.env.SITE_ORIGIN}/r/${links[1]}`,
    );
    expect(smsSegments(text.body).segments).toBe(1);
    expect((await recipientsOf(batch.id))[0]).toMatchObject({ state: 'sent', channel: 'sms', phone: number });

    // The short links, through the gateway as a phone follows them: the personal link and the unsubscribe page.
    const open = (code: string) => fetch(`${api}/r/${code}`, { redirect: 'manual' });
    const survey302 = await open(links[0]!);
    expect(survey302.status).toBe(302);
    expect(survey302.headers.get('location')).toMatch(
      new RegExp(`^${survey.landingPageUrl!.replace(/[.?]/g, '\\$&')}\\?r=[A-Za-z0-9_-]{46}$`),
    );
    const optOut = await open(links[1]!);
    expect(optOut.status).toBe(302);
    expect(optOut.headers.get('location')).toMatch(/\/nl\/unsubscribe\/[A-Za-z0-9_-]{46}$/);
    expect((await open('AAAAAAAAAA')).status).toBe(404);
  });

  it('refuses a row of only a number outside the allowlist with its error, and e-mails a customer who also gave an address', async () => {
    const refused = await apiCall(api, 'POST', pathOf('create-request-batch', { surveyId: survey.id }), {
      user: owner,
      body: { rows: [{ name: 'Abroad', phone: '+1 415 555 2671' }], permissionConfirmed: true },
    });
    expect(refused.status).toBe(400);
    expect(errorBodySchema.parse(refused.body).error.fields).toEqual({ 'rows.0.phone': smsCountryRefused });

    const email = `abroad-${randomInt(0, 1e9)}@klant.example`;
    const batch = await schedule([{ name: 'Abroad', phone: '+1 415 555 2671', email }]);
    await runAt(nextAmsterdamHour(11, Date.now() + 2 * hour));
    expect((await recipientsOf(batch.id))[0]).toMatchObject({ state: 'sent', channel: 'email' });
    expect((await listMails(stack.urls.inbox)).filter((m) => m.destination.to.includes(email))).toHaveLength(1);
    expect(await textsTo('+14155552671')).toHaveLength(0);
  });

  it('stops texts at the spent allowance: the rest wait for next month, or go by e-mail as the owner chose', async () => {
    const at = nextAmsterdamHour(11, Date.now() + 2 * hour);
    const month = textMonthOf(new Date(at).toISOString());
    const settings = (textsWhenSpent: 'wait' | 'email') =>
      ownerCall(api, owner, 'PUT', pathOf('update-request-settings'), { textsWhenSpent });
    expect(requestSettingsSchema.parse(await settings('wait')).textsWhenSpent).toBe('wait');
    const used = await allowance.textsUsed(survey.userId, month);
    const [a, b] = [dutchMobile(), dutchMobile()];
    const email = `spent-${randomInt(0, 1e9)}@klant.example`;
    const waiting = await schedule([
      { name: 'A', phone: a },
      { name: 'B', phone: b, email },
    ]);
    await runAt(at, { monthly: used + 1 });
    expect(await textsTo(a)).toHaveLength(1);
    expect(await textsTo(b)).toHaveLength(0);
    expect((await recipientsOf(waiting.id)).map((r) => r.state)).toEqual(['sent', 'queued']);
    const [year, mon] = month.split('-').map(Number) as [number, number];
    expect(await dueAtOf(waiting.id)).toBe(new Date(Date.UTC(year, mon, 1)).toISOString());
    expect(await allowance.textsUsed(survey.userId, month)).toBe(used + 1);

    // The owner chooses e-mail: the waiting customer who gave an address is e-mailed (once due again).
    expect(requestSettingsSchema.parse(await settings('email')).textsWhenSpent).toBe('email');
    const nextMonth = Date.UTC(year, mon, 1, 10);
    await runAt(nextMonth, { monthly: 0 });
    expect(await textsTo(b)).toHaveLength(0);
    expect((await recipientsOf(waiting.id)).map((r) => [r.state, r.channel])).toEqual([
      ['sent', 'sms'],
      ['sent', 'email'],
    ]);
    expect((await listMails(stack.urls.inbox)).filter((m) => m.destination.to.includes(email))).toHaveLength(1);
    await settings('wait');
  });

  it('resumes a run that died mid-batch and texts nobody twice', async () => {
    const numbers = Array.from({ length: 6 }, dutchMobile);
    const batch = await schedule(numbers.map((phone, i) => ({ name: `Klant ${i}`, phone })));
    // The first run texts three, then dies inside the fourth send after the service took it: it never returns.
    let sends = 0;
    let crashed!: () => void;
    const crash = new Promise<void>((resolve) => (crashed = resolve));
    const dying: TextSender = {
      async send(message) {
        sends++;
        if (sends > 4) return new Promise(() => {});
        const sent = await texts.send(message);
        if (sends === 4) {
          crashed();
          return new Promise(() => {});
        }
        return sent;
      },
    };
    const first = nextAmsterdamHour(11, Date.now() + 2 * hour);
    void runAt(first, { sender: dying });
    await crash;
    // A fresh worker later on, once the unconfirmed claim is old enough to be settled, resumes the batch.
    await runAt(first + hour);
    for (const number of numbers) expect(await textsTo(number), number).toHaveLength(1);
    const states = await recipientsOf(batch.id);
    expect(states.filter((r) => r.state === 'sent')).toHaveLength(5);
    expect(states.filter((r) => r.state === 'failed').map((r) => [r.phone, r.reason])).toEqual([
      [numbers[3], 'interrupted'],
    ]);
  });
});

describeTextStoresContract('DynamoDB Local', () => {
  const entities = tableEntities(stack.env);
  return { allowance: createDynamoTextAllowance(entities), shortLinks: createDynamoShortLinks(entities) };
});
