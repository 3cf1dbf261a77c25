import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { createEntities } from './entities';
import type { NewSubmission, SurveyResponseRecord } from './repositories';
import { newResponseCondition, newResponseItem } from './response-store';

/** Only builds request parameters: no table is needed. */
const { response } = createEntities(
  DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1', endpoint: 'http://127.0.0.1:1' })),
  'reviewroute',
);

const submission = (overrides: Partial<SurveyResponseRecord> = {}): NewSubmission => ({
  response: {
    id: '3f1b2c4d-5e6f-8a7b-9c8d-0e1f2a3b4c5d',
    surveyId: '0195a3c4-7b00-7000-8000-000000000001',
    rating: 2,
    comment: null,
    customerName: null,
    customerEmail: null,
    userAgent: null,
    googleReviewClicked: false,
    createdAt: '2026-11-21T09:00:00.000Z',
    ...overrides,
  },
  clickTokenHash: 'a'.repeat(64),
});

/** The params electrodb's `create` sends for the same submission, as the store wrote it before. */
function entityCreate({ response: r, clickTokenHash }: NewSubmission) {
  return response
    .create({
      surveyId: r.surveyId,
      responseId: r.id,
      rating: r.rating,
      ...(r.comment ? { comment: r.comment } : {}),
      ...(r.customerName ? { customerName: r.customerName } : {}),
      ...(r.customerEmail ? { customerEmail: r.customerEmail } : {}),
      ...(r.userAgent ? { userAgent: r.userAgent } : {}),
      googleReviewClicked: false,
      createdAt: r.createdAt,
      clickTokenHash,
    })
    .params<{ Item: Record<string, unknown>; ConditionExpression: string; ExpressionAttributeNames: object }>();
}

describe('the submit’s item (newResponseItem)', () => {
  it.each([
    ['a bare rating', submission()],
    ['a comment (indexed as feedback)', submission({ rating: 5, comment: 'Lovely frites', userAgent: 'Mozilla/5.0' })],
    ['a blank comment (not indexed)', submission({ comment: '   ' })],
    [
      'contact details',
      submission({ rating: 1, comment: 'Cold', customerName: 'Ann', customerEmail: 'ann@example.com', userAgent: 'x' }),
    ],
  ])('is the response entity’s own item and condition, for %s', (_name, s) => {
    const expected = entityCreate(s);
    expect(unmarshall(newResponseItem(s))).toEqual(expected.Item);
    expect(newResponseCondition).toEqual({
      ConditionExpression: expected.ConditionExpression,
      ExpressionAttributeNames: expected.ExpressionAttributeNames,
    });
  });

  it('reads back through the entity as the response that was submitted', () => {
    const s = submission({ comment: 'Nice', userAgent: 'ua' });
    const { data } = response.parse({ Item: unmarshall(newResponseItem(s)) });
    expect(data).toMatchObject({
      surveyId: s.response.surveyId,
      responseId: s.response.id,
      comment: 'Nice',
      rating: 2,
    });
  });
});
