import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { surveyDefaults, type Survey } from '@reviewroute/shared';
import { createS3AssetStore, getS3Client } from '@reviewroute/functions/data/asset-store';
import { getEntities } from '@reviewroute/functions/data/client';
import { createDynamoProfileRepository } from '@reviewroute/functions/data/profile-repository';
import { createDynamoSurveyRepository } from '@reviewroute/functions/data/survey-repository';
import { newId } from '@reviewroute/functions/lib/ids';

const stack = inject('localStack');

/** The electrodb repositories against DynamoDB Local and s3rver: the access patterns of docs/data-model.md. */
describe('survey data on DynamoDB Local', () => {
  beforeAll(() => {
    Object.assign(process.env, stack.env);
  });

  const repo = () => createDynamoSurveyRepository();
  let t = Date.parse('2026-11-21T08:00:00.000Z');

  function draft(userId: string, overrides: Partial<Survey> = {}): Survey {
    t += 1000;
    const at = new Date(t).toISOString();
    return {
      ...surveyDefaults,
      customColors: { ...surveyDefaults.customColors },
      id: newId(t),
      userId,
      businessName: 'Joe',
      businessOwnerName: 'Joe Owner',
      googleBusinessUrl: 'https://search.google.com/local/writereview?placeid=x',
      supportEmail: 'joe@example.com',
      industry: '',
      status: 'draft',
      isActive: false,
      surveyCode: null,
      businessSlug: null,
      landingPageUrl: null,
      businessLogoUrl: null,
      highRatingPhotoUrl: null,
      createdAt: at,
      updatedAt: at,
      ...overrides,
    };
  }

  const publication = (code: string) => ({
    surveyCode: code,
    businessSlug: 'joe',
    landingPageUrl: `http://localhost/surveys/${code}/joe`,
    publishedAt: new Date().toISOString(),
  });

  const uniqueCode = () =>
    randomUUID()
      .replace(/[^a-z2-9]/g, '')
      .slice(0, 8);

  it('round-trips a survey, empty strings and nulls included', async () => {
    const owner = randomUUID();
    const survey = draft(owner);
    await repo().create(survey);
    expect(await repo().get(owner, survey.id)).toEqual(survey);
  });

  it('lists an owner’s surveys newest first, and only theirs (the profile in the same partition stays out)', async () => {
    const owner = randomUUID();
    const a = draft(owner);
    const b = draft(owner);
    const c = draft(owner);
    for (const s of [b, a, c]) await repo().create(s);
    await repo().create(draft(randomUUID()));
    await createDynamoProfileRepository().update(owner, { fullName: 'Joe' }, new Date().toISOString());
    expect((await repo().listByOwner(owner)).map((s) => s.id)).toEqual([c.id, b.id, a.id]);
  });

  it('never shows or changes one owner’s survey to another', async () => {
    const owner = randomUUID();
    const survey = draft(owner);
    await repo().create(survey);
    const other = randomUUID();
    expect(await repo().get(other, survey.id)).toBeUndefined();
    expect(await repo().update(other, survey.id, { businessName: 'X' }, survey.updatedAt)).toBeUndefined();
    expect(await repo().publish(other, survey.id, publication(uniqueCode()))).toBe('not-found');
    // The conditional update did not create a stray item for the other owner either.
    expect(await repo().get(other, survey.id)).toBeUndefined();
    expect(await repo().get(owner, survey.id)).toEqual(survey);
  });

  it('updates only the given fields; null and empty remove', async () => {
    const owner = randomUUID();
    const survey = draft(owner, { businessLogoUrl: 'http://x/logo.png', industry: 'Food' });
    await repo().create(survey);
    const updated = await repo().update(
      owner,
      survey.id,
      {
        customPrompt: 'New?',
        businessLogoUrl: null,
        industry: '',
        customColors: { primaryColor: '#000000', backgroundColor: '#ffffff' },
      },
      '2030-01-01T00:00:00.000Z',
    );
    expect(updated).toEqual({
      ...survey,
      customPrompt: 'New?',
      businessLogoUrl: null,
      industry: '',
      customColors: { primaryColor: '#000000', backgroundColor: '#ffffff' },
      updatedAt: '2030-01-01T00:00:00.000Z',
    });
  });

  it('publishes atomically: code claimed, survey active, zeroed stats; code -> survey works', async () => {
    const owner = randomUUID();
    const survey = draft(owner);
    await repo().create(survey);
    const code = uniqueCode();
    expect(await repo().publish(owner, survey.id, publication(code))).toBe('published');
    const published = await repo().get(owner, survey.id);
    expect(published).toMatchObject({ status: 'active', isActive: true, surveyCode: code, businessSlug: 'joe' });
    expect(await repo().findByCode(code)).toEqual(published);
    expect(await repo().getStats(survey.id)).toEqual({
      surveyId: survey.id,
      count: 0,
      sum: 0,
      histogram: [0, 0, 0, 0, 0],
      reviewClicks: 0,
    });
  });

  it('refuses a taken code and leaves the loser untouched', async () => {
    const owner = randomUUID();
    const first = draft(owner);
    const second = draft(owner);
    await repo().create(first);
    await repo().create(second);
    const code = uniqueCode();
    expect(await repo().publish(owner, first.id, publication(code))).toBe('published');
    expect(await repo().publish(owner, second.id, publication(code))).toBe('code-taken');
    expect(await repo().get(owner, second.id)).toEqual(second);
    expect(await repo().getStats(second.id)).toBeUndefined();
    expect((await repo().findByCode(code))!.id).toBe(first.id);
  });

  it('never gives a published survey a second code', async () => {
    const owner = randomUUID();
    const survey = draft(owner);
    await repo().create(survey);
    const code = uniqueCode();
    await repo().publish(owner, survey.id, publication(code));
    const other = uniqueCode();
    expect(await repo().publish(owner, survey.id, publication(other))).toBe('already-published');
    expect((await repo().get(owner, survey.id))!.surveyCode).toBe(code);
    expect(await repo().findByCode(other)).toBeUndefined();
  });

  it('reads responses newest first with a limit, and deletes everything of a survey', async () => {
    const owner = randomUUID();
    const survey = draft(owner);
    const keep = draft(owner);
    await repo().create(survey);
    await repo().create(keep);
    const code = uniqueCode();
    await repo().publish(owner, survey.id, publication(code));
    const { response } = getEntities();
    const ids: string[] = [];
    // More than one batch (25) and more than one delete page would need; ids in time order.
    for (let i = 0; i < 60; i++) {
      const id = newId(Date.parse('2026-11-21T09:00:00.000Z') + i * 1000);
      ids.push(id);
      await response
        .create({
          surveyId: survey.id,
          responseId: id,
          rating: (i % 5) + 1,
          ...(i % 2 ? { comment: `comment ${i}` } : {}),
          googleReviewClicked: false,
          createdAt: new Date().toISOString(),
        })
        .go();
    }
    const recent = await repo().listResponses(survey.id, 10);
    expect(recent.map((r) => r.id)).toEqual(ids.slice(-10).reverse());
    expect(recent[0]).toMatchObject({
      rating: 5,
      comment: 'comment 59',
      customerName: null,
      googleReviewClicked: false,
    });

    await repo().delete(owner, survey.id, code);
    expect(await repo().get(owner, survey.id)).toBeUndefined();
    expect(await repo().findByCode(code)).toBeUndefined();
    expect(await repo().getStats(survey.id)).toBeUndefined();
    expect(await repo().listResponses(survey.id, 100)).toEqual([]);
    expect(await repo().get(owner, keep.id)).toEqual(keep);
    // Deleting again is harmless.
    await repo().delete(owner, survey.id, code);
  });

  it('keeps a profile per user, created by the first update', async () => {
    const profiles = createDynamoProfileRepository();
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
      surveyUrlCopied: true,
      updatedAt: '2026-11-21T08:00:00.000Z',
    });
    const again = await profiles.update(user, { fullName: 'Ann', phone: '' }, '2026-11-21T09:00:00.000Z');
    expect(again).toMatchObject({ fullName: 'Ann', surveyUrlCopied: true, updatedAt: '2026-11-21T09:00:00.000Z' });
    expect(await profiles.get(user)).toEqual(again);
  });
});

