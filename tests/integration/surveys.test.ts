import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  defaultErrorMessages,
  errorBodySchema,
  profileSchema,
  routeKey,
  routes,
  surveyCodePattern,
  surveyListResponseSchema,
  surveyMessages,
  surveySchema,
  uploadTicketSchema,
  type Survey,
  type UploadTicket,
} from '@reviewroute/shared';
import { callApi, stackEntities, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';

const stack = inject('localStack');

/** One call to the local API gateway with the user's real ID token (the app's bearer). */
const call = (user: ApiUser | undefined, method: string, path: string, body?: unknown) =>
  callApi(method, path, { user, body });

const step1 = {
  businessName: "Joe's Pizza & Pasta",
  businessOwnerName: 'Joe Owner',
  googleBusinessUrl: 'search.google.com/local/writereview?placeid=ChIJN1t_tDeuEmsRUsoyG83frY4',
  supportEmail: 'support@joes.example',
  industry: 'Restaurant',
};

/** A real 1×1 PNG. */
const realPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Posts the file the way the browser does: the ticket's fields, then the file, as multipart form data. */
async function postToS3(ticket: UploadTicket, bytes: Uint8Array, type: string, name: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.fields)) form.append(k, v);
  form.append('file', new Blob([Buffer.from(bytes)], { type }), name);
  const res = await fetch(ticket.url, { method: 'POST', body: form });
  expect(res.status, await res.text()).toBeLessThan(300);
}

async function upload(user: ApiUser, surveyId: string, kind: 'logo' | 'team-photo', bytes: Uint8Array, name: string) {
  const requested = await call(user, 'POST', `/api/surveys/${surveyId}/uploads`, {
    kind,
    contentType: 'image/png',
    // What the browser declares; a lying client cannot be stopped by the local emulator, only by confirm.
    size: Math.min(bytes.length, 1000),
  });
  expect(requested.status).toBe(201);
  const ticket = uploadTicketSchema.parse(requested.body);
  await postToS3(ticket, bytes, 'image/png', name);
  return {
    ticket,
    confirm: () => call(user, 'POST', `/api/surveys/${surveyId}/uploads/confirm`, { kind, key: ticket.key }),
  };
}

