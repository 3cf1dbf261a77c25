import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorBodySchema, healthResponseSchema } from '@reviewroute/shared';
import { lambdaContext, sampleEvent } from '../../../testing/events';
import { handler } from './handler';

describe('system handler', () => {
  it('answers GET /api/health with ok', async () => {
    const response = await handler(sampleEvent('health'), lambdaContext());
    expect(response.statusCode).toBe(200);
    expect(healthResponseSchema.parse(JSON.parse(response.body!))).toEqual({ status: 'ok' });
    expect(response.headers?.['content-type']).toMatch(/application\/json/);
  });

  it('answers a route key it does not own with the 404 contract', async () => {
    const event = { ...sampleEvent('health'), routeKey: 'GET /api/nope' };
    const response = await handler(event, lambdaContext());
    expect(response.statusCode).toBe(404);
    expect(errorBodySchema.parse(JSON.parse(response.body!)).error.code).toBe('NOT_FOUND');
  });

  it('refuses a malformed JSON body with a 4xx, never a 5xx', async () => {
    const event = { ...sampleEvent('health'), headers: { 'content-type': 'application/json' }, body: '{oops' };
    const response = await handler(event, lambdaContext());
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body!).error.code).toBe('BAD_REQUEST');
  });

  it('never answers 5xx whatever the headers, query and body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string({ minLength: 1, maxLength: 20 }), fc.string({ maxLength: 50 })),
        fc.option(fc.oneof(fc.string(), fc.json()), { nil: undefined }),
        fc.boolean(),
        async (headers, body, base64) => {
          const event = {
            ...sampleEvent('health'),
            headers,
            body: body === undefined ? undefined : base64 ? Buffer.from(body).toString('base64') : body,
            isBase64Encoded: base64,
          };
          const response = await handler(event, lambdaContext());
          expect(response.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 200 },
    );
  });
});
