import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EntityItem } from 'electrodb';
import { describe, expect, it } from 'vitest';
import { emptySurveyValues, surveySchema, tableDefinition } from '@reviewroute/shared';
import { sampleSurvey } from '@reviewroute/shared/testing';
import { createEntities } from './entities';

/** Only builds request parameters: no table is needed. */
const entities = createEntities(
  DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1', endpoint: 'http://127.0.0.1:1' })),
  'reviewroute',
);
const pk = tableDefinition.partitionKey.name;
const sk = tableDefinition.sortKey.name;

describe('key design (docs/data-model.md)', () => {
  it('uses the table definition’s key attribute names', () => {
    expect(
      Object.keys(entities.survey.get({ userId: 'u', surveyId: 's' }).params<{ Key: object }>().Key).sort(),
    ).toEqual([pk, sk].sort());
  });

  it('keeps surveys and the profile in the owner’s partition, case preserved', () => {
    expect(entities.survey.get({ userId: 'Ab-1', surveyId: 'S-9' }).params<{ Key: object }>().Key).toEqual({
      [pk]: 'USER#Ab-1',
      [sk]: 'SURVEY#S-9',
    });
    expect(entities.profile.get({ userId: 'Ab-1' }).params<{ Key: object }>().Key).toEqual({
      [pk]: 'USER#Ab-1',
      [sk]: 'PROFILE',
    });
  });

  it('stores every field of the survey schema, the id as the key `surveyId`', () => {
    const { id, ...fields } = sampleSurvey({
      industry: 'Food',
      surveyCode: 'abcd2345',
      businessSlug: 'bakery',
      landingPageUrl: 'https://app.example.com/surveys/abcd2345/bakery',
      businessLogoUrl: 'https://assets.example.com/logo.png',
      highRatingPhotoUrl: 'https://assets.example.com/team.png',
      reviewRulesSince: '2026-01-01T00:00:00.000Z',
    });
    // Every nullable field has a value here, so the survey is a complete item.
    const item = { ...fields, surveyId: id } as EntityItem<typeof entities.survey>;
    expect(entities.survey.create(item).params<{ Item: object }>().Item).toMatchObject(item);
  });

  it('lists an owner’s surveys newest first with one query on the survey prefix', () => {
    const params = entities.survey.query.byOwner({ userId: 'u1' }).params<{
      KeyConditionExpression: string;
      ExpressionAttributeValues: Record<string, unknown>;
      ScanIndexForward: boolean;
    }>({ order: 'desc' });
    expect(params.KeyConditionExpression).toContain('begins_with');
    expect(Object.values(params.ExpressionAttributeValues)).toEqual(expect.arrayContaining(['USER#u1', 'SURVEY#']));
    expect(params.ScanIndexForward).toBe(false);
  });

  it('keeps the tally and responses in the survey’s partition; responses newest first', () => {
    expect(entities.surveyTally.get({ surveyId: 's1' }).params<{ Key: object }>().Key).toEqual({
      [pk]: 'SURVEY#s1',
      [sk]: 'STATS',
    });
    const params = entities.response.query
      .bySurvey({ surveyId: 's1' })
      .params<{ ExpressionAttributeValues: Record<string, unknown>; ScanIndexForward: boolean; Limit: number }>({
        order: 'desc',
        limit: 10,
      });
    expect(Object.values(params.ExpressionAttributeValues)).toEqual(expect.arrayContaining(['SURVEY#s1', 'RESPONSE#']));
    expect(params.ScanIndexForward).toBe(false);
    expect(params.Limit).toBe(10);
  });

  it('claims a code only when nobody holds it', () => {
    const params = entities.surveyCode
      .create({ code: 'abcd2345', surveyId: 's1', userId: 'u1', createdAt: '2026-01-01T00:00:00Z' })
      .params<{ Item: Record<string, unknown>; ConditionExpression: string }>();
    expect(params.Item).toMatchObject({ [pk]: 'CODE#abcd2345', [sk]: 'CODE', surveyId: 's1', userId: 'u1' });
    expect(params.ConditionExpression).toContain('attribute_not_exists');
  });

  it('keys the public submit’s helper items, TTL’d where they are temporary', () => {
    const key = (params: { Key: object }) => params.Key;
    expect(key(entities.rateWindow.get({ clientKey: 'abc', window: 60 }).params())).toEqual({
      [pk]: 'RATE#abc',
      [sk]: 'WINDOW#60',
    });
    expect(key(entities.clientKeySalt.get({ day: '2026-11-21' }).params())).toEqual({
      [pk]: 'SALT#2026-11-21',
      [sk]: 'SALT',
    });
    const item = entities.clientKeySalt
      .create({ day: '2026-11-21', salt: 's', expiresAt: 99 })
      .params<{ Item: Record<string, unknown>; ConditionExpression: string }>();
    expect(item.Item[tableDefinition.timeToLiveAttribute]).toBe(99);
  });

  describe('recent feedback: a sparse gsi1 of commented responses only', () => {
    const gsi = tableDefinition.globalSecondaryIndexes.find((g) => g.indexName === 'gsi1')!;
    const gpk = gsi.partitionKey.name;
    const gsk = gsi.sortKey.name;
    const base = {
      surveyId: 's1',
      responseId: '0195a3c4-7b00-7000-8000-000000000001',
      rating: 2,
      googleReviewClicked: false,
      createdAt: '2026-11-21T09:00:00.000Z',
    };
    type Put = { Item: Record<string, unknown> };

    it('gives a response with a comment the index keys, newest-first sortable', () => {
      const { Item } = entities.response.create({ ...base, comment: 'Too cold' }).params<Put>();
      expect(Item).toMatchObject({
        [gpk]: 'FEEDBACK#s1',
        [gsk]: 'COMMENT#2026-11-21T09:00:00.000Z#0195a3c4-7b00-7000-8000-000000000001',
      });
    });

    it('leaves responses without a comment (absent, empty or blank) out of the index', () => {
      for (const comment of [undefined, '', '   ']) {
        const { Item } = entities.response
          .create({ ...base, ...(comment === undefined ? {} : { comment }) })
          .params<Put>();
        expect(Item, String(comment)).not.toHaveProperty(gpk);
        expect(Item, String(comment)).not.toHaveProperty(gsk);
      }
    });

    it('writes the keys inside the submit transaction too', () => {
      const { TransactItems } = entities.service.transaction
        .write(({ response }) => [response.create({ ...base, comment: 'x' }).commit()])
        .params() as unknown as { TransactItems: { Put: Put }[] };
      expect(TransactItems[0]!.Put.Item).toMatchObject({ [gpk]: 'FEEDBACK#s1' });
    });

    it('keeps the keys through the review click (an update that names only the table key)', () => {
      const params = entities.response
        .patch({ surveyId: 's1', responseId: base.responseId })
        .set({ googleReviewClicked: true })
        .where((a, op) => op.eq(a.googleReviewClicked, false))
        .params<{ UpdateExpression: string; ExpressionAttributeNames: Record<string, string> }>();
      expect(params.UpdateExpression).not.toContain('REMOVE');
      expect(Object.values(params.ExpressionAttributeNames)).not.toContain(gpk);
      expect(Object.values(params.ExpressionAttributeNames)).not.toContain(gsk);
    });

    it('is read with one descending query on gsi1 with a limit, no filter', () => {
      const params = entities.response.query.recentFeedback({ surveyId: 's1' }).params<{
        IndexName: string;
        ScanIndexForward: boolean;
        Limit: number;
        FilterExpression?: string;
        ExpressionAttributeValues: Record<string, unknown>;
      }>({ order: 'desc', limit: 10 });
      expect(params).toMatchObject({ IndexName: 'gsi1', ScanIndexForward: false, Limit: 10 });
      expect(params.FilterExpression).toBeUndefined();
      expect(Object.values(params.ExpressionAttributeValues)).toEqual(['FEEDBACK#s1', 'COMMENT#']);
    });
  });
});

