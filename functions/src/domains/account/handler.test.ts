import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { meResponseSchema } from '@reviewroute/shared';
import { lambdaContext, sampleEvent } from '../../../testing/events';
import { handler } from './handler';

describe('account handler', () => {
  it('returns the user id and e-mail from the verified claims', async () => {
    const response = await handler(sampleEvent('me'), lambdaContext());
    expect(response.statusCode).toBe(200);
    expect(meResponseSchema.parse(JSON.parse(response.body!))).toEqual({
      userId: '8f1c2b4e-0000-4000-8000-000000000001',
      email: 'owner@example.com',
    });
  });

  it('ignores identity claimed in the request itself', async () => {
    const event = sampleEvent('me');
    event.headers = { ...event.headers, 'x-user-id': 'someone-else', 'content-type': 'application/json' };
    event.queryStringParameters = { userId: 'someone-else' };
    event.body = JSON.stringify({ userId: 'someone-else', email: 'evil@example.com' });
    const response = await handler(event, lambdaContext());
    expect(JSON.parse(response.body!).userId).toBe('8f1c2b4e-0000-4000-8000-000000000001');
  });

  it('answers 401 with the contract when no claims reached it', async () => {
    const event = sampleEvent('me');
    delete (event.requestContext as { authorizer?: unknown }).authorizer;
    const response = await handler(event, lambdaContext());
    expect(response.statusCode).toBe(401);
    expect(JSON.parse(response.body!)).toEqual({ error: { code: 'UNAUTHORIZED', message: 'User not authenticated' } });
  });

  it('never answers 5xx for arbitrary claims', async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue()), async (claims) => {
        const event = sampleEvent('me');
        event.requestContext.authorizer.jwt.claims = claims as Record<string, string>;
        const response = await handler(event, lambdaContext());
        expect([200, 401]).toContain(response.statusCode);
      }),
      { numRuns: 200 },
    );
  });
});
