import { beforeEach, describe, expect, it } from 'vitest';
import {
  defaultErrorMessages,
  routeContracts,
  surveyCodePattern,
  surveyDefaultTexts,
  surveyDefaults,
  surveyMessages,
  surveySchema,
  allowancesOf,
  type AccountState,
  type Survey,
} from '@reviewroute/shared';
import { ApiError } from '../../lib/api-error';
import { parseInput } from '../../lib/validation';
import { createMemoryStores, MemorySurveyRepository } from '../../../testing/data/memory';
import { StaleSurveyVersionError } from '../../data/survey-repository';
import { createSurveyService, type SurveyServiceDeps } from './service';
import { noWebsiteReviews } from '../../data/website-reviews';

const owner = 'owner-1';
const other = 'owner-2';
const step1 = {
  businessName: "Joe's Pizza & Pasta",
  businessOwnerName: 'Joe',
  googleBusinessUrl: 'search.google.com/local/writereview?placeid=abc',
  supportEmail: 'joe@example.com',
};

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);

/** Fixed clock and ids so results are exact. */
function setup(overrides: Partial<SurveyServiceDeps> = {}) {
  const stores = createMemoryStores();
  let t = Date.parse('2026-11-21T08:00:00.000Z');
  let n = 0;
  const real = createSurveyService({
    ...stores,
    siteOrigin: () => 'https://app.example.com/',
    now: () => new Date((t += 1000)),
    newId: () => `0195a3c4-7b00-7000-8000-${String(++n).padStart(12, '0')}`,
    ...overrides,
  });
  // The writes take bodies as a client sends them, parsed with the route's schema as the router does.
  const service = {
    ...real,
    create: async (userId: string, input: unknown) =>
      real.create(userId, parseInput(routeContracts['create-survey'].body, input)),
    // An edit of the stored version unless the test names another.
    update: async (userId: string, surveyId: string, input: object) =>
      real.update(
        userId,
        surveyId,
        parseInput(routeContracts['update-survey'].body, {
          version: (await stores.surveys.get(userId, surveyId))?.version ?? 1,
          ...input,
        }),
      ),
    createUpload: async (userId: string, surveyId: string, input: unknown) =>
      real.createUpload(userId, surveyId, parseInput(routeContracts['create-upload'].body, input)),
    confirmUpload: async (userId: string, surveyId: string, input: unknown) =>
      real.confirmUpload(userId, surveyId, parseInput(routeContracts['confirm-upload'].body, input)),
  };
  return { ...stores, service };
}

async function expectApiError(promise: Promise<unknown>, code: string, message?: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).code).toBe(code);
  if (message !== undefined) expect((error as ApiError).message).toBe(message);
  return error as ApiError;
}