describe('survey assets on s3rver', () => {
  beforeAll(() => {
    Object.assign(process.env, stack.env);
  });

  it('reads sizes and first bytes, and deletes exactly one survey’s prefix', async () => {
    const store = createS3AssetStore();
    const s3 = getS3Client();
    const bucket = stack.resources.bucketName;
    const owner = randomUUID();
    const put = (key: string, body: Uint8Array) =>
      s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
    const bytes = new Uint8Array(3000).map((_, i) => i % 256);
    await put(`${owner}/s1/logo/1.png`, bytes);
    await put(`${owner}/s1/team-photo/2.png`, bytes);
    await put(`${owner}/s10/logo/3.png`, bytes);

    expect(await store.size(`${owner}/s1/logo/1.png`)).toBe(3000);
    expect(await store.size(`${owner}/s1/logo/nope.png`)).toBeUndefined();
    expect([...(await store.readStart(`${owner}/s1/logo/1.png`, 12))]).toEqual([...bytes.slice(0, 12)]);

    expect(await store.deletePrefix(`${owner}/s1/`)).toBe(2);
    expect(await store.size(`${owner}/s1/team-photo/2.png`)).toBeUndefined();
    expect(await store.size(`${owner}/s10/logo/3.png`)).toBe(3000);
    expect(await store.deletePrefix(`${owner}/s1/`)).toBe(0);
    await store.delete(`${owner}/s10/logo/3.png`);
    expect(await store.size(`${owner}/s10/logo/3.png`)).toBeUndefined();
    expect(store.publicUrl('a/b.png')).toBe(`${stack.urls.s3}/${bucket}/a/b.png`);
  });
});
