import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { errorBodySchema, pathOf } from '@reviewroute/shared';
import { startWeb, type LocalWeb } from '../../infra/local/web';
import type { ApiUser } from '../support/api';
import { serveBuiltSite, type BuiltSite } from '../support/built-site';
import { createSignedInUser } from '../support/cognito';

const stack = inject('localStack');

/** A 2 MB JSON body: over every route's limit (16 KB; a review-request batch's 3 MB is the exception). */
const twoMegabytes = JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) });
/** Over the gateway's own 10 MB limit: refused before any handler runs, with the same contract. */
const elevenMegabytes = JSON.stringify({ message: 'x'.repeat(11 * 1024 * 1024) });

/** The contract's 413: a JSON error body with the code, never a bare gateway page or a 502. */
async function expectPayloadTooLarge(
  origin: string,
  route: 'send-contact-email' | 'create-survey',
  user?: ApiUser,
  body = twoMegabytes,
) {
  const answer = await fetch(new URL(pathOf(route), origin), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(user ? { authorization: `Bearer ${user.tokens.idToken}` } : {}),
    },
    body,
  });
  expect(answer.status, `${origin} ${route}`).toBe(413);
  expect(answer.headers.get('content-type')).toMatch(/application\/json/);
  expect(errorBodySchema.parse(await answer.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
}

describe('an oversized body', () => {
  let site: BuiltSite;
  let vite: LocalWeb;
  let dir: string;
  let owner: ApiUser;
  beforeAll(async () => {
    owner = await createSignedInUser(stack);
    // The built site's server (the app's origin in the e2e runs) in front of the run's gateway; only its proxy
    // is used here, so no build is needed.
    dir = await mkdtemp(path.join(tmpdir(), 'oversized-'));
    site = await serveBuiltSite(dir, { apiUrl: stack.urls.api, built: new Promise(() => undefined) });
    // Vite's dev server with the local stack's proxy (the app's origin of `npm start`).
    vite = await startWeb({ port: 0, apiUrl: stack.urls.api, logLevel: 'silent', cacheDir: path.join(dir, 'vite') });
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await vite?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('gets the 413 contract from the gateway itself', async () => {
    await expectPayloadTooLarge(stack.urls.api, 'send-contact-email');
    await expectPayloadTooLarge(stack.urls.api, 'create-survey', owner);
    await expectPayloadTooLarge(stack.urls.api, 'send-contact-email', undefined, elevenMegabytes);
  });

  it("gets the 413 contract through the app's origin (the site server's proxy)", async () => {
    await expectPayloadTooLarge(site.url, 'send-contact-email');
    await expectPayloadTooLarge(site.url, 'create-survey', owner);
  });

  it("gets the 413 contract through the app's origin (Vite's proxy)", async () => {
    await expectPayloadTooLarge(vite.url, 'send-contact-email');
    await expectPayloadTooLarge(vite.url, 'create-survey', owner);
    await expectPayloadTooLarge(vite.url, 'send-contact-email', undefined, elevenMegabytes);
  });
});
