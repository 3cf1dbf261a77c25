import { beforeAll, describe, expect, inject, it } from 'vitest';
import { pathOf, surveySchema, uploadTicketSchema, type Survey, type UploadTicket } from '@reviewroute/shared';
import { callApi, sampleBusiness, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';

const stack = inject('localStack');

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** Another valid image: a JPEG start is all the check reads. */
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]);

/** Posts a file the way the browser does: the ticket's fields, then the file, as multipart form data. */
async function post(ticket: UploadTicket, bytes: Buffer) {
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'image.png');
  return fetch(ticket.url, { method: 'POST', body: form });
}

/** What the public sees at a bucket key, through the site's `/files` path (CloudFront's, locally the gateway's). */
const readPublic = (key: string) => fetch(`${stack.env.SITE_ORIGIN}/${key}`);

/**
 * The key's bytes are not served at the site's URL for it. A refusal (403/404) passes, and so does the app
 * shell that a site answers for any unknown path (CloudFront's routing function, locally Vite's fallback):
 * what must never come back is an image.
 */
async function expectNotServed(key: string, bytes: Buffer = png) {
  const res = await readPublic(key);
  const body = Buffer.from(await res.arrayBuffer());
  expect(res.headers.get('content-type') ?? '', key).not.toMatch(/^image\//);
  expect(body.equals(bytes), key).toBe(false);
  if (res.ok) expect(body.toString('utf8'), key).toMatch(/<!doctype html>/i);
}

describe('private uploads', () => {
  let owner: ApiUser;
  let survey: Survey;

  beforeAll(async () => {
    owner = await createSignedInUser(stack);
    const created = await callApi('POST', pathOf('list-surveys'), { user: owner, body: sampleBusiness('Upload Cafe') });
    survey = surveySchema.parse(created.body);
  });

  const ticketFor = async (kind: 'logo' | 'team-photo') => {
    const res = await callApi('POST', pathOf('create-upload', { surveyId: survey.id }), {
      user: owner,
      body: { kind, contentType: 'image/png', size: png.length },
    });
    expect(res.status).toBe(201);
    return uploadTicketSchema.parse(res.body);
  };
  const confirm = (kind: 'logo' | 'team-photo', key: string) =>
    callApi('POST', pathOf('confirm-upload', { surveyId: survey.id }), { user: owner, body: { kind, key } });

  it('keeps an upload private until confirm: its key is not readable at any public URL', async () => {
    const ticket = await ticketFor('logo');
    expect(ticket.key.startsWith('incoming/')).toBe(true);
    expect((await post(ticket, png)).status).toBeLessThan(300);
    // The stored object, at the public path its key would have, and through the public prefix.
    for (const key of [ticket.key, `files/../${ticket.key}`, `files/${ticket.key}`]) await expectNotServed(key);
    const confirmed = await confirm('logo', ticket.key);
    expect(confirmed.status).toBe(200);
    const url = surveySchema.parse(confirmed.body).businessLogoUrl!;
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    // The upload itself is gone once copied.
    await expectNotServed(ticket.key);
  });

  it('cannot change a confirmed image: a re-POST with the same ticket lands in private storage only', async () => {
    const ticket = await ticketFor('team-photo');
    expect((await post(ticket, png)).status).toBeLessThan(300);
    const first = surveySchema.parse((await confirm('team-photo', ticket.key)).body);
    const url = first.highRatingPhotoUrl!;

    // The ticket writes only its own incoming key, never the public file (S3 checks the policy's key).
    expect(ticket.fields.key).toBe(ticket.key);
    await post(ticket, jpeg);
    const again = await confirm('team-photo', ticket.key);
    expect(again.status).toBe(200);
    expect(surveySchema.parse(again.body).highRatingPhotoUrl).toBe(url);
    const served = await fetch(url);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    await expectNotServed(ticket.key, jpeg);
  });

  it('deletes the file of a replaced and of a removed image', async () => {
    const firstTicket = await ticketFor('logo');
    await post(firstTicket, png);
    const firstUrl = surveySchema.parse((await confirm('logo', firstTicket.key)).body).businessLogoUrl!;
    expect((await fetch(firstUrl)).status).toBe(200);

    const secondTicket = await ticketFor('logo');
    await post(secondTicket, jpeg);
    const second = surveySchema.parse((await confirm('logo', secondTicket.key)).body);
    const secondUrl = second.businessLogoUrl!;
    expect(secondUrl).toMatch(/\.jpg$/);
    expect((await fetch(firstUrl)).status).toBe(404);

    const removed = await callApi('PATCH', pathOf('update-survey', { surveyId: survey.id }), {
      user: owner,
      body: { version: second.version, businessLogoUrl: null },
    });
    expect(surveySchema.parse(removed.body).businessLogoUrl).toBeNull();
    expect((await fetch(secondUrl)).status).toBe(404);
  });
});
