import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { matchesInboxFilter, type InboxFilter, type Survey } from '@reviewroute/shared';
import { sampleResponse, sampleSurvey } from '@reviewroute/shared/testing';
import { erasureTombstoneExpiry } from '../../src/lib/erasure-guard';
import { newId } from '../../src/lib/ids';
import { exportStaleMs } from '../../src/data/export-jobs';
import type { RateSlot, RateWindowStore } from '../../src/data/rate-window';
import { responseIdOf } from '../../src/data/response-store';
import { weekOf } from '../../src/data/survey-stats';
import { StaleSurveyVersionError, type SurveyRepository } from '../../src/data/survey-repository';
import { zeroTally, type SurveyStatsStore } from '../../src/data/survey-stats';
import type { BillingRecord, BillingRepository } from '../../src/data/billing-repository';
import type { ClientKeySaltStore } from '../../src/data/client-key-salts';
import type { ErasureRepository } from '../../src/data/erasure-repository';
import type { ExportJobStore } from '../../src/data/export-jobs';
import type { RecoveryCodeStore } from '../../src/data/recovery-codes';
import type {
  InboxPosition,
  InboxResponseRecord,
  NewSubmission,
  ResponseStore,
  SurveyResponseRecord,
} from '../../src/data/response-store';
import type { ProfileRepository } from '../../src/data/profile-repository';
import { noWebsiteReviews, type WebsiteReviewChange, type WebsiteReviewsStore } from '../../src/data/website-reviews';

/** One of each owner of the table's items, on one store (memory or DynamoDB). */
export interface Repositories {
  surveys: SurveyRepository;
  responses: ResponseStore;
  stats: SurveyStatsStore;
  salts: ClientKeySaltStore;
  rateLimiter: RateWindowStore;
  profiles: ProfileRepository;
  billing: BillingRepository;
  erasures: ErasureRepository;
  exportJobs: ExportJobStore;
  recoveryCodes: RecoveryCodeStore;
  websiteReviews: WebsiteReviewsStore;
}

/**
 * What every implementation of the repositories does (docs/data-model.md's rules and access patterns),
 * one suite per repository, run against the in-memory fakes (memory.test.ts) and DynamoDB Local
 * (tests/integration/repositories.test.ts) so that the fakes the unit tests stand on behave as the table
 * does. `repositoriesOf` gives one set per test; every test uses fresh ids, so a table shared by all of
 * them is fine.
 */
