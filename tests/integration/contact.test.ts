import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { contactRefusedMessage, errorBodySchema, pathOf } from '@reviewroute/shared';
import { contactFormTokenOf, contactRateLimit } from '@reviewroute/functions/domains/contact/service';
import { apiCall, newLoopbackClient, stackEntities, type ApiCallOptions } from '../support/api';
import { type InboxMail, listMails, waitForMail } from '../support/inbox';

const stack = inject('localStack');
const path = pathOf('send-contact-email');
const send = (body: unknown, options: ApiCallOptions = {}) =>
  apiCall(stack.urls.api, 'POST', path, { body, ...options });

/** What the SES emulator keeps of a mail besides the fields the shared inbox type names. */
type StoredMail = InboxMail & { replyTo?: string[] };

const operator = () => {
  const address = stack.env.CONTACT_TO_ADDRESS;
  if (!address) throw new Error('The local stack sets no CONTACT_TO_ADDRESS');
  return address;
};

/** A form token the API issued now (its answer to the form appearing). */
async function issuedToken(): Promise<string> {
  const answer = await apiCall(stack.urls.api, 'POST', pathOf('start-contact-form'));
  expect(answer.status).toBe(200);
  return (answer.body as { formToken: string }).formToken;
}

/**
 * The token of a form that appeared `ms` ago, signed with the day's salt as the API signs it (controlled time:
 * no test waits for a token to age). The API's own start call first makes sure the day's salt exists.
 */
async function tokenIssuedAgo(ms: number): Promise<string> {
  await issuedToken();
  const issuedAt = Date.now() - ms;
  const day = new Date(issuedAt).toISOString().slice(0, 10);
  const { data } = await stackEntities().clientKeySalt.get({ day }).go({ consistent: true });
  if (!data) throw new Error(`No client-key salt for ${day}`);
  return contactFormTokenOf(data.salt, issuedAt);
}

let formToken = '';

const message = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Anna',
  lastName: 'de Vries',
  email: `anna.${randomUUID().slice(0, 8)}@bakkerij.example`,
  company: 'Bakkerij de Vries',
  subject: `Question ${randomUUID()}`,
  message: 'Hello,\n\nDo you send invoices with our VAT number?\n\nAnna',
  website: '',
  elapsedMs: 15_000,
  formToken,
  language: 'nl',
  ...overrides,
});

const mailsWithSubject = async (subject: string) =>
  (await listMails(stack.urls.inbox)).filter((m) => m.subject.includes(subject));

describe('POST /api/public/contact', () => {
  beforeAll(async () => {
    formToken = await tokenIssuedAgo(15_000);
  });

  it('refuses a post whose fill time, measured by the API from its own token, is under the minimum', async () => {
    // The browser claims 15 s, but the API issued the form's token a moment ago.
    const quick = message({ formToken: await issuedToken(), elapsedMs: 15_000 });
    const answer = await send(quick);
    expect(answer.status).toBe(400);
    expect(errorBodySchema.parse(answer.body).error).toEqual({ code: 'BAD_REQUEST', message: contactRefusedMessage });
    // Without a token, or with a forged one, alike.
    for (const input of [
      message({ formToken: undefined }),
      message({ formToken: `${Date.now() - 15_000}.${'A'.repeat(43)}` }),
    ]) {
      const refused = await send(input);
      expect(refused.status).toBe(400);
      expect(errorBodySchema.parse(refused.body).error.message).toBe(contactRefusedMessage);
    }
    expect(await mailsWithSubject(quick.subject)).toEqual([]);
  });

  it('mails the operator from the configured sender, Reply-To the visitor, with a text and an HTML part', async () => {
    const input = message();
    const answer = await send(input);
    expect(answer.status, JSON.stringify(answer.body)).toBe(204);
    const mail = (await waitForMail(stack.urls.inbox, operator(), { subject: input.subject })) as StoredMail;
    expect(mail.from).toContain(stack.env.CONTACT_FROM_ADDRESS);
    expect(mail.destination.to).toEqual([operator()]);
    expect(mail.replyTo).toEqual([input.email]);
    expect(mail.subject).toBe(`[ReviewRoute contact] ${input.subject} (Anna de Vries)`);
    expect(mail.body.text).toContain('Do you send invoices with our VAT number?');
    expect(mail.body.text).toContain('Language: Dutch');
    expect(mail.body.html).toMatch(/<td style="padding:4px 0;[^"]*">Bakkerij de Vries<\/td>/);
  });

  it('answers invalid input with the shared messages per field and sends nothing', async () => {
    const input = message({ firstName: ' ', email: 'not-an-address', message: '' });
    const answer = await send(input);
    expect(answer.status).toBe(400);
    const { error } = errorBodySchema.parse(answer.body);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual({
      firstName: 'First name is required',
      email: 'Valid email is required',
      message: 'Message is required',
    });
    expect(await mailsWithSubject(input.subject)).toEqual([]);
  });

  it('refuses the honeypot and a send faster than a person can type, alike and vaguely', async () => {
    for (const input of [message({ website: 'https://spam.example' }), message({ elapsedMs: 300 })]) {
      const answer = await send(input);
      expect(answer.status).toBe(400);
      expect(errorBodySchema.parse(answer.body).error).toEqual({ code: 'BAD_REQUEST', message: contactRefusedMessage });
      expect(await mailsWithSubject(input.subject)).toEqual([]);
    }
  });

  it(`limits each client to ${contactRateLimit.limit} messages per window, without touching other clients`, async () => {
    const from = newLoopbackClient();
    for (let i = 0; i < contactRateLimit.limit; i++) {
      expect((await send(message(), { from })).status).toBe(204);
    }
    const refused = message();
    const answer = await send(refused, { from, userAgent: `another/${randomUUID()}` });
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(errorBodySchema.parse(answer.body).error.code).toBe('RATE_LIMITED');
    expect(await mailsWithSubject(refused.subject)).toEqual([]);
    expect((await send(message())).status).toBe(204);
  });
});
