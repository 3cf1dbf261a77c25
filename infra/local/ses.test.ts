import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSes, type LocalSes } from './ses';

describe('the local SES inbox', () => {
  let ses: LocalSes;
  beforeAll(async () => {
    ses = await startSes({ port: 0, redirects: { '/phone': 'http://localhost:8006' } });
  });
  afterAll(() => ses.stop());

  it('sends /phone to the local phone view and serves its own inbox and store as before', async () => {
    const phone = await fetch(`${ses.url}/phone`, { redirect: 'manual' });
    expect(phone.status).toBe(302);
    expect(phone.headers.get('location')).toBe('http://localhost:8006');
    expect((await fetch(`${ses.url}/store`)).status).toBe(200);
    expect((await fetch(ses.url)).status).toBe(200);
  });
});
