import { describe, expect, it } from 'vitest';
import { lambdaContext, sampleEvent } from '../testing/events';
import { createDomainHandler } from './http';

const ok = () => ({});

describe('domain handler types', () => {
  it('compile only with exactly the domain’s route ids, and an owner exactly on owner routes', () => {
    // Never run: `tsc -p functions` checks these lines and fails when an expected error does not occur.
    const typeChecks = () => [
      // @ts-expect-error: a misspelt route id
      createDomainHandler('system', { helth: ok }),
      // @ts-expect-error: a route of another domain
      createDomainHandler('system', { health: ok, me: ok }),
      // @ts-expect-error: a route of the domain is missing
      createDomainHandler('account', { me: ok, 'get-profile': ok, 'update-profile': ok }),
      createDomainHandler('account', {
        me: ({ owner }) => ({ body: owner.userId }),
        'get-profile': ({ owner }) => ({ body: owner.email }),
        'update-profile': ok,
        'get-account': ok,
      }),
      createDomainHandler('responses', {
        // @ts-expect-error: a public route has no owner
        'get-public-survey': ({ owner }) => ({ body: owner.userId }),
        'submit-response': ({ pathParameters }) => ({ body: pathParameters.surveyCode }),
        // @ts-expect-error: record-review-click has a responseId, no surveyCode
        'record-review-click': ({ pathParameters }) => ({ body: pathParameters.surveyCode }),
      }),
    ];
    expect(typeChecks).toBeTypeOf('function');
  });
});

describe('domain handler router', () => {
  it('hands every path parameter of the route over as a string, empty when the event lacks it', async () => {
    const seen: unknown[] = [];
    const handler = createDomainHandler('responses', {
      'get-public-survey': ({ pathParameters }) => {
        seen.push(pathParameters);
        return {};
      },
      'submit-response': ok,
      'record-review-click': ok,
    });
    await handler(sampleEvent('get-public-survey'), lambdaContext());
    await handler({ ...sampleEvent('get-public-survey'), pathParameters: undefined }, lambdaContext());
    expect(seen).toEqual([{ surveyCode: 'k7m2p9qx' }, { surveyCode: '' }]);
  });

  it('refuses an owner route without verified claims, whatever the authorizer did', async () => {
    const handler = createDomainHandler('account', {
      me: ok,
      'get-profile': ok,
      'update-profile': ok,
      'get-account': ok,
    });
    const event = sampleEvent('me');
    event.requestContext.authorizer.jwt.claims = {};
    expect((await handler(event, lambdaContext())).statusCode).toBe(401);
  });
});
