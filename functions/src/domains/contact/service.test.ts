import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { composeContactMail } from './mail';
import { contactRateLimit } from './service';
import { memoryContactService, testOperator } from './testing';

const form = {
  firstName: 'Anna',
  lastName: 'de Vries',
  email: 'anna@bakkerij.example',
  company: 'Bakkerij de Vries',
  subject: 'Invoices',
  message: 'Hello,\n\nCan I get <b>invoices</b> with our VAT number?\n\nAnna',
};
const request = { ...form, website: '', elapsedMs: 12_000, language: 'nl' as const };
const client = '203.0.113.9';

function setup(now = new Date('2026-11-23T10:00:00Z')) {
  const { service, mailer, limiter } = memoryContactService({ now: () => now });
  return { service, sent: mailer.sent, windows: limiter.counts };
}

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
};

describe('contact service', () => {
  it('mails the operator, with Reply-To the sender, a text and an HTML part', async () => {
    const { service, sent } = setup();
    await service.send(request, client);
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail).toMatchObject({ ...testOperator, replyTo: form.email });
    expect(mail.subject).toBe('[ReviewRoute contact] Invoices (Anna de Vries)');
    expect(mail.text).toContain('Company: Bakkerij de Vries');
    expect(mail.text).toContain('Language: Dutch');
    expect(mail.text).toContain(form.message);
    expect(mail.html).toContain('<!doctype html>');
    expect(mail.html).toContain('Bakkerij de Vries');
  });

  it('escapes everything the visitor typed in the HTML part', () => {
    const mail = composeContactMail({
      message: { ...form, subject: '<script>x</script>', firstName: '"Anna"' },
      language: 'en',
      receivedAt: new Date('2026-11-23T10:00:00Z'),
      from: 'a@example.com',
      to: 'b@example.com',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>invoices</b>');
    expect(mail.html).toContain('&lt;b&gt;invoices&lt;/b&gt;');
    expect(mail.html).toContain('&quot;Anna&quot;');
    expect(mail.text).toContain('Received: 2026-11-23 10:00 UTC');
  });

  it('leaves the company out when none was given', async () => {
    const { service, sent } = setup();
    await service.send({ ...request, company: '' }, client);
    expect(sent[0]!.text).not.toContain('Company:');
  });

  it('refuses the honeypot and a too-fast send alike, vaguely, without counting them', async () => {
    const { service, sent, windows } = setup();
    for (const input of [
      { ...request, website: 'https://spam.example' },
      { ...request, elapsedMs: 400 },
    ]) {
      const error = await refusal(service.send(input, client));
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message).toBe('The message could not be sent.');
    }
    expect(sent).toHaveLength(0);
    expect(windows.size).toBe(0);
  });

  it('allows a few messages per client per window, then answers RATE_LIMITED', async () => {
    const { service, sent } = setup();
    for (let i = 0; i < contactRateLimit.limit; i++) await service.send(request, client);
    const error = await refusal(service.send(request, client));
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.statusCode).toBe(429);
    expect(error.headers).toEqual({ 'retry-after': '600' });
    // Another client is not affected.
    await service.send(request, '198.51.100.4');
    expect(sent).toHaveLength(contactRateLimit.limit + 1);
  });

  it('keys the counter by a salted hash, never the address', async () => {
    const { service, windows } = setup();
    await service.send(request, client);
    const [key] = [...windows.keys()];
    expect(key).toMatch(/^contact:[0-9a-f]{64}\/\d+$/);
    expect(key).not.toContain(client);
  });
});