describe('survey service', () => {
  let ctx: ReturnType<typeof setup>;
  beforeEach(() => {
    ctx = setup();
  });

  describe('create', () => {
    it('prefills a new owner’s profile from step 1, and never overwrites a profile the owner saved', async () => {
      await ctx.service.create(owner, { ...step1, industry: 'Pizzeria' });
      expect(await ctx.profiles.get(owner)).toMatchObject({
        fullName: 'Joe',
        businessName: step1.businessName,
        businessIndustry: 'Pizzeria',
        updatedAt: null,
      });
      await ctx.profiles.update(owner, { businessName: 'Joe & Sons' }, '2026-11-21T09:00:00.000Z');
      await ctx.service.create(owner, { ...step1, businessName: 'Second Shop' });
      expect(await ctx.profiles.get(owner)).toMatchObject({ businessName: 'Joe & Sons', fullName: 'Joe' });
    });

    it('creates a draft with the spec defaults and no code', async () => {
      const survey = await ctx.service.create(owner, step1);
      expect(surveySchema.parse(survey)).toEqual(survey);
      expect(survey).toMatchObject({
        ...surveyDefaults,
        ...step1,
        googleBusinessUrl: 'https://search.google.com/local/writereview?placeid=abc',
        userId: owner,
        status: 'draft',
        isActive: false,
        surveyCode: null,
        businessSlug: null,
        landingPageUrl: null,
        businessLogoUrl: null,
        highRatingPhotoUrl: null,
        industry: '',
      });
      expect(await ctx.surveys.get(owner, survey.id)).toEqual(survey);
    });

    it('refuses invalid step 1 input with the spec message and saves nothing', async () => {
      const error = await expectApiError(
        ctx.service.create(owner, { ...step1, supportEmail: '  ' }),
        'VALIDATION_FAILED',
        'Email is required',
      );
      expect(error.fields).toEqual({ supportEmail: 'Email is required' });
      expect(ctx.surveys.surveys.size).toBe(0);
    });

    it('ignores ids, owner and status in the body', async () => {
      const survey = await ctx.service.create(owner, { ...step1, id: 'x', userId: other, status: 'active' });
      expect(survey).toMatchObject({ userId: owner, status: 'draft' });
      expect(survey.id).not.toBe('x');
    });
  });

  describe('list and get', () => {
    it('lists only the owner’s surveys, newest first', async () => {
      const a = await ctx.service.create(owner, step1);
      await ctx.service.create(other, step1);
      const b = await ctx.service.create(owner, { ...step1, businessName: 'Second' });
      expect(await ctx.service.list(owner)).toEqual([
        {
          id: b.id,
          businessName: 'Second',
          status: 'draft',
          surveyCode: null,
          landingPageUrl: null,
          completedSteps: ['business'],
          createdAt: b.createdAt,
        },
        expect.objectContaining({ id: a.id }),
      ]);
    });

    it('answers another owner’s survey, an unknown id and a malformed id with 404', async () => {
      const a = await ctx.service.create(owner, step1);
      await expectApiError(ctx.service.get(other, a.id), 'NOT_FOUND');
      await expectApiError(ctx.service.get(owner, '0195a3c4-7b00-7000-8000-999999999999'), 'NOT_FOUND');
      await expectApiError(ctx.service.get(owner, 'x'.repeat(5000)), 'NOT_FOUND');
      await expectApiError(ctx.service.get(owner, '../etc'), 'NOT_FOUND');
    });
  });

  describe('update', () => {
    it('changes only the fields given', async () => {
      const a = await ctx.service.create(owner, step1);
      const updated = await ctx.service.update(owner, a.id, {
        customPrompt: 'How was the pizza?',
        customColors: { primaryColor: '#FF0000', backgroundColor: '#000000' },
      });
      expect(updated).toEqual({
        ...a,
        customPrompt: 'How was the pizza?',
        customColors: { primaryColor: '#ff0000', backgroundColor: '#000000' },
        updatedAt: updated.updatedAt,
        version: a.version + 1,
      });
      expect(updated.updatedAt > a.updatedAt).toBe(true);
    });

    it('refuses an edit that started from an older version with SURVEY_CHANGED and changes nothing', async () => {
      const a = await ctx.service.create(owner, step1);
      expect(a.version).toBe(1);
      // Saved elsewhere (another tab or device) after this edit started from version 1.
      const elsewhere = await ctx.service.update(owner, a.id, { version: 1, customPrompt: 'Saved elsewhere?' });
      expect(elsewhere.version).toBe(2);
      await expectApiError(
        ctx.service.update(owner, a.id, { version: 1, customPrompt: 'Stale?' }),
        'SURVEY_CHANGED',
        defaultErrorMessages.SURVEY_CHANGED,
      );
      expect(await ctx.surveys.get(owner, a.id)).toEqual(elsewhere);
      // A write racing past the read is stopped by the store's version condition just the same.
      await expect(
        ctx.surveys.update(owner, a.id, { customPrompt: 'Raced?' }, a.updatedAt, { expectedVersion: 1 }),
      ).rejects.toBeInstanceOf(StaleSurveyVersionError);
      expect(await ctx.surveys.get(owner, a.id)).toEqual(elsewhere);
    });

    it('refuses an update without the version it started from', () => {
      const body = routeContracts['update-survey'].body;
      expect(() => parseInput(body, { customPrompt: 'No version?' })).toThrow(ApiError);
      expect(parseInput(body, { version: 3, customPrompt: 'Versioned?' })).toMatchObject({ version: 3 });
    });

    it('records the completed steps in step order, once each', async () => {
      const a = await ctx.service.create(owner, step1);
      expect(a.completedSteps).toEqual(['business']);
      const routing = await ctx.service.update(owner, a.id, { completedStep: 'routing' });
      const landing = await ctx.service.update(owner, a.id, { completedStep: 'landing' });
      expect(routing.completedSteps).toEqual(['business', 'routing']);
      expect(landing.completedSteps).toEqual(['business', 'landing', 'routing']);
      const again = await ctx.service.update(owner, a.id, { completedStep: 'landing', customPrompt: 'Again?' });
      expect(again.completedSteps).toEqual(['business', 'landing', 'routing']);
    });

    it('refuses bad values with the spec message and changes nothing', async () => {
      const a = await ctx.service.create(owner, step1);
      await expectApiError(
        ctx.service.update(owner, a.id, { googleBusinessUrl: 'https://example.com' }),
        'VALIDATION_FAILED',
        surveyMessages.googleUrlInvalid,
      );
      expect(await ctx.surveys.get(owner, a.id)).toEqual(a);
    });

    it('answers 404 for another owner and changes nothing', async () => {
      const a = await ctx.service.create(owner, step1);
      await expectApiError(ctx.service.update(other, a.id, { businessName: 'Hijacked' }), 'NOT_FOUND');
      expect((await ctx.surveys.get(owner, a.id))!.businessName).toBe(step1.businessName);
    });
  });

  describe('publish within the plan (decisions 22)', () => {
    const active = { kind: 'active', daysRemaining: 100, paidAt: '2026-01-01', activeUntil: '2027-01-01' } as const;
    /** The entitlements of a plan state, as the reader answers them. */
    const inState = (state: () => AccountState) => async () => ({ state: state(), ...allowancesOf(state()) });
    async function published(local: ReturnType<typeof setup>, count: number) {
      for (let i = 0; i < count; i++) await local.service.publish(owner, (await local.service.create(owner, step1)).id);
    }

    it('lets a trial have 5 active surveys and refuses the 6th with SURVEY_LIMIT_REACHED (402), changing nothing', async () => {
      const local = setup({ entitlementsOf: inState(() => ({ kind: 'trial', daysRemaining: 5 })) });
      await published(local, 5);
      const sixth = await local.service.create(owner, step1);
      await expectApiError(local.service.publish(owner, sixth.id), 'SURVEY_LIMIT_REACHED');
      expect(await local.surveys.get(owner, sixth.id)).toMatchObject({ isActive: false, surveyCode: null });
      // Another owner's surveys do not count.
      const theirs = await local.service.create(other, step1);
      expect((await local.service.publish(other, theirs.id)).isActive).toBe(true);
    });

    it('allows Starter 1 and Enterprise any number; a survey already active publishes again', async () => {
      const starter = setup({ entitlementsOf: inState(() => ({ ...active, tier: 'starter' })) });
      const first = await starter.service.create(owner, step1);
      await starter.service.publish(owner, first.id);
      expect((await starter.service.publish(owner, first.id)).isActive).toBe(true);
      const second = await starter.service.create(owner, step1);
      await expectApiError(starter.service.publish(owner, second.id), 'SURVEY_LIMIT_REACHED');
      const enterprise = setup({ entitlementsOf: inState(() => ({ ...active, tier: 'enterprise' })) });
      await published(enterprise, 7);
    });

    it('refuses a further survey once the plan expired (PLAN_EXPIRED), while the active ones stay active', async () => {
      let state: AccountState = { ...active, tier: 'growth' };
      const local = setup({ entitlementsOf: inState(() => state) });
      const first = await local.service.create(owner, step1);
      await local.service.publish(owner, first.id);
      state = { kind: 'expired', tier: 'growth', paidAt: '2025-01-01', endedAt: '2026-01-01' };
      const next = await local.service.create(owner, step1);
      await expectApiError(local.service.publish(owner, next.id), 'PLAN_EXPIRED');
      expect((await local.surveys.get(owner, first.id))!.isActive).toBe(true);
      state = { kind: 'trial-ended' };
      await expectApiError(local.service.publish(owner, next.id), 'PLAN_EXPIRED');
    });
  });

  describe('publish', () => {
    it('generates the code, slug and absolute landing URL and activates the survey', async () => {
      const a = await ctx.service.create(owner, step1);
      const published = await ctx.service.publish(owner, a.id);
      expect(published.surveyCode).toMatch(surveyCodePattern);
      expect(published).toMatchObject({
        status: 'active',
        isActive: true,
        businessSlug: 'joes-pizza-pasta',
        landingPageUrl: `https://app.example.com/surveys/${published.surveyCode}/joes-pizza-pasta`,
      });
      expect(await ctx.surveys.findByCode(published.surveyCode!)).toEqual(published);
    });

    it('gives a Dutch survey Dutch default texts and a /nl link (decisions 17)', async () => {
      const a = await ctx.service.create(owner, { ...step1, language: 'nl' });
      expect(a).toMatchObject({ language: 'nl', ...surveyDefaultTexts.nl });
      const published = await ctx.service.publish(owner, a.id);
      expect(published.landingPageUrl).toBe(
        `https://app.example.com/nl/surveys/${published.surveyCode}/joes-pizza-pasta`,
      );
    });

    it('moves the link with a changed language and keeps code and slug', async () => {
      const a = await ctx.service.create(owner, step1);
      expect(a.language).toBe('en');
      const first = await ctx.service.publish(owner, a.id);
      const dutch = await ctx.service.update(owner, a.id, { language: 'nl' });
      expect(dutch).toMatchObject({ language: 'nl', surveyCode: first.surveyCode, businessSlug: first.businessSlug });
      expect(dutch.landingPageUrl).toBe(`https://app.example.com/nl/surveys/${first.surveyCode}/joes-pizza-pasta`);
      expect((await ctx.service.update(owner, a.id, { language: 'en' })).landingPageUrl).toBe(first.landingPageUrl);
    });

    it('never changes the code of a published survey, even after the name changes', async () => {
      const a = await ctx.service.create(owner, step1);
      const first = await ctx.service.publish(owner, a.id);
      await ctx.service.update(owner, a.id, { businessName: 'Renamed' });
      const again = await ctx.service.publish(owner, a.id);
      expect(again.surveyCode).toBe(first.surveyCode);
      expect(again.landingPageUrl).toBe(first.landingPageUrl);
      expect(ctx.surveys.codes.size).toBe(1);
    });

    it('retries with a new code when the code is taken', async () => {
      // The first 8 random bytes spell a code that another survey already holds.
      const sequences = [new Uint8Array(16).fill(0), new Uint8Array(16).fill(0), new Uint8Array(16).fill(1)];
      let call = 0;
      const local = setup({ randomBytes: (n) => sequences[Math.min(call++, sequences.length - 1)]!.slice(0, n) });
      const first = await local.service.create(owner, step1);
      const taken = (await local.service.publish(owner, first.id)).surveyCode!;
      const second = await local.service.create(owner, step1);
      const published = await local.service.publish(owner, second.id);
      expect(taken).toBe('aaaaaaaa');
      expect(published.surveyCode).toBe('bbbbbbbb');
      expect(call).toBe(3);
    });

    it('gives up after the configured number of collisions with a server error', async () => {
      const local = setup({ randomBytes: (n) => new Uint8Array(n), maxCodeAttempts: 3 });
      const first = await local.service.create(owner, step1);
      await local.service.publish(owner, first.id);
      const second = await local.service.create(owner, step1);
      await expect(local.service.publish(owner, second.id)).rejects.toThrow('No free survey code after 3 attempts');
      expect((await local.surveys.get(owner, second.id))!.status).toBe('draft');
    });

    it('takes the code of a concurrent publish that won, without another try', async () => {
      const surveys = new MemorySurveyRepository();
      const local = setup({ surveys });
      const a = await local.service.create(owner, step1);
      const publishOnce = surveys.publish.bind(surveys);
      let tries = 0;
      // The other request's transaction commits just before this one's.
      surveys.publish = async (userId, surveyId, publication) => {
        tries++;
        await publishOnce(userId, surveyId, { ...publication, surveyCode: 'wwwwwwww' });
        return publishOnce(userId, surveyId, publication);
      };
      const published = await local.service.publish(owner, a.id);
      expect(published).toMatchObject({ surveyCode: 'wwwwwwww', status: 'active', isActive: true });
      expect(tries).toBe(1);
    });

    it('uses a fallback slug when the name has no letters or digits', async () => {
      const a = await ctx.service.create(owner, { ...step1, businessName: '☕☕' });
      expect((await ctx.service.publish(owner, a.id)).businessSlug).toBe('survey');
    });

    it('refuses an incomplete survey with the step message', async () => {
      const a = await ctx.service.create(owner, step1);
      // A survey stored before a rule tightened, or edited behind the API's back.
      ctx.surveys.surveys.set(`${owner}/${a.id}`, { ...a, businessOwnerName: '' });
      await expectApiError(ctx.service.publish(owner, a.id), 'VALIDATION_FAILED', 'Owner name is required');
    });

    it('answers 404 for another owner’s survey and publishes nothing', async () => {
      const a = await ctx.service.create(owner, step1);
      await expectApiError(ctx.service.publish(other, a.id), 'NOT_FOUND');
      expect((await ctx.surveys.get(owner, a.id))!.status).toBe('draft');
      expect(ctx.surveys.codes.size).toBe(0);
    });
  });

  describe('delete', () => {
    it('removes the survey, its code, tally, responses and objects, and nothing of others', async () => {
      const a = await ctx.service.create(owner, step1);
      const b = await ctx.service.create(owner, step1);
      const published = await ctx.service.publish(owner, a.id);
      ctx.stats.tallies.set(a.id, { surveyId: a.id, count: 1, sum: 5, histogram: [0, 0, 0, 0, 1], reviewClicks: 0 });
      // Its reviews widget's item, and b's.
      for (const surveyId of [a.id, b.id])
        ctx.websiteReviews.items.set(surveyId, {
          ...noWebsiteReviews(),
          hidden: { ...noWebsiteReviews().hidden, offensive: 1 },
        });
      ctx.responses.responses.set(a.id, [
        {
          id: 'r1',
          surveyId: a.id,
          rating: 5,
          comment: null,
          customerName: null,
          customerEmail: null,
          userAgent: null,
          googleReviewClicked: false,
          createdAt: published.updatedAt,
        },
      ]);
      const files = {
        a1: `files/${'a'.repeat(43)}.png`,
        a2: `files/${'b'.repeat(43)}.png`,
        b: `files/${'c'.repeat(43)}.png`,
      };
      for (const key of Object.values(files)) ctx.assets.objects.set(key, png);
      await ctx.surveys.update(
        owner,
        a.id,
        { businessLogoUrl: ctx.assets.publicUrl(files.a1), highRatingPhotoUrl: ctx.assets.publicUrl(files.a2) },
        published.updatedAt,
      );
      await ctx.surveys.update(owner, b.id, { businessLogoUrl: ctx.assets.publicUrl(files.b) }, published.updatedAt);
      // A review-request batch of each survey, and a's "asked recently" mark.
      for (const surveyId of [a.id, b.id])
        await ctx.requests.createBatch(
          {
            id: `${surveyId}-batch`,
            userId: owner,
            surveyId,
            state: 'preparing',
            total: 1,
            template: null,
            sendAt: published.updatedAt,
            permissionConfirmedAt: published.updatedAt,
            createdAt: published.updatedAt,
            waitingUntil: null,
            source: 'upload',
          },
          [
            {
              batchId: `${surveyId}-batch`,
              id: '00000',
              userId: owner,
              surveyId,
              name: 'Kees',
              email: 'k@x.example',
              language: 'en',
              linkHash: 'l',
              unsubscribeHash: 'u',
            },
          ],
        );
      // The 30-day 'recently asked' mark is the owner's (whichever survey asked): it outlives the survey.
      ctx.requests.contacts.set(`${owner}/hash`, {
        batchId: `${a.id}-batch`,
        recipientId: '00000',
        contactedAt: published.updatedAt,
      });

      await ctx.service.remove(owner, a.id);

      expect([...ctx.requests.batches.keys()]).toEqual([`${b.id}-batch`]);
      expect([...ctx.requests.recipients.keys()]).toEqual([`${b.id}-batch`]);
      expect([...ctx.requests.contacts.keys()]).toEqual([`${owner}/hash`]);

      expect(await ctx.surveys.get(owner, a.id)).toBeUndefined();
      expect(await ctx.surveys.findByCode(published.surveyCode!)).toBeUndefined();
      expect(await ctx.stats.getTally(a.id)).toBeUndefined();
      expect(ctx.responses.responses.has(a.id)).toBe(false);
      expect([...ctx.websiteReviews.items.keys()]).toEqual([b.id]);
      expect([...ctx.assets.objects.keys()]).toEqual([files.b]);
      expect(ctx.cdn.invalidated).toEqual([`/${files.a1}`, `/${files.a2}`]);
      expect(await ctx.surveys.get(owner, b.id)).toBeDefined();
    });

    it('answers 404 for another owner and deletes nothing', async () => {
      const a = await ctx.service.create(owner, step1);
      const file = `files/${'a'.repeat(43)}.png`;
      ctx.assets.objects.set(file, png);
      await ctx.surveys.update(owner, a.id, { businessLogoUrl: ctx.assets.publicUrl(file) }, a.updatedAt);
      await expectApiError(ctx.service.remove(other, a.id), 'NOT_FOUND');
      expect(await ctx.surveys.get(owner, a.id)).toBeDefined();
      expect(ctx.assets.objects.size).toBe(1);
    });
  });

  describe('uploads', () => {
    let survey: Survey;
    beforeEach(async () => {
      survey = await ctx.service.create(owner, step1);
    });

    it('signs a POST into the private incoming prefix with the 2 MB cap', async () => {
      const ticket = await ctx.service.createUpload(owner, survey.id, {
        kind: 'team-photo',
        contentType: 'image/webp',
        size: 1000,
      });
      expect(ticket.key).toMatch(new RegExp(`^incoming/${survey.id}/team-photo/[\\w-]{32}$`));
      expect(ticket.key).not.toContain(owner);
      expect(ticket.maxBytes).toBe(2 * 1024 * 1024);
      expect(ctx.assets.presigned).toEqual([
        { key: ticket.key, contentType: 'image/webp', maxBytes: 2 * 1024 * 1024, expiresInSeconds: 300 },
      ]);
      expect(Date.parse(ticket.expiresAt)).toBeGreaterThan(Date.parse('2026-11-21T08:00:00.000Z'));
    });

    it('refuses a declared size over 2 MB or a wrong type before signing', async () => {
      await expectApiError(
        ctx.service.createUpload(owner, survey.id, { kind: 'logo', contentType: 'image/png', size: 3 * 1024 * 1024 }),
        'VALIDATION_FAILED',
        'File size must be less than 2MB',
      );
      await expectApiError(
        ctx.service.createUpload(owner, survey.id, { kind: 'logo', contentType: 'image/gif', size: 10 }),
        'VALIDATION_FAILED',
        'Only JPG, PNG, and WebP files are allowed',
      );
      await expectApiError(
        ctx.service.createUpload(other, survey.id, { kind: 'logo', contentType: 'image/png', size: 10 }),
        'NOT_FOUND',
      );
      expect(ctx.assets.presigned).toEqual([]);
    });

    /** Like a client that declares a small PNG, then posts whatever it likes (S3 emulators do not check). */
    async function uploaded(kind: 'logo' | 'team-photo', bytes: Uint8Array) {
      const ticket = await ctx.service.createUpload(owner, survey.id, { kind, contentType: 'image/png', size: 100 });
      ctx.assets.objects.set(ticket.key, bytes);
      return ticket.key;
    }

    /** The public key the survey's field points at. */
    const publicKey = (url: string | null) => url!.replace('https://assets.example.com/', '');

    it('copies a real image to a random public key, deletes the upload and the image it replaces', async () => {
      const first = await uploaded('logo', png);
      const afterFirst = await ctx.service.confirmUpload(owner, survey.id, { kind: 'logo', key: first });
      const firstFile = publicKey(afterFirst.businessLogoUrl);
      expect(firstFile).toMatch(/^files\/[\w-]{43}\.png$/);
      expect(afterFirst.businessLogoUrl).not.toContain(owner);
      expect(afterFirst.businessLogoUrl).not.toContain(survey.id);
      expect(ctx.assets.contentTypes.get(firstFile)).toBe('image/png');
      expect([...ctx.assets.objects.keys()]).toEqual([firstFile]);

      const second = await uploaded('logo', png);
      const afterSecond = await ctx.service.confirmUpload(owner, survey.id, { kind: 'logo', key: second });
      const secondFile = publicKey(afterSecond.businessLogoUrl);
      expect(secondFile).not.toBe(firstFile);
      expect([...ctx.assets.objects.keys()]).toEqual([secondFile]);
      expect(ctx.cdn.invalidated).toEqual([`/${firstFile}`]);

      // The same ticket posting other bytes and confirming again changes nothing: the public file stays.
      ctx.assets.objects.set(second, Uint8Array.from([0xff, 0xd8, 0xff, 1, 2, 3]));
      expect(await ctx.service.confirmUpload(owner, survey.id, { kind: 'logo', key: second })).toEqual(afterSecond);
      expect(ctx.assets.objects.get(secondFile)).toEqual(png);
      expect(ctx.assets.objects.has(second)).toBe(false);
    });

    it('deletes a removed image’s file and invalidates its path', async () => {
      const key = await uploaded('team-photo', png);
      const withPhoto = await ctx.service.confirmUpload(owner, survey.id, { kind: 'team-photo', key });
      const file = publicKey(withPhoto.highRatingPhotoUrl);
      const removed = await ctx.service.update(owner, survey.id, { highRatingPhotoUrl: null });
      expect(removed.highRatingPhotoUrl).toBeNull();
      expect(ctx.assets.objects.has(file)).toBe(false);
      expect(ctx.cdn.invalidated).toEqual([`/${file}`]);
    });

    it('fills the team photo from a team-photo upload', async () => {
      const key = await uploaded('team-photo', png);
      const updated = await ctx.service.confirmUpload(owner, survey.id, { kind: 'team-photo', key });
      expect(updated.highRatingPhotoUrl).toMatch(/^https:\/\/assets\.example\.com\/files\//);
      expect(updated.businessLogoUrl).toBeNull();
    });

    it('refuses an object over 2 MB, deletes it and keeps the previous URL', async () => {
      const good = await uploaded('logo', png);
      const kept = (await ctx.service.confirmUpload(owner, survey.id, { kind: 'logo', key: good })).businessLogoUrl;
      const big = new Uint8Array(3 * 1024 * 1024);
      big.set(png);
      const bad = await uploaded('logo', big);
      const error = await expectApiError(
        ctx.service.confirmUpload(owner, survey.id, { kind: 'logo', key: bad }),
        'VALIDATION_FAILED',
        'File size must be less than 2MB',
      );
      expect(error.fields).toEqual({ file: 'File size must be less than 2MB' });
      expect(ctx.assets.objects.has(bad)).toBe(false);
      expect((await ctx.surveys.get(owner, survey.id))!.businessLogoUrl).toBe(kept);
    });

    it('refuses a text file named .png by its bytes, deletes it and saves nothing', async () => {
      const bad = await uploaded('logo', new TextEncoder().encode('just some text, not an image'));
      await expectApiError(
        ctx.service.confirmUpload(owner, survey.id, { kind: 'logo', key: bad }),
        'VALIDATION_FAILED',
        'Only JPG, PNG, and WebP files are allowed',
      );
      expect(ctx.assets.objects.has(bad)).toBe(false);
      expect((await ctx.surveys.get(owner, survey.id))!.businessLogoUrl).toBeNull();
    });

    it('refuses keys of another survey or kind, public keys, and missing objects', async () => {
      const otherSurvey = await ctx.service.create(other, step1);
      const key = await uploaded('logo', png);
      for (const bad of [
        key.replace(survey.id, otherSurvey.id),
        key.replace('/logo/', '/team-photo/'),
        `incoming/${survey.id}/logo/../../files/${'a'.repeat(43)}.png`,
        `files/${'a'.repeat(43)}.png`,
        `${owner}/${survey.id}/logo/1.png`,
      ]) {
        await expectApiError(
          ctx.service.confirmUpload(owner, survey.id, { kind: 'logo', key: bad }),
          'VALIDATION_FAILED',
          'This upload does not belong to this survey.',
        );
      }
      await expectApiError(
        ctx.service.confirmUpload(owner, survey.id, {
          kind: 'logo',
          key: `incoming/${survey.id}/logo/${'x'.repeat(32)}`,
        }),
        'VALIDATION_FAILED',
        'The uploaded file was not found. Please upload it again.',
      );
      await expectApiError(ctx.service.confirmUpload(other, survey.id, { kind: 'logo', key }), 'NOT_FOUND');
      expect(ctx.assets.objects.has(key)).toBe(true);
    });
  });
});
