import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { profileSchema, routesOfDomain } from '@reviewroute/shared';
import { MemoryProfileRepository } from '../../../testing/data/memory';
import { lambdaContext, sampleEvent } from '../../../testing/events';
import { createAccountService } from './account-service';
import { createAccountHandler } from './handler';
import { createProfileService } from './profile-service';

const sampleOwner = '8f1c2b4e-0000-4000-8000-000000000001';

function setup(writeLocale?: (userId: string, language: 'en' | 'nl') => Promise<void>) {
  const profiles = new MemoryProfileRepository();
  const handler = createAccountHandler(
    () =>
      createProfileService({
        profiles,
        now: () => new Date('2026-11-21T08:00:00.000Z'),
        ...(writeLocale ? { writeLocale } : {}),
      }),
    () => createAccountService({ directory: { createdAt: async () => new Date('2026-11-20T08:00:00.000Z') } }),
  );
  const call = async (event: ReturnType<typeof sampleEvent>) => {
    const response = await handler(event, lambdaContext());
    return { status: response.statusCode!, body: response.body ? (JSON.parse(response.body) as unknown) : undefined };
  };
  return { profiles, call };
}

describe('profile routes', () => {
  it('has a sample event for every account route', () => {
    for (const route of routesOfDomain('account'))
      expect(sampleEvent(route.id).routeKey).toBe(`${route.method} ${route.path}`);
  });

  it('reads an empty profile before the first save', async () => {
    const { call } = setup();
    const { status, body } = await call(sampleEvent('get-profile'));
    expect(status).toBe(200);
    expect(profileSchema.parse(body)).toMatchObject({ userId: sampleOwner, fullName: '', surveyUrlCopied: false });
  });

  it('saves the URL-copied flag and the profile fields for the signed-in owner only', async () => {
    const { call, profiles } = setup();
    const event = sampleEvent('update-profile');
    event.body = JSON.stringify({ surveyUrlCopied: true, fullName: ' Joe ', userId: 'someone-else' });
    const { status, body } = await call(event);
    expect(status).toBe(200);
    expect(body).toMatchObject({ userId: sampleOwner, fullName: 'Joe', surveyUrlCopied: true });
    expect([...profiles.profiles.keys()]).toEqual([sampleOwner]);
    expect((await call(sampleEvent('get-profile'))).body).toEqual(body);
  });

  it('records the interface language without marking the profile saved, and mirrors it into Cognito', async () => {
    const written: string[] = [];
    const { call } = setup(async (userId, language) => {
      written.push(`${userId}:${language}`);
    });
    const event = sampleEvent('update-profile');
    event.body = JSON.stringify({ language: 'nl' });
    const { status, body } = await call(event);
    expect(status).toBe(200);
    expect(body).toMatchObject({ userId: sampleOwner, language: 'nl', updatedAt: null });
    expect(written).toEqual([`${sampleOwner}:nl`]);
    // The owner's own save still marks it saved; a field change alone does not touch Cognito.
    event.body = JSON.stringify({ fullName: 'Joe' });
    expect((await call(event)).body).toMatchObject({ language: 'nl', updatedAt: '2026-11-21T08:00:00.000Z' });
    expect(written).toHaveLength(1);
  });

  it('keeps the recorded language when Cognito cannot follow it', async () => {
    const { call } = setup(async () => {
      throw new Error('Cognito is down');
    });
    const event = sampleEvent('update-profile');
    event.body = JSON.stringify({ language: 'nl' });
    expect(await call(event)).toMatchObject({ status: 200, body: { language: 'nl' } });
    expect((await call(sampleEvent('get-profile'))).body).toMatchObject({ language: 'nl' });
  });

  it('answers bad bodies with 400, never 5xx', async () => {
    const { call } = setup();
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.json(), fc.string()), async (raw) => {
        const event = sampleEvent('update-profile');
        event.body = raw;
        const { status } = await call(event);
        expect(status).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
    const event = sampleEvent('update-profile');
    event.body = JSON.stringify({ surveyUrlCopied: 'yes' });
    expect((await call(event)).status).toBe(400);
  });

  it('answers 401 without claims', async () => {
    const { call } = setup();
    for (const id of ['get-profile', 'update-profile']) {
      const event = sampleEvent(id);
      delete (event.requestContext as { authorizer?: unknown }).authorizer;
      expect((await call(event)).status).toBe(401);
    }
  });
});