describe('surveys stored before a field existed', () => {
  it('read a survey item without a language as English, the language its link already had', () => {
    const { id, ...fields } = sampleSurvey({ language: 'nl' });
    const stored = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== ''));
    const { Item } = entities.survey
      .put({ ...stored, surveyId: id } as never)
      .params<{ Item: Record<string, unknown> }>();
    const { language: _absent, ...older } = Item;
    const { surveyId, ...read } = entities.survey.parse({ Item: older }).data as Record<string, unknown>;
    expect(read.language).toBeUndefined();
    // As the survey repository reads an item: absent attributes take their empty value.
    expect(surveySchema.parse({ ...emptySurveyValues, ...read, id: surveyId }).language).toBe('en');
  });

  it('gives a response stored before the inbox index its keys by an update that supplies createdAt (the backfill)', () => {
    const update = (comment?: string) =>
      entities.response
        .patch({ surveyId: 's1', responseId: 'r1' })
        .set({ rating: 2, ...(comment ? { comment } : {}) })
        .composite({ createdAt: '2026-03-02T10:00:00.000Z' })
        .params<{ UpdateExpression: string; ExpressionAttributeValues: Record<string, unknown> }>();
    const withComment = update('Cold coffee');
    expect(withComment.ExpressionAttributeValues).toMatchObject({
      ':gsi2pk_u0': 'INBOX#s1#2',
      ':gsi2sk_u0': 'AT#2026-03-02T10:00:00.000Z#r1',
      // The feedback index keys are written again as they were, not removed.
      ':gsi1pk_u0': 'FEEDBACK#s1',
      ':gsi1sk_u0': 'COMMENT#2026-03-02T10:00:00.000Z#r1',
    });
    expect(withComment.UpdateExpression).not.toContain('REMOVE');
    expect(update().ExpressionAttributeValues).toMatchObject({ ':gsi2sk_u0': 'AT#2026-03-02T10:00:00.000Z#r1' });
  });

  it('puts every response in the inbox index by survey and star, sorted by createdAt; inbox updates leave those keys alone', () => {
    const item = entities.response
      .create({
        surveyId: 's1',
        responseId: 'r1',
        rating: 2,
        createdAt: '2026-11-21T09:00:00.000Z',
        googleReviewClicked: false,
      })
      .params<{ Item: Record<string, unknown> }>().Item;
    expect(item).toMatchObject({ gsi2pk: 'INBOX#s1#2', gsi2sk: 'AT#2026-11-21T09:00:00.000Z#r1' });
    for (const update of [
      entities.response.patch({ surveyId: 's1', responseId: 'r1' }).set({ inboxState: 'handled', note: 'n' }),
      entities.response
        .patch({ surveyId: 's1', responseId: 'r1' })
        .set({ inboxUpdatedAt: 'x' })
        .remove(['inboxState', 'note']),
    ]) {
      const params = update.params<{ UpdateExpression: string; ExpressionAttributeNames: Record<string, string> }>();
      expect(Object.values(params.ExpressionAttributeNames)).not.toContain('gsi2pk');
      expect(Object.values(params.ExpressionAttributeNames)).not.toContain('gsi2sk');
    }
  });
});
