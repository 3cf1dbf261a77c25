import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Survey } from '@reviewroute/shared';
import { sampleSurvey } from '@reviewroute/shared/testing';
import { newId } from '../lib/ids';
import type {
  AccountDataRepository,
  BillingRepository,
  NewSubmission,
  ProfileRepository,
  ResponseRepository,
  SurveyRepository,
} from './repositories';

export interface AccountDataRepositories {
  surveys: SurveyRepository;
  responses: ResponseRepository;
  profiles: ProfileRepository;
  billing: BillingRepository;
  data: AccountDataRepository;
}

/**
 * What the export's and the erasure's repository does, run against the in-memory fake (memory.test.ts)
 * and DynamoDB Local (tests/integration/repositories.test.ts). Every test uses fresh ids.
 */
export function describeAccountDataContract(name: string, repositoriesOf: () => AccountDataRepositories): void {
  let clock = Date.parse('2026-11-21T08:00:00.000Z');
  const tick = () => (clock += 1000);

  async function published({ surveys }: AccountDataRepositories): Promise<Survey> {
    const at = tick();
    const iso = new Date(at).toISOString();
    const survey = sampleSurvey({ id: newId(at), userId: randomUUID(), createdAt: iso, updatedAt: iso });
    await surveys.create(survey);
    const code = randomUUID()
      .replace(/[^a-z2-9]/g, '')
      .slice(0, 8);
    await surveys.publish(survey.userId, survey.id, {
      surveyCode: code,
      businessSlug: 'bakery',
      landingPageUrl: `http://localhost/surveys/${code}/bakery`,
      publishedAt: iso,
    });
    return (await surveys.get(survey.userId, survey.id))!;
  }

  /** A submit whose survey window allows `surveyLimit` per minute, under the given idempotency key. */
  function submission(survey: Survey, idempotencyKey = randomUUID(), surveyLimit = 1000): NewSubmission {
    const at = tick();
    const epoch = Math.floor(Date.now() / 1000);
    const id = newId(at);
    return {
      userId: survey.userId,
      response: {
        id,
        surveyId: survey.id,
        rating: 4,
        comment: null,
        customerName: null,
        customerEmail: null,
        userAgent: 'contract',
        googleReviewClicked: false,
        createdAt: new Date(at).toISOString(),
      },
      clickTokenHash: `hash-${id}`,
      clickToken: `token-${id}`,
      idempotencyKey,
      idempotencyExpiresAt: epoch + 3600,
      ticketExpiresAt: epoch + 3600,
      rate: [
        {
          key: `survey:${survey.id}`,
          window: epoch - (epoch % 60),
          limit: surveyLimit,
          expiresAt: epoch + 120,
          endsAt: epoch + 60,
        },
      ],
    };
  }

  describe(`account data repository (${name})`, () => {
    it('pages a survey’s responses in id order after a cursor, and no other survey’s', async () => {
      const repos = repositoriesOf();
      const survey = await published(repos);
      const other = await published(repos);
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const s = submission(survey);
        ids.push(s.response.id);
        expect(await repos.responses.submit(s)).toEqual({ kind: 'stored' });
      }
      await repos.responses.submit(submission(other));
      const first = await repos.data.pageResponses(survey.id, undefined, 2);
      expect(first.items.map((r) => r.id)).toEqual(ids.slice(0, 2));
      expect(first.next).toBe(ids[1]);
      const second = await repos.data.pageResponses(survey.id, first.next!, 2);
      expect(second.items.map((r) => r.id)).toEqual(ids.slice(2, 4));
      const last = await repos.data.pageResponses(survey.id, second.next!, 2);
      expect(last.items.map((r) => r.id)).toEqual(ids.slice(4));
      expect(last.next).toBeNull();
      expect(last.items[0]).toMatchObject({ surveyId: survey.id, rating: 4, comment: null, userAgent: 'contract' });
    });

    it('erases a survey’s responses, tickets, idempotency records and rate windows, page by page', async () => {
      const repos = repositoriesOf();
      const survey = await published(repos);
      const other = await published(repos);
      const key = randomUUID();
      const firstSubmit = submission(survey, key, 6);
      await repos.responses.submit(firstSubmit);
      for (let i = 0; i < 4; i++) await repos.responses.submit(submission(survey, randomUUID(), 6));
      await repos.responses.submit(submission(other));
      let deleted = 0;
      for (
        let n = await repos.data.eraseSurveyItems(survey.id, 2);
        n > 0;
        n = await repos.data.eraseSurveyItems(survey.id, 2)
      )
        deleted += n;
      // 5 responses and 5 idempotency records.
      expect(deleted).toBe(10);
      expect(await repos.responses.listResponses(survey.id, 10)).toEqual([]);
      expect(await repos.responses.ticket(firstSubmit.response.id)).toBeUndefined();
      // The idempotency record is gone: the same key stores again instead of returning the first answer.
      expect(await repos.responses.submit(submission(survey, key, 6))).toEqual({ kind: 'stored' });
      // The survey's window is full (6 of 6) until its rate windows are erased.
      expect((await repos.responses.submit(submission(survey, randomUUID(), 6))).kind).toBe('rate-limited');
      await repos.data.eraseSurveyRateWindows(survey.id);
      expect(await repos.responses.submit(submission(survey, randomUUID(), 6))).toEqual({ kind: 'stored' });
      expect(await repos.responses.listResponses(other.id, 10)).toHaveLength(1);
    });

    it('erases the owner’s profile and billing records only', async () => {
      const repos = repositoriesOf();
      const [owner, other] = [randomUUID(), randomUUID()];
      for (const userId of [owner, other]) {
        await repos.profiles.update(userId, { fullName: 'Bea' }, new Date().toISOString());
        await repos.billing.upsertFromProvider(
          {
            userId,
            id: `tr_${randomUUID().slice(0, 8)}`,
            amount: 60,
            currency: 'EUR',
            status: 'completed',
            providerStatus: 'paid',
            description: 'Starter - Annual Subscription',
            plan: 'starter',
            method: null,
            cardLabel: null,
            createdAt: new Date().toISOString(),
            paidAt: null,
          },
          new Date().toISOString(),
        );
      }
      await repos.data.eraseOwnerRecords(owner);
      await repos.data.eraseOwnerRecords(owner);
      expect(await repos.profiles.get(owner)).toBeUndefined();
      expect(await repos.billing.listForUser(owner)).toEqual([]);
      expect(await repos.profiles.get(other)).toMatchObject({ fullName: 'Bea' });
      expect(await repos.billing.listForUser(other)).toHaveLength(1);
    });

    it('keeps one erasure job per user until it is finished', async () => {
      const { data } = repositoriesOf();
      const userId = randomUUID();
      const job = {
        userId,
        username: `user-${userId}`,
        requestedAt: '2026-11-21T08:00:00.000Z',
        stage: 'table' as const,
        updatedAt: '2026-11-21T08:00:00.000Z',
      };
      expect(await data.startErasure(job)).toEqual(job);
      expect(await data.startErasure({ ...job, requestedAt: '2026-11-22T08:00:00.000Z' })).toEqual(job);
      await data.updateErasure(userId, 'cognito', '2026-11-21T08:01:00.000Z');
      expect(await data.erasure(userId)).toEqual({ ...job, stage: 'cognito', updatedAt: '2026-11-21T08:01:00.000Z' });
      expect((await data.pendingErasures(1000)).map((j) => j.userId)).toContain(userId);
      await data.finishErasure(userId);
      await data.finishErasure(userId);
      expect(await data.erasure(userId)).toBeUndefined();
      expect((await data.pendingErasures(1000)).map((j) => j.userId)).not.toContain(userId);
      // An update of a finished job does not bring it back.
      await data.updateErasure(userId, 'cognito', '2026-11-21T08:02:00.000Z');
      expect(await data.erasure(userId)).toBeUndefined();
    });

    it('keeps an erasure tombstone live until it expires, and a later mark extends it', async () => {
      const { data } = repositoriesOf();
      const userId = randomUUID();
      const now = 1_800_000_000;
      expect(await data.isErased(userId, now)).toBe(false);
      await data.markErased(userId, now + 60);
      expect(await data.isErased(userId, now)).toBe(true);
      expect(await data.isErased(userId, now + 59)).toBe(true);
      // Expired but not yet deleted by TTL: none.
      expect(await data.isErased(userId, now + 60)).toBe(false);
      expect(await data.isErased(randomUUID(), now)).toBe(false);
      await data.markErased(userId, now + 120);
      expect(await data.isErased(userId, now + 60)).toBe(true);
      // The job's end does not end the tombstone: tokens issued before the deletion outlive the job.
      await data.finishErasure(userId);
      expect(await data.isErased(userId, now + 60)).toBe(true);
    });
  });
}