function s3() {
  return new S3Client({
    endpoint: stack.urls.s3,
    region: stack.webConfig.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
}

async function objectKeys(prefix: string): Promise<string[]> {
  const client = s3();
  try {
    const page = await client.send(new ListObjectsV2Command({ Bucket: stack.resources.bucketName, Prefix: prefix }));
    return (page.Contents ?? []).map((o) => o.Key!).sort();
  } finally {
    client.destroy();
  }
}

describe('owner survey API through the gateway', () => {
  let owner: ApiUser;

  // Another owner on every owner route: cross-owner.test.ts.
  beforeAll(async () => {
    owner = await createSignedInUser(stack);
  });

  async function createSurvey(user: ApiUser = owner): Promise<Survey> {
    const created = await call(user, 'POST', '/api/surveys', step1);
    expect(created.status).toBe(201);
    return surveySchema.parse(created.body);
  }

  it('walks the whole wizard: create, steps 2 and 3, logo and team photo, publish, list, profile, delete', async () => {
    const draft = await createSurvey();
    expect(draft).toMatchObject({
      userId: owner.userId,
      status: 'draft',
      surveyCode: null,
      landingPageUrl: null,
      googleBusinessUrl: `https://${step1.googleBusinessUrl}`,
    });

    expect(draft).toMatchObject({ version: 1, completedSteps: ['business'] });
    const step2 = await call(owner, 'PATCH', `/api/surveys/${draft.id}`, {
      version: draft.version,
      completedStep: 'landing',
      businessName: "Joe's Pizza & Pasta",
      customPrompt: 'How was your pizza?',
      customColors: { primaryColor: '#C2410C', backgroundColor: '#fff7ed' },
    });
    expect(step2.status).toBe(200);
    expect(surveySchema.parse(step2.body).customColors).toEqual({
      primaryColor: '#c2410c',
      backgroundColor: '#fff7ed',
    });

    const logo = await upload(owner, draft.id, 'logo', realPng, 'logo.png');
    expect(logo.ticket.key).toMatch(new RegExp(`^incoming/${draft.id}/logo/`));
    const confirmed = await logo.confirm();
    expect(confirmed.status).toBe(200);
    const logoUrl = surveySchema.parse(confirmed.body).businessLogoUrl!;
    // A random public file: neither the owner nor the survey shows in a public page's image URL.
    expect(logoUrl).toMatch(/\/files\/[\w-]{43}\.png$/);
    expect(logoUrl).not.toContain(owner.userId);
    expect(logoUrl).not.toContain(draft.id);
    // The saved URL serves the very bytes uploaded.
    const served = await fetch(logoUrl);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(realPng)).toBe(true);

    const photo = await upload(owner, draft.id, 'team-photo', realPng, 'team.png');
    const withPhoto = await photo.confirm();
    expect(withPhoto.status).toBe(200);
    // Each write counted the version up: step 2 and the two confirmed uploads.
    expect(surveySchema.parse(withPhoto.body).version).toBe(4);

    const step3 = await call(owner, 'PATCH', `/api/surveys/${draft.id}`, {
      version: 4,
      completedStep: 'routing',
      lowRatingMessage: 'Sorry!',
      midRatingMessage: 'Thanks!',
      highRatingMessage: 'Wonderful!',
      googleReviewPrompt: 'Review us?',
      collectContactOnLowRating: true,
      offerPublicReviewToEveryone: true,
      lowRatingEnabled: true,
      midRatingEnabled: true,
      highRatingEnabled: true,
    });
    expect(step3.status).toBe(200);

    const published = await call(owner, 'POST', `/api/surveys/${draft.id}/publish`);
    expect(published.status).toBe(200);
    const live = surveySchema.parse(published.body);
    expect(live.surveyCode).toMatch(surveyCodePattern);
    expect(live).toMatchObject({
      status: 'active',
      isActive: true,
      businessSlug: 'joes-pizza-pasta',
      landingPageUrl: `${stack.env.SITE_ORIGIN}/surveys/${live.surveyCode}/joes-pizza-pasta`,
      businessLogoUrl: logoUrl,
      highRatingPhotoUrl: expect.stringMatching(/\/files\/[\w-]{43}\.png$/),
      offerPublicReviewToEveryone: true,
      collectContactOnLowRating: true,
      lowRatingMessage: 'Sorry!',
    });

    // Publishing again keeps the code and the URL.
    const again = surveySchema.parse((await call(owner, 'POST', `/api/surveys/${draft.id}/publish`)).body);
    expect(again.surveyCode).toBe(live.surveyCode);
    expect(again.landingPageUrl).toBe(live.landingPageUrl);

    const list = surveyListResponseSchema.parse((await call(owner, 'GET', '/api/surveys')).body);
    expect(list.surveys.find((s) => s.id === draft.id)).toEqual({
      id: draft.id,
      businessName: "Joe's Pizza & Pasta",
      status: 'active',
      surveyCode: live.surveyCode,
      landingPageUrl: live.landingPageUrl,
      completedSteps: ['business', 'landing', 'routing'],
      createdAt: draft.createdAt,
    });

    const copied = await call(owner, 'PATCH', '/api/profile', { surveyUrlCopied: true });
    expect(copied.status).toBe(200);
    expect(profileSchema.parse((await call(owner, 'GET', '/api/profile')).body)).toMatchObject({
      userId: owner.userId,
      surveyUrlCopied: true,
    });

    const files = [live.businessLogoUrl!, live.highRatingPhotoUrl!].map((url) => new URL(url).pathname.slice(1));
    expect((await Promise.all(files.map(objectKeys))).flat()).toEqual(files);
    expect(await objectKeys(`incoming/${draft.id}/`)).toEqual([]);
    const deleted = await call(owner, 'DELETE', `/api/surveys/${draft.id}`);
    expect(deleted.status).toBe(204);
    expect((await call(owner, 'GET', `/api/surveys/${draft.id}`)).status).toBe(404);
    expect((await Promise.all(files.map(objectKeys))).flat()).toEqual([]);
    const after = surveyListResponseSchema.parse((await call(owner, 'GET', '/api/surveys')).body);
    expect(after.surveys.map((s) => s.id)).not.toContain(draft.id);
  });

  it('refuses an update that started from an older version with 409 SURVEY_CHANGED and applies none of it', async () => {
    const draft = await createSurvey();
    // Another tab saves step 2 from version 1 first.
    const elsewhere = await call(owner, 'PATCH', `/api/surveys/${draft.id}`, {
      version: draft.version,
      completedStep: 'landing',
      businessName: draft.businessName,
      customPrompt: 'Saved elsewhere?',
      customColors: { primaryColor: '#7c3aed', backgroundColor: '#ffffff' },
    });
    expect(elsewhere.status).toBe(200);
    const saved = surveySchema.parse(elsewhere.body);
    expect(saved.version).toBe(draft.version + 1);

    // A browser still holding version 1 saves its older copy: refused, with the contract's error.
    const stale = await call(owner, 'PATCH', `/api/surveys/${draft.id}`, {
      version: draft.version,
      customPrompt: 'How was your experience with our business?',
      customColors: { primaryColor: '#0f766e', backgroundColor: '#ffffff' },
      lowRatingMessage: 'Stale!',
    });
    expect(stale.status).toBe(409);
    expect(errorBodySchema.parse(stale.body).error).toEqual({
      code: 'SURVEY_CHANGED',
      message: defaultErrorMessages.SURVEY_CHANGED,
    });
    expect(surveySchema.parse((await call(owner, 'GET', `/api/surveys/${draft.id}`)).body)).toEqual(saved);

    // Concurrent edits from the same version: exactly one is applied, the other refused.
    const racing = await Promise.all(
      ['First?', 'Second?'].map((customPrompt) =>
        call(owner, 'PATCH', `/api/surveys/${draft.id}`, { version: saved.version, customPrompt }),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = surveySchema.parse(racing.find((r) => r.status === 200)!.body);
    expect(surveySchema.parse((await call(owner, 'GET', `/api/surveys/${draft.id}`)).body)).toEqual(winner);
    expect(winner.version).toBe(saved.version + 1);

    // Without the version it started from, an update is not accepted at all.
    const unversioned = await call(owner, 'PATCH', `/api/surveys/${draft.id}`, { customPrompt: 'Whatever?' });
    expect(unversioned.status).toBe(400);
    expect(errorBodySchema.parse(unversioned.body).error.fields).toHaveProperty('version');
  });

  it('reads a survey stored before versions as version 0, which an update from 0 makes 1 (and only one)', async () => {
    const draft = await createSurvey();
    // As stored before surveys had a version or completed steps.
    await stackEntities()
      .survey.patch({ userId: owner.userId, surveyId: draft.id })
      .remove(['version', 'completedSteps'])
      .go();
    const legacy = surveySchema.parse((await call(owner, 'GET', `/api/surveys/${draft.id}`)).body);
    expect(legacy).toMatchObject({ version: 0, completedSteps: [] });
    const first = await call(owner, 'PATCH', `/api/surveys/${draft.id}`, { version: 0, customPrompt: 'First?' });
    expect(first.status).toBe(200);
    expect(surveySchema.parse(first.body)).toMatchObject({ version: 1, customPrompt: 'First?' });
    const again = await call(owner, 'PATCH', `/api/surveys/${draft.id}`, { version: 0, customPrompt: 'Again?' });
    expect(again.status).toBe(409);
  });

  it('lists newest first', async () => {
    const a = await createSurvey();
    const b = await createSurvey();
    const ids = surveyListResponseSchema
      .parse((await call(owner, 'GET', '/api/surveys')).body)
      .surveys.map((s) => s.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
  });

  it('answers 401 without a token on every owner route', async () => {
    for (const route of routes.filter((r) => r.auth === 'owner')) {
      const res = await call(undefined, route.method, route.path.replace('{surveyId}', 'x'));
      expect(res.status, routeKey(route)).toBe(401);
    }
  });

  it('refuses invalid step 1 input with each spec message and saves nothing', async () => {
    const before = surveyListResponseSchema.parse((await call(owner, 'GET', '/api/surveys')).body).surveys.length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...step1, businessName: '   ' }, 'businessName', 'Business name is required'],
      [{ ...step1, businessOwnerName: '' }, 'businessOwnerName', 'Owner name is required'],
      [{ ...step1, supportEmail: '' }, 'supportEmail', 'Email is required'],
      [{ ...step1, supportEmail: 'joe@' }, 'supportEmail', 'Valid email is required'],
      [{ ...step1, googleBusinessUrl: ' ' }, 'googleBusinessUrl', 'Google Business URL is required'],
      [
        { ...step1, googleBusinessUrl: 'https://maps.example.com/joe' },
        'googleBusinessUrl',
        surveyMessages.googleUrlInvalid,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(owner, 'POST', '/api/surveys', body);
      expect(res.status).toBe(400);
      expect(errorBodySchema.parse(res.body).error).toEqual({
        code: 'VALIDATION_FAILED',
        message,
        fields: { [field]: message },
      });
    }
    const after = surveyListResponseSchema.parse((await call(owner, 'GET', '/api/surveys')).body).surveys.length;
    expect(after).toBe(before);
  });

  describe('uploads that must be refused', () => {
    let survey: Survey;
    let goodUrl: string;

    beforeAll(async () => {
      survey = await createSurvey();
      const good = await upload(owner, survey.id, 'logo', realPng, 'logo.png');
      goodUrl = surveySchema.parse((await good.confirm()).body).businessLogoUrl!;
    });

    it('refuses to sign a declared 3 MB image or a non-image type', async () => {
      const big = await call(owner, 'POST', `/api/surveys/${survey.id}/uploads`, {
        kind: 'logo',
        contentType: 'image/png',
        size: 3 * 1024 * 1024,
      });
      expect(big.status).toBe(400);
      expect(errorBodySchema.parse(big.body).error.message).toBe('File size must be less than 2MB');
      const text = await call(owner, 'POST', `/api/surveys/${survey.id}/uploads`, {
        kind: 'logo',
        contentType: 'text/plain',
        size: 10,
      });
      expect(text.status).toBe(400);
      expect(errorBodySchema.parse(text.body).error.message).toBe('Only JPG, PNG, and WebP files are allowed');
    });

    it('refuses a 3 MB image that reached the bucket anyway, deletes it and keeps the previous URL', async () => {
      const bytes = new Uint8Array(3 * 1024 * 1024);
      bytes.set(realPng);
      const big = await upload(owner, survey.id, 'logo', bytes, 'big.png');
      const res = await big.confirm();
      expect(res.status).toBe(400);
      expect(errorBodySchema.parse(res.body).error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'File size must be less than 2MB',
      });
      expect(await objectKeys(big.ticket.key)).toEqual([]);
      expect(surveySchema.parse((await call(owner, 'GET', `/api/surveys/${survey.id}`)).body).businessLogoUrl).toBe(
        goodUrl,
      );
    });

    it('refuses a text file renamed .png, deletes it and saves no URL', async () => {
      const fake = await upload(
        owner,
        survey.id,
        'team-photo',
        new TextEncoder().encode('I am not a picture.\n'),
        'photo.png',
      );
      const res = await fake.confirm();
      expect(res.status).toBe(400);
      expect(errorBodySchema.parse(res.body).error.message).toBe('Only JPG, PNG, and WebP files are allowed');
      expect(await objectKeys(fake.ticket.key)).toEqual([]);
      const current = surveySchema.parse((await call(owner, 'GET', `/api/surveys/${survey.id}`)).body);
      expect(current.highRatingPhotoUrl).toBeNull();
      expect(current.businessLogoUrl).toBe(goodUrl);
    });
  });

  it('answers arbitrary bodies on every owner route with 4xx or success, never 5xx', async () => {
    const survey = await createSurvey();
    const body = fc.oneof(
      fc.json(),
      fc.string({ maxLength: 200 }),
      fc
        .record(
          {
            businessName: fc.oneof(fc.string(), fc.jsonValue()),
            businessOwnerName: fc.string(),
            supportEmail: fc.oneof(fc.emailAddress(), fc.string()),
            googleBusinessUrl: fc.oneof(fc.string(), fc.constant('search.google.com/local/writereview?placeid=x')),
            customColors: fc.oneof(
              fc.jsonValue(),
              fc.constant({ primaryColor: '#000000', backgroundColor: '#ffffff' }),
            ),
            kind: fc.constantFrom('logo', 'team-photo', 'banner'),
            contentType: fc.constantFrom('image/png', 'image/jpeg', 'text/html', ''),
            size: fc.oneof(fc.integer(), fc.double()),
            key: fc.oneof(fc.string(), fc.constant(`${owner.userId}/${survey.id}/logo/1.png`)),
            surveyUrlCopied: fc.jsonValue(),
            fullName: fc.jsonValue(),
          },
          { requiredKeys: [] },
        )
        .map((v) => JSON.stringify(v)),
    );
    const ownerRoutes = routes.filter((r) => r.auth === 'owner' && r.id !== 'delete-survey');
    for (const route of ownerRoutes) {
      await fc.assert(
        fc.asyncProperty(body, async (raw) => {
          const res = await fetch(`${stack.urls.api}${route.path.replace('{surveyId}', survey.id)}`, {
            method: route.method,
            headers: { authorization: `Bearer ${owner.tokens.idToken}`, 'content-type': 'application/json' },
            ...(route.method === 'GET' ? {} : { body: raw }),
          });
          expect(res.status, `${routeKey(route)} ${raw}`).toBeLessThan(500);
        }),
        { numRuns: 25 },
      );
    }
    // And the delete route with garbage ids.
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 100 }), async (id) => {
        const res = await fetch(`${stack.urls.api}/api/surveys/${encodeURIComponent(id)}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${owner.tokens.idToken}` },
        });
        expect(res.status, id).toBeLessThan(500);
      }),
      { numRuns: 25 },
    );
  });
});