export function describeRepositoryContracts(name: string, repositoriesOf: () => Repositories): void {
  let clock = Date.parse('2026-11-21T08:00:00.000Z');
  /** A later instant on every call: ids (UUIDv7) and timestamps sort by creation. */
  const tick = () => (clock += 1000);

  function draft(userId: string, overrides: Partial<Survey> = {}): Survey {
    const at = tick();
    const iso = new Date(at).toISOString();
    return sampleSurvey({ id: newId(at), userId, createdAt: iso, updatedAt: iso, ...overrides });
  }

  const uniqueCode = () =>
    randomUUID()
      .replace(/[^a-z2-9]/g, '')
      .slice(0, 8);

  const publication = (code: string) => ({
    surveyCode: code,
    businessSlug: 'bakery',
    landingPageUrl: `http://localhost/surveys/${code}/bakery`,
    publishedAt: new Date(tick()).toISOString(),
  });

  /** A published survey of a new owner. */
  async function published({ surveys }: Repositories): Promise<Survey> {
    const survey = draft(randomUUID());
    await surveys.create(survey);
    expect(await surveys.publish(survey.userId, survey.id, publication(uniqueCode()))).toBe('published');
    return (await surveys.get(survey.userId, survey.id))!;
  }

  function submission(
    survey: Survey,
    answer: Partial<
      Pick<
        SurveyResponseRecord,
        'rating' | 'comment' | 'customerName' | 'customerEmail' | 'createdAt' | 'websiteConsent' | 'evidence'
      >
    > = {},
    idempotencyKey: string = randomUUID(),
  ): NewSubmission {
    const at = tick();
    const response: SurveyResponseRecord = sampleResponse({
      id: responseIdOf(survey.id, idempotencyKey),
      surveyId: survey.id,
      userAgent: 'contract',
      createdAt: new Date(at).toISOString(),
      ...answer,
    });
    return { response, clickTokenHash: `hash-${response.id}` };
  }

  /** What the stream says of a stored response. */
  const created = ({ response: r }: NewSubmission) =>
    ({
      kind: 'response',
      surveyId: r.surveyId,
      responseId: r.id,
      rating: r.rating,
      week: weekOf(r.createdAt),
    }) as const;
  const clicked = ({ response: r }: NewSubmission) =>
    ({ kind: 'click', surveyId: r.surveyId, responseId: r.id }) as const;

  describe(`survey repository (${name})`, () => {
    it('round-trips a survey, empty text and nulls included, and refuses to create it twice', async () => {
      const { surveys } = repositoriesOf();
      const survey = draft(randomUUID());
      await surveys.create(survey);
      expect(await surveys.get(survey.userId, survey.id)).toEqual(survey);
      await expect(surveys.create(survey)).rejects.toThrow();
    });

    it('lists an owner’s surveys newest first, and only theirs (their profile in the same partition stays out)', async () => {
      const { surveys, profiles } = repositoriesOf();
      const owner = randomUUID();
      const [a, b, c] = [draft(owner), draft(owner), draft(owner)];
      for (const s of [b!, a!, c!]) await surveys.create(s);
      await surveys.create(draft(randomUUID()));
      await profiles.update(owner, { fullName: 'Anna' }, new Date(tick()).toISOString());
      expect((await surveys.listByOwner(owner)).map((s) => s.id)).toEqual([c!.id, b!.id, a!.id]);
    });

    it('never shows or changes one owner’s survey to another', async () => {
      const { surveys } = repositoriesOf();
      const survey = draft(randomUUID());
      await surveys.create(survey);
      const other = randomUUID();
      expect(await surveys.get(other, survey.id)).toBeUndefined();
      expect(await surveys.update(other, survey.id, { businessName: 'X' }, survey.updatedAt)).toBeUndefined();
      expect(await surveys.activate(other, survey.id, survey.updatedAt)).toBeUndefined();
      await surveys.deactivate(other, survey.id);
      expect(await surveys.publish(other, survey.id, publication(uniqueCode()))).toBe('not-found');
      // None of the conditional writes created a stray item for the other owner either.
      expect(await surveys.get(other, survey.id)).toBeUndefined();
      expect(await surveys.get(survey.userId, survey.id)).toEqual(survey);
    });

    it('updates only the given fields; null and empty text remove', async () => {
      const { surveys } = repositoriesOf();
      const survey = draft(randomUUID(), { businessLogoUrl: 'http://x/logo.png', industry: 'Food' });
      await surveys.create(survey);
      const changes = {
        customPrompt: 'New?',
        businessLogoUrl: null,
        industry: '',
        customColors: { primaryColor: '#000000', backgroundColor: '#ffffff' },
      };
      const updated = await surveys.update(survey.userId, survey.id, changes, '2030-01-01T00:00:00.000Z');
      expect(updated).toEqual({
        ...survey,
        ...changes,
        updatedAt: '2030-01-01T00:00:00.000Z',
        version: survey.version + 1,
      });
      expect(await surveys.get(survey.userId, survey.id)).toEqual(updated);
    });

    it('updates only at the expected version, counting it up; another version is refused and changes nothing', async () => {
      const { surveys } = repositoriesOf();
      const survey = draft(randomUUID());
      await surveys.create(survey);
      const at = '2030-01-01T00:00:00.000Z';
      const first = await surveys.update(survey.userId, survey.id, { customPrompt: 'First?' }, at, {
        expectedVersion: survey.version,
      });
      expect(first).toMatchObject({ customPrompt: 'First?', version: survey.version + 1 });
      await expect(
        surveys.update(survey.userId, survey.id, { customPrompt: 'Stale?' }, at, { expectedVersion: survey.version }),
      ).rejects.toBeInstanceOf(StaleSurveyVersionError);
      expect(await surveys.get(survey.userId, survey.id)).toEqual(first);
      // No survey at all stays "none", whatever version was expected.
      expect(
        await surveys.update(randomUUID(), survey.id, { customPrompt: 'X' }, at, { expectedVersion: 2 }),
      ).toBeUndefined();
    });

    it('publishes atomically: code claimed, survey active; the code finds the survey', async () => {
      const { surveys } = repositoriesOf();
      const survey = draft(randomUUID());
      await surveys.create(survey);
      const code = uniqueCode();
      expect(await surveys.publish(survey.userId, survey.id, publication(code))).toBe('published');
      const live = await surveys.get(survey.userId, survey.id);
      expect(live).toMatchObject({ status: 'active', isActive: true, surveyCode: code, businessSlug: 'bakery' });
      expect(await surveys.findByCode(code)).toEqual(live);
    });

    it('refuses a taken code and leaves the loser untouched', async () => {
      const { surveys } = repositoriesOf();
      const owner = randomUUID();
      const [first, second] = [draft(owner), draft(owner)];
      await surveys.create(first!);
      await surveys.create(second!);
      const code = uniqueCode();
      expect(await surveys.publish(owner, first!.id, publication(code))).toBe('published');
      expect(await surveys.publish(owner, second!.id, publication(code))).toBe('code-taken');
      expect(await surveys.get(owner, second!.id)).toEqual(second);
      expect((await surveys.findByCode(code))!.id).toBe(first!.id);
    });

    it('never gives a published survey a second code; deactivating and activating keep it', async () => {
      const repositories = repositoriesOf();
      const { surveys } = repositories;
      const survey = await published(repositories);
      const other = uniqueCode();
      expect(await surveys.publish(survey.userId, survey.id, publication(other))).toBe('already-published');
      expect(await surveys.findByCode(other)).toBeUndefined();
      await surveys.deactivate(survey.userId, survey.id);
      expect(await surveys.get(survey.userId, survey.id)).toEqual({
        ...survey,
        isActive: false,
        version: survey.version + 1,
      });
      const again = await surveys.activate(survey.userId, survey.id, '2030-01-01T00:00:00.000Z');
      expect(again).toEqual({ ...survey, updatedAt: '2030-01-01T00:00:00.000Z', version: survey.version + 2 });
    });

    it('deletes the survey with its code, nothing of another; deleting again is harmless', async () => {
      const repositories = repositoriesOf();
      const { surveys } = repositories;
      const survey = await published(repositories);
      const keep = draft(survey.userId);
      await surveys.create(keep);
      await surveys.delete(survey.userId, survey.id, survey.surveyCode);
      expect(await surveys.get(survey.userId, survey.id)).toBeUndefined();
      expect(await surveys.findByCode(survey.surveyCode!)).toBeUndefined();
      expect(await surveys.get(keep.userId, keep.id)).toEqual(keep);
      await surveys.delete(survey.userId, survey.id, survey.surveyCode);
    });
  });

  /** Every response of a survey, oldest first, through the export's pages. */
  /** Every response of the survey as submitted (the pages' inbox state and note left out: see the inbox suite). */
  async function allResponses({ responses }: Repositories, surveyId: string): Promise<SurveyResponseRecord[]> {
    const all: SurveyResponseRecord[] = [];
    let after: string | undefined;
    for (;;) {
      const { items, next } = await responses.pageBySurvey(surveyId, after, 7);
      all.push(...items.map(({ state: _state, note: _note, ...record }) => record));
      if (!next) return all;
      after = next;
    }
  }

  /** Every inbox item of a survey through pages of at most `limit`, each looking at most at `maxRead`. */
  async function wholeInbox(
    { responses }: Repositories,
    surveyId: string,
    filter: InboxFilter,
    limit: number,
    maxRead: number,
  ): Promise<{ items: InboxResponseRecord[]; pages: number }> {
    const items: InboxResponseRecord[] = [];
    let before: InboxPosition | undefined;
    for (let pages = 1; pages < 200; pages++) {
      const page = await responses.pageInbox(surveyId, { filter, before, limit, maxRead });
      expect(page.items.length).toBeLessThanOrEqual(limit);
      items.push(...page.items);
      if (!page.next) return { items, pages };
      before = page.next;
    }
    throw new Error('The inbox never ended');
  }

  describe(`response inbox (${name})`, () => {
    it('pages every filter newest first, each page bounded, and resumes where the last one stopped', async () => {
      const repositories = repositoriesOf();
      const { responses } = repositories;
      const survey = await published(repositories);
      const other = await published(repositories);
      const inTimeOrder: InboxResponseRecord[] = [];
      for (let i = 0; i < 26; i++) {
        const rating = (i % 5) + 1;
        const contact = rating <= 2 && i % 2 === 0;
        const answer = submission(survey, {
          rating,
          comment: i % 3 === 0 ? null : `comment ${i} ${i % 2 === 0 ? 'slow service' : 'great'}`,
          ...(contact ? { customerName: `Customer ${i}`, customerEmail: `c${i}@example.com` } : {}),
          // Two days, so a date range splits them.
          ...(i >= 20 ? { createdAt: `2026-11-23T10:00:${String(i).padStart(2, '0')}.000Z` } : {}),
        });
        expect(await responses.submit(answer)).toBe('stored');
        inTimeOrder.push({ ...answer.response, state: 'new', note: null });
      }
      await responses.submit(submission(other, { rating: 1, comment: 'elsewhere' }));
      const handled = [inTimeOrder[1]!, inTimeOrder[5]!, inTimeOrder[6]!];
      expect(
        await responses.setInboxState(
          survey.id,
          [...handled.map((r) => r.id), handled[0]!.id, newId(tick())],
          'handled',
          new Date(tick()).toISOString(),
        ),
      ).toBe(3);
      for (const r of handled) r.state = 'handled';
      expect(
        await responses.setNote(survey.id, inTimeOrder[6]!.id, 'Called back', new Date(tick()).toISOString()),
      ).toBe(true);
      inTimeOrder[6]!.note = 'Called back';
      expect(await responses.setNote(survey.id, newId(tick()), 'x', new Date(tick()).toISOString())).toBe(false);
      expect(await responses.setNote(other.id, inTimeOrder[0]!.id, 'x', new Date(tick()).toISOString())).toBe(false);

      const newestFirst = [...inTimeOrder].reverse();
      const filters: InboxFilter[] = [
        {},
        { rating: 'low' },
        { rating: 'low', contact: 'yes' },
        { rating: 'high', comment: 'no' },
        { state: 'handled' },
        { state: 'new', rating: 'mid' },
        { from: '2026-11-23', to: '2026-11-23' },
        { to: '2026-11-22' },
        { q: 'SLOW  service' },
      ];
      for (const filter of filters) {
        const expected = newestFirst.filter((r) => matchesInboxFilter(r, filter));
        expect((await wholeInbox(repositories, survey.id, filter, 4, 200)).items, JSON.stringify(filter)).toEqual(
          expected,
        );
        // A request that may look at only 3 responses still gets there, page by page.
        const bounded = await wholeInbox(repositories, survey.id, filter, 4, 3);
        expect(bounded.items, JSON.stringify(filter)).toEqual(expected);
        // The export's read: in the same order, a page per 4 responses of the band and dates looked at.
        const pages: InboxResponseRecord[][] = [];
        for await (const page of responses.inboxNewestFirst(survey.id, filter, 4)) pages.push(page);
        expect(pages.flat(), JSON.stringify(filter)).toEqual(expected);
        expect(Math.max(0, ...pages.map((p) => p.length))).toBeLessThanOrEqual(4);
      }
      // Each page is looked at once: the whole survey in pages of 4 is 7 pages (26 responses).
      let whole = 0;
      for await (const _page of responses.inboxNewestFirst(survey.id, {}, 4)) whole++;
      expect(whole).toBe(7);

      // Reopened, the note removed: as new as before.
      expect(await responses.setInboxState(survey.id, [handled[0]!.id], 'new', new Date(tick()).toISOString())).toBe(1);
      expect(await responses.setNote(survey.id, inTimeOrder[6]!.id, null, new Date(tick()).toISOString())).toBe(true);
      const { items } = await responses.pageInbox(survey.id, { filter: {}, limit: 30, maxRead: 100 });
      expect(items.find((r) => r.id === handled[0]!.id)!.state).toBe('new');
      expect(items.find((r) => r.id === inTimeOrder[6]!.id)).toMatchObject({ state: 'handled', note: null });
      // The inbox goes with its responses.
      await responses.deleteBySurvey(survey.id);
      expect(await responses.pageInbox(survey.id, { filter: {}, limit: 30, maxRead: 100 })).toEqual({
        items: [],
        next: null,
      });
    });
  });

  describe(`response store (${name})`, () => {
    it('stores a submit as one item; the same key again stores nothing and reads as a duplicate', async () => {
      const repositories = repositoriesOf();
      const { responses, stats } = repositories;
      const survey = await published(repositories);
      const key = randomUUID();
      const first = submission(survey, { rating: 4, comment: 'Lovely' }, key);
      expect(await responses.submit(first)).toBe('stored');
      expect(await responses.submit(submission(survey, { rating: 1 }, key))).toBe('duplicate');
      expect(await allResponses(repositories, survey.id)).toEqual([first.response]);
      // A new response is new in the inbox, without a note (what the exports read with it).
      expect((await responses.pageBySurvey(survey.id, undefined, 10)).items[0]).toMatchObject({
        state: 'new',
        note: null,
      });
      // Counting is the stats worker's (on a live stack it may run meanwhile): once, whoever counts.
      await stats.count([created(first)]);
      expect((await stats.getTally(survey.id))!.count).toBe(1);
    });

    it('keeps a response’s consent and evidence with it; the owner only takes a consented one off the website', async () => {
      const repositories = repositoriesOf();
      const { responses } = repositories;
      const survey = await published(repositories);
      const evidence = { invitation: 'email-request', invitedAt: new Date(tick()).toISOString() } as const;
      const consented = submission(survey, {
        websiteConsent: { shownAs: 'Anna', nameStyle: 'first-name', hiddenReason: null, hiddenAt: null },
        evidence: { ...evidence, everyoneOfferedPublicReview: true },
      });
      const withheld = submission(survey, {
        evidence: { invitation: 'public-link', invitedAt: null, everyoneOfferedPublicReview: false },
      });
      await responses.submit(consented);
      await responses.submit(withheld);
      const byId = async () =>
        new Map((await responses.pageBySurvey(survey.id, undefined, 10)).items.map((r) => [r.id, r]));
      expect((await byId()).get(consented.response.id)).toMatchObject({
        websiteConsent: consented.response.websiteConsent,
        evidence: consented.response.evidence,
      });
      expect((await byId()).get(withheld.response.id)?.websiteConsent ?? null).toBeNull();
      expect((await byId()).get(withheld.response.id)?.evidence).toEqual(withheld.response.evidence);

      const at = new Date(tick()).toISOString();
      const hidden = { shownAs: 'Anna', nameStyle: 'first-name', hiddenReason: 'offensive', hiddenAt: at };
      expect(await responses.hideFromWebsite(survey.id, consented.response.id, 'offensive', at)).toEqual(hidden);
      // The first reason stays; a response without consent is never given one; an unknown response is not found.
      const later = new Date(tick()).toISOString();
      expect(await responses.hideFromWebsite(survey.id, consented.response.id, 'personal-data', later)).toEqual(hidden);
      expect(await responses.hideFromWebsite(survey.id, withheld.response.id, 'offensive', later)).toBe('no-consent');
      expect(await responses.hideFromWebsite(survey.id, newId(tick()), 'offensive', later)).toBe('not-found');
      expect((await byId()).get(consented.response.id)?.websiteConsent).toEqual(hidden);
      expect((await byId()).get(withheld.response.id)?.websiteConsent ?? null).toBeNull();
    });

    it('flags a review click once, only with the response’s own token; an unknown response is not found', async () => {
      const repositories = repositoriesOf();
      const { responses } = repositories;
      const survey = await published(repositories);
      const answer = submission(survey);
      await responses.submit(answer);
      const id = answer.response.id;
      expect(await responses.recordReviewClick(survey.id, id, 'another-hash')).toBe('not-found');
      expect(await responses.recordReviewClick(survey.id, id, answer.clickTokenHash)).toBe('clicked');
      expect(await responses.recordReviewClick(survey.id, id, answer.clickTokenHash)).toBe('already-clicked');
      expect(await responses.recordReviewClick(survey.id, id, 'another-hash')).toBe('not-found');
      expect(await responses.recordReviewClick(survey.id, newId(tick()), answer.clickTokenHash)).toBe('not-found');
      expect(await allResponses(repositories, survey.id)).toEqual([{ ...answer.response, googleReviewClicked: true }]);
    });

    it('pages a survey’s responses in id order, reads the latest comments alone, and deletes them', async () => {
      const repositories = repositoriesOf();
      const { responses } = repositories;
      const survey = await published(repositories);
      const other = await published(repositories);
      // More than one batch write (25 keys) of responses; every third without a comment, some blank.
      const inTimeOrder: SurveyResponseRecord[] = [];
      for (let i = 0; i < 30; i++) {
        const comment = i % 3 === 0 ? null : i % 5 === 0 ? '   ' : `comment ${i}`;
        const answer = submission(survey, { rating: (i % 5) + 1, comment });
        expect(await responses.submit(answer)).toBe('stored');
        inTimeOrder.push(answer.response);
      }
      await responses.submit(submission(other, { comment: 'elsewhere' }));
      const stored = [...inTimeOrder]
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .map((r) => ({ ...r, state: 'new', note: null }));

      const first = await responses.pageBySurvey(survey.id, undefined, 10);
      expect(first).toEqual({ items: stored.slice(0, 10), next: stored[9]!.id });
      expect((await responses.pageBySurvey(survey.id, first.next!, 25)).items).toEqual(stored.slice(10));
      expect(await responses.pageBySurvey(survey.id, stored[29]!.id, 10)).toEqual({ items: [], next: null });
      const commented = [...inTimeOrder].reverse().filter((r) => r.comment?.trim());
      expect(await responses.listFeedback(survey.id, 5)).toEqual(commented.slice(0, 5));

      await responses.delete(survey.id, [stored[0]!.id, stored[1]!.id]);
      expect((await allResponses(repositories, survey.id)).map((r) => r.id)).toEqual(stored.slice(2).map((r) => r.id));
      await responses.deleteBySurvey(survey.id);
      expect(await allResponses(repositories, survey.id)).toEqual([]);
      expect(await responses.listFeedback(survey.id, 100)).toEqual([]);
      expect(await allResponses(repositories, other.id)).toHaveLength(1);
      await responses.deleteBySurvey(survey.id);
    });
  });

  describe(`survey stats (${name})`, () => {
    it('has nothing for a survey nobody answered; counts every star; deletes with its survey', async () => {
      const repositories = repositoriesOf();
      const { responses, stats } = repositories;
      const survey = await published(repositories);
      expect(await stats.getTally(survey.id)).toBeUndefined();
      const answers = [1, 5, 5].map((rating) => submission(survey, { rating }));
      for (const a of answers) await responses.submit(a);
      expect(await stats.count(answers.map(created))).toEqual([]);
      expect(await stats.getTally(survey.id)).toEqual({
        surveyId: survey.id,
        count: 3,
        sum: 11,
        histogram: [1, 0, 0, 0, 2],
        reviewClicks: 0,
      });
      await stats.deleteBySurvey(survey.id);
      await stats.deleteBySurvey(survey.id);
      expect(await stats.getTally(survey.id)).toBeUndefined();
    });

    it('counts each response and click once: a batch again, out of order, partly counted, or of a deleted response', async () => {
      const repositories = repositoriesOf();
      const { responses, stats } = repositories;
      const survey = await published(repositories);
      const other = await published(repositories);
      const [a, b, c, gone] = [4, 5, 2, 3].map((rating) => submission(survey, { rating }));
      const elsewhere = submission(other, { rating: 1 });
      // `gone` is never stored: as a response deleted before its record came (a live stack's stats worker
      // could count a stored one before the delete).
      for (const s of [a!, b!, c!, elsewhere]) await responses.submit(s);
      await responses.recordReviewClick(survey.id, b!.response.id, b!.clickTokenHash);

      // The click before its response's creation, a record twice in one batch, two surveys, a deleted response.
      expect(await stats.count([clicked(b!), created(a!), created(a!), created(gone!), created(elsewhere)])).toEqual(
        [],
      );
      // Again, with what came before and what is new mixed: only the new counts.
      expect(await stats.count([created(b!), created(a!), clicked(b!), created(c!), created(elsewhere)])).toEqual([]);
      // A click the response does not have yet counts nothing (it comes again once it is flagged).
      expect(await stats.count([clicked(a!)])).toEqual([]);
      expect(await stats.count([created(a!), created(b!), created(c!), clicked(b!)])).toEqual([]);

      expect(await stats.getTally(survey.id)).toEqual({
        surveyId: survey.id,
        count: 3,
        sum: 11,
        histogram: [0, 1, 0, 1, 1],
        reviewClicks: 1,
      });
      expect(await stats.getTally(other.id)).toEqual({
        ...zeroTally(other.id),
        count: 1,
        sum: 1,
        histogram: [1, 0, 0, 0, 0],
      });
    });
  });

  describe(`website reviews (${name})`, () => {
    it('shows consented comments of stored responses newest first, never a hidden one again; counts a hide once', async () => {
      const repositories = repositoriesOf();
      const { responses, websiteReviews } = repositories;
      const survey = await published(repositories);
      expect(await websiteReviews.get(survey.id)).toEqual(noWebsiteReviews());
      const consent = { shownAs: 'Anna', nameStyle: 'first-name', hiddenReason: null, hiddenAt: null } as const;
      const [a, b, gone] = ['Lekker', 'Vers', 'Nooit opgeslagen'].map((comment) =>
        submission(survey, { rating: 4, comment, websiteConsent: consent }),
      );
      const bare = submission(survey, { rating: 5, comment: 'Zonder toestemming' });
      for (const s of [a!, b!, bare]) await responses.submit(s);
      const commentOf = ({ response: r }: NewSubmission) => ({
        id: r.id,
        rating: r.rating,
        comment: r.comment!,
        shownAs: 'Anna',
        createdAt: r.createdAt,
        invitation: 'public-link' as const,
      });
      const shown = (s: NewSubmission): WebsiteReviewChange => ({
        kind: 'shown',
        surveyId: survey.id,
        comment: commentOf(s),
      });
      const noRefill = async () => [];
      // Twice, out of order, one never stored, one without consent: the two consented ones, newest first.
      expect(
        await websiteReviews.apply([shown(b!), shown(a!), shown(b!), shown(gone!), shown(bare)], noRefill),
      ).toEqual([]);
      expect((await websiteReviews.get(survey.id)).comments.map((c) => c.id)).toEqual([b!.response.id, a!.response.id]);

      await responses.hideFromWebsite(survey.id, b!.response.id, 'offensive', new Date(tick()).toISOString());
      const hidden: WebsiteReviewChange = {
        kind: 'hidden',
        surveyId: survey.id,
        responseId: b!.response.id,
        reason: 'offensive',
      };
      // The hide twice, and its comment's creation again.
      expect(await websiteReviews.apply([hidden, hidden, shown(b!)], noRefill)).toEqual([]);
      expect(await websiteReviews.get(survey.id)).toEqual({
        comments: [commentOf(a!)],
        hidden: { 'personal-data': 0, offensive: 1, 'not-about-business': 0 },
      });
      await websiteReviews.deleteBySurvey(survey.id);
      await websiteReviews.deleteBySurvey(survey.id);
      expect(await websiteReviews.get(survey.id)).toEqual(noWebsiteReviews());
      await responses.deleteBySurvey(survey.id);
    });
  });

  describe(`survey week tallies (${name})`, () => {
    it('counts each response in its UTC ISO week once, reads a range of weeks, deletes them with the survey', async () => {
      const repositories = repositoriesOf();
      const { responses, stats } = repositories;
      const survey = await published(repositories);
      const other = await published(repositories);
      // Across a year boundary: 2026-W53 ends on Sunday 3 January 2027.
      const dated = (rating: number, createdAt: string) => {
        const s = submission(survey, { rating });
        return { ...s, response: { ...s.response, createdAt } };
      };
      const answers = [
        ...Array.from({ length: 7 }, (_, i) => dated((i % 5) + 1, `2026-12-2${1 + (i % 7)}T10:00:00.000Z`)),
        dated(5, '2027-01-03T23:59:59.000Z'),
        dated(4, '2027-01-04T00:00:00.000Z'),
        dated(1, '2027-01-05T10:00:00.000Z'),
        dated(2, '2026-11-01T10:00:00.000Z'),
      ];
      for (const a of answers) await responses.submit(a);
      await responses.submit(submission(other, { rating: 3 }));
      // Counted once, whatever comes again (on a live stack the worker may have counted them already).
      expect(await stats.count(answers.map(created))).toEqual([]);
      expect(await stats.count([...answers].reverse().map(created))).toEqual([]);
      expect(await stats.getWeeks(survey.id, '2026-W49', '2027-W02')).toEqual([
        { week: '2026-W52', count: 7, sum: 18, histogram: [2, 2, 1, 1, 1] },
        { week: '2026-W53', count: 1, sum: 5, histogram: [0, 0, 0, 0, 1] },
        { week: '2027-W01', count: 2, sum: 5, histogram: [1, 0, 0, 1, 0] },
      ]);
      expect(await stats.getWeeks(survey.id, '2026-W44', '2026-W44')).toEqual([
        { week: '2026-W44', count: 1, sum: 2, histogram: [0, 1, 0, 0, 0] },
      ]);
      expect((await stats.getTally(survey.id))!.count).toBe(11);
      await stats.deleteBySurvey(survey.id);
      await stats.deleteBySurvey(survey.id);
      expect(await stats.getWeeks(survey.id, '2026-W01', '2027-W52')).toEqual([]);
      expect(await stats.getTally(survey.id)).toBeUndefined();
    });
  });

  describe(`client-key salts (${name})`, () => {
    it('keeps the first salt made for a day', async () => {
      const { salts } = repositoriesOf();
      const day = `day-${randomUUID()}`;
      expect(await salts.saltOf(day, 'first', 1)).toBe('first');
      expect(await salts.saltOf(day, 'second', 1)).toBe('first');
    });
  });

  describe(`rate windows (${name})`, () => {
    it('counts up to the limit per window, and forgets a key’s windows', async () => {
      const repositories = repositoriesOf();
      const { rateLimiter } = repositories;
      const survey = await published(repositories);
      const epoch = Math.floor(Date.now() / 1000);
      const start = epoch - (epoch % 60);
      const slot = (window: number): RateSlot => ({
        key: `survey:${survey.id}`,
        window,
        limit: 2,
        expiresAt: epoch + 600,
        endsAt: window + 60,
      });
      const [now, next] = [slot(start), slot(start + 60)];
      expect(await rateLimiter.consume(now)).toBe(true);
      expect(await rateLimiter.consume(now)).toBe(true);
      expect(await rateLimiter.consume(now)).toBe(false);
      expect(await rateLimiter.consume(next)).toBe(true);
      await rateLimiter.deleteByKey(now.key);
      await rateLimiter.deleteByKey(now.key);
      expect(await rateLimiter.consume(now)).toBe(true);
      expect(await rateLimiter.consume(next)).toBe(true);
    });

    it('counts a block of events at once only while all of them fit', async () => {
      const { rateLimiter } = repositoriesOf();
      const epoch = Math.floor(Date.now() / 1000);
      const slot: RateSlot = {
        key: `survey:${randomUUID()}`,
        window: epoch - (epoch % 60),
        limit: 5,
        expiresAt: epoch + 600,
        endsAt: epoch + 60,
      };
      expect(await rateLimiter.consume(slot, 3)).toBe(true);
      expect(await rateLimiter.consume(slot, 3)).toBe(false);
      expect(await rateLimiter.consume(slot, 2)).toBe(true);
      expect(await rateLimiter.consume(slot)).toBe(false);
      await rateLimiter.deleteByKey(slot.key);
    });
  });

  describe(`profile repository (${name})`, () => {
    it('keeps a profile per user, created by the first update', async () => {
      const { profiles } = repositoriesOf();
      const user = randomUUID();
      expect(await profiles.get(user)).toBeUndefined();
      const saved = await profiles.update(user, { surveyUrlCopied: true }, '2026-11-21T08:00:00.000Z');
      expect(saved).toEqual({
        userId: user,
        fullName: '',
        businessName: '',
        businessIndustry: '',
        phone: '',
        businessAddress: '',
        vatNumber: '',
        surveyUrlCopied: true,
        language: null,
        updatedAt: '2026-11-21T08:00:00.000Z',
      });
      const again = await profiles.update(user, { fullName: 'Ann', phone: '' }, '2026-11-21T09:00:00.000Z');
      expect(again).toMatchObject({ fullName: 'Ann', surveyUrlCopied: true, updatedAt: '2026-11-21T09:00:00.000Z' });
      expect(await profiles.get(user)).toEqual(again);
    });

    it('prefills a profile never saved, keeps its first values, and leaves a saved one alone', async () => {
      const { profiles } = repositoriesOf();
      const [fresh, saved] = [randomUUID(), randomUUID()];
      await profiles.prefill(fresh, { fullName: 'Anna', businessName: 'Bakery', businessIndustry: '' });
      await profiles.prefill(fresh, { fullName: 'Later', businessIndustry: 'Food' });
      expect(await profiles.get(fresh)).toMatchObject({
        fullName: 'Anna',
        businessName: 'Bakery',
        businessIndustry: 'Food',
        updatedAt: null,
      });
      await profiles.update(saved, { fullName: 'Bea' }, '2026-11-21T08:00:00.000Z');
      await profiles.prefill(saved, { fullName: 'Anna', businessName: 'Bakery' });
      expect(await profiles.get(saved)).toMatchObject({ fullName: 'Bea', businessName: '' });
    });

    it('records the interface language without counting it as saving the profile', async () => {
      const { profiles } = repositoriesOf();
      const [fresh, saved] = [randomUUID(), randomUUID()];
      // Recorded before anything else: the profile still reads as never saved, so the wizard's prefill applies.
      expect(await profiles.update(fresh, { language: 'nl' })).toMatchObject({ language: 'nl', updatedAt: null });
      await profiles.prefill(fresh, { fullName: 'Anna' });
      expect(await profiles.get(fresh)).toMatchObject({ fullName: 'Anna', language: 'nl', updatedAt: null });
      await profiles.update(saved, { fullName: 'Bea' }, '2026-11-21T08:00:00.000Z');
      expect(await profiles.update(saved, { language: 'en' })).toMatchObject({
        fullName: 'Bea',
        language: 'en',
        updatedAt: '2026-11-21T08:00:00.000Z',
      });
      expect((await profiles.update(saved, { language: 'nl' })).language).toBe('nl');
    });

    it('deletes an owner’s profile only', async () => {
      const { profiles } = repositoriesOf();
      const [owner, other] = [randomUUID(), randomUUID()];
      for (const userId of [owner, other]) await profiles.update(userId, { fullName: 'Bea' }, new Date().toISOString());
      await profiles.deleteByOwner(owner);
      await profiles.deleteByOwner(owner);
      expect(await profiles.get(owner)).toBeUndefined();
      expect(await profiles.get(other)).toMatchObject({ fullName: 'Bea' });
    });
  });

  // Billing (docs/data-model.md "Payment"): whatever order Mollie's calls arrive in, a final status is never
  // replaced by a stale read.
  const record = (userId: string, overrides: Partial<BillingRecord> = {}): BillingRecord => ({
    userId,
    id: `tr_${randomUUID().replace(/-/g, '').slice(0, 10)}`,
    amount: 120,
    currency: 'EUR',
    status: 'pending',
    providerStatus: 'open',
    description: 'Growth - Annual Subscription',
    plan: 'growth',
    method: null,
    cardLabel: null,
    createdAt: '2026-11-21T08:00:00.000Z',
    paidAt: null,
    reversal: null,
    ...overrides,
  });
  const paid = (r: BillingRecord): BillingRecord => ({
    ...r,
    status: 'completed',
    providerStatus: 'paid',
    method: 'creditcard',
    cardLabel: 'Visa •••• 4242',
    paidAt: '2026-11-21T08:01:00.000Z',
  });
  const at = '2026-11-21T09:00:00.000Z';

  describe(`billing repository (${name})`, () => {
    it('round-trips a record, nulls included, and keeps it in its owner’s partition', async () => {
      const { billing } = repositoriesOf();
      const manual = record(randomUUID(), { plan: null, currency: 'SEK', amount: 12.5, description: 'Payment' });
      expect(await billing.upsertFromProvider(manual, at)).toBe('written');
      const { userId, ...payment } = manual;
      expect(await billing.get(userId, manual.id)).toEqual({ userId, ...payment });
      expect(await billing.get(randomUUID(), manual.id)).toBeUndefined();
      expect(await billing.listForUser(randomUUID())).toEqual([]);
    });

    it('lists an owner’s payments newest first, and only theirs', async () => {
      const { billing } = repositoriesOf();
      const owner = randomUUID();
      const older = record(owner, { createdAt: '2026-01-01T00:00:00.000Z' });
      const newer = record(owner, { createdAt: '2026-06-01T00:00:00.000Z' });
      const newest = record(owner, { createdAt: '2026-11-01T00:00:00.000Z' });
      for (const r of [newer, older, newest]) await billing.upsertFromProvider(r, at);
      await billing.upsertFromProvider(record(randomUUID()), at);
      expect((await billing.listForUser(owner)).map((r) => r.id)).toEqual([newest.id, newer.id, older.id]);
    });

    it('moves forward (open → paid), is idempotent, and never lets a stale read undo a final status', async () => {
      const { billing } = repositoriesOf();
      const open = record(randomUUID());
      expect(await billing.upsertFromProvider(open, at)).toBe('written');
      expect(await billing.upsertFromProvider(paid(open), at)).toBe('became-paid');
      expect(await billing.upsertFromProvider(paid(open), at)).toBe('written');
      expect(await billing.upsertFromProvider(open, at)).toBe('kept');
      expect(await billing.upsertFromProvider({ ...open, status: 'pending', providerStatus: 'pending' }, at)).toBe(
        'kept',
      );
      expect(await billing.upsertFromProvider({ ...open, status: 'failed', providerStatus: 'failed' }, at)).toBe(
        'kept',
      );
      expect(await billing.get(open.userId, open.id)).toEqual(paid(open));
    });

    it('ends with the final status whatever the order of concurrent writes', async () => {
      const { billing } = repositoriesOf();
      const open = record(randomUUID());
      const states = [open, { ...open, providerStatus: 'pending' as const }, paid(open), open, paid(open)];
      await Promise.all(states.map((s) => billing.upsertFromProvider(s, at)));
      expect(await billing.listForUser(open.userId)).toEqual([paid(open)]);
    });

    it('deletes an owner’s records only', async () => {
      const { billing } = repositoriesOf();
      const [owner, other] = [randomUUID(), randomUUID()];
      for (const userId of [owner, other, owner]) await billing.upsertFromProvider(record(userId), at);
      await billing.deleteByOwner(owner);
      await billing.deleteByOwner(owner);
      expect(await billing.listForUser(owner)).toEqual([]);
      expect(await billing.listForUser(other)).toHaveLength(1);
    });
  });

  describe(`recovery codes (${name})`, () => {
    it('uses each code of the owner’s set once, replaces the set whole, and forgets it', async () => {
      const { recoveryCodes } = repositoriesOf();
      const [userId, other] = [randomUUID(), randomUUID()];
      expect(await recoveryCodes.get(userId)).toBeUndefined();
      expect(await recoveryCodes.consume(userId, 'aaaaabbbbb')).toBe(false);
      await recoveryCodes.replace(userId, ['aaaaabbbbb', 'cccccddddd'], '2026-11-21T08:00:00.000Z');
      expect(await recoveryCodes.get(userId)).toEqual({ remaining: 2, createdAt: '2026-11-21T08:00:00.000Z' });
      // Another owner's code is not this owner's, however it is spelt.
      expect(await recoveryCodes.consume(other, 'aaaaabbbbb')).toBe(false);
      const twice = await Promise.all([
        recoveryCodes.consume(userId, 'aaaaabbbbb'),
        recoveryCodes.consume(userId, 'aaaaabbbbb'),
      ]);
      expect(twice.sort()).toEqual([false, true]);
      expect(await recoveryCodes.get(userId)).toMatchObject({ remaining: 1 });
      expect(await recoveryCodes.consume(userId, 'cccccddddd')).toBe(true);
      // The last one used: the set is there, with none left.
      expect(await recoveryCodes.get(userId)).toMatchObject({ remaining: 0 });
      expect(await recoveryCodes.consume(userId, 'cccccddddd')).toBe(false);
      await recoveryCodes.replace(userId, ['eeeeefffff'], '2026-11-22T08:00:00.000Z');
      expect(await recoveryCodes.consume(userId, 'aaaaabbbbb')).toBe(false);
      expect(await recoveryCodes.get(userId)).toEqual({ remaining: 1, createdAt: '2026-11-22T08:00:00.000Z' });
      await recoveryCodes.deleteByOwner(userId);
      await recoveryCodes.deleteByOwner(userId);
      expect(await recoveryCodes.get(userId)).toBeUndefined();
      expect(await recoveryCodes.consume(userId, 'eeeeefffff')).toBe(false);
    });
  });

  describe(`export jobs (${name})`, () => {
    it('lets one export hold a survey at a time: until it finishes, or its run shows no sign of life for exportStaleMs', async () => {
      const { exportJobs } = repositoriesOf();
      const surveyId = newId(tick());
      const job = (at: number) => ({
        surveyId,
        id: newId(at),
        ownerId: randomUUID(),
        language: 'en' as const,
        filter: undefined,
        fileKey: `exports/${surveyId}/${at}.csv`,
        state: 'queued' as const,
        rows: 0,
        createdAt: new Date(at).toISOString(),
        updatedAt: new Date(at).toISOString(),
        expiresAt: Math.floor(at / 1000) + 86_400,
      });
      const iso = (at: number) => new Date(at).toISOString();
      const start = tick();
      const first = job(start);
      expect(await exportJobs.create(first)).toBeUndefined();
      expect(await exportJobs.running(surveyId, iso(start))).toBe(first.id);
      const second = job(tick());
      expect(await exportJobs.create(second)).toEqual({ running: first.id });
      expect(await exportJobs.get(surveyId, second.id)).toBeUndefined();

      // Each sign of life (claim, progress) holds the survey for exportStaleMs more.
      const claimedAt = start + exportStaleMs - 1000;
      await exportJobs.claim(surveyId, first.id, iso(claimedAt), iso(claimedAt - exportStaleMs));
      const late = job(start + exportStaleMs + 1000);
      expect(await exportJobs.create(late)).toEqual({ running: first.id });
      await exportJobs.progress(surveyId, first.id, 10, iso(claimedAt + exportStaleMs - 1000));
      expect(await exportJobs.running(surveyId, iso(claimedAt + exportStaleMs + 1000))).toBe(first.id);

      // Finished: free at once.
      await exportJobs.finish(surveyId, first.id, 'done', 10, iso(claimedAt + exportStaleMs));
      expect(await exportJobs.running(surveyId, iso(claimedAt + exportStaleMs))).toBeUndefined();
      const third = job(claimedAt + exportStaleMs + 1000);
      expect(await exportJobs.create(third)).toBeUndefined();

      // A dead run lets go: past exportStaleMs without a sign of life another export takes over, and the dead
      // one's finish does not free the survey of the new one.
      const fourth = job(claimedAt + 2 * exportStaleMs + 2000);
      expect(await exportJobs.create(fourth)).toBeUndefined();
      await exportJobs.finish(surveyId, third.id, 'failed', 0, iso(claimedAt + 2 * exportStaleMs + 3000));
      expect(await exportJobs.running(surveyId, iso(claimedAt + 2 * exportStaleMs + 3000))).toBe(fourth.id);

      await exportJobs.deleteBySurvey(surveyId);
      expect(await exportJobs.running(surveyId, iso(claimedAt + 2 * exportStaleMs + 3000))).toBeUndefined();
      expect(await exportJobs.get(surveyId, fourth.id)).toBeUndefined();
    });
  });

  describe(`erasure repository (${name})`, () => {
    it('keeps one erasure job per user until it is finished', async () => {
      const { erasures: data } = repositoriesOf();
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
      const { erasures: data } = repositoriesOf();
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

    it('makes every creating write of an erased owner write nothing (the tombstone is a condition in the write)', async () => {
      const { erasures, surveys, profiles, exportJobs, recoveryCodes } = repositoriesOf();
      const userId = randomUUID();
      const kept = draft(userId);
      const exportJob = (ownerId: string) => {
        const at = tick();
        return {
          surveyId: kept.id,
          id: newId(at),
          ownerId,
          language: 'en' as const,
          filter: undefined,
          fileKey: `exports/${kept.id}/${at}.csv`,
          state: 'queued' as const,
          rows: 0,
          createdAt: new Date(at).toISOString(),
          updatedAt: new Date(at).toISOString(),
          expiresAt: Math.floor(at / 1000) + 86_400,
        };
      };
      await surveys.create(kept);
      // An erasure 2 hours ago: its tombstone is still live (it outlives every late arrival by far).
      await erasures.markErased(userId, erasureTombstoneExpiry(Date.now() - 2 * 3600 * 1000));
      const erased = /account was deleted/;
      await expect(surveys.create(draft(userId))).rejects.toThrow(erased);
      await expect(surveys.publish(userId, kept.id, publication(uniqueCode()))).rejects.toThrow(erased);
      await expect(profiles.update(userId, { fullName: 'Late' }, new Date().toISOString())).rejects.toThrow(erased);
      await expect(profiles.prefill(userId, { fullName: 'Late' })).rejects.toThrow(erased);
      const lateExport = exportJob(userId);
      await expect(exportJobs.create(lateExport)).rejects.toThrow(erased);
      await expect(recoveryCodes.replace(userId, ['aaaaabbbbb'], new Date().toISOString())).rejects.toThrow(erased);
      expect(await recoveryCodes.get(userId)).toBeUndefined();
      expect(await exportJobs.get(kept.id, lateExport.id)).toBeUndefined();
      expect((await surveys.listByOwner(userId)).map((s) => s.id)).toEqual([kept.id]);
      expect((await surveys.get(userId, kept.id))?.surveyCode).toBeNull();
      expect(await profiles.get(userId)).toBeUndefined();
      // Nobody else is refused.
      const other = randomUUID();
      await surveys.create(draft(other));
      expect((await profiles.update(other, { fullName: 'Ann' }, new Date().toISOString())).fullName).toBe('Ann');
      const othersExport = exportJob(other);
      await exportJobs.create(othersExport);
      expect((await exportJobs.get(kept.id, othersExport.id))?.state).toBe('queued');
    });
  });
}
