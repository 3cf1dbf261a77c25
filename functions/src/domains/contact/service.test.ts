import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { composeContactMail } from './mail';
import { contactRateLimit } from './service';
import { memoryContactService, testOperator } from '../../../testing/domains/contact';

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

function setup(overrides: { hourlyCap?: number } = {}) {
  let clock = Date.parse('2026-11-23T10:00:00Z');
  const { service, mailer, limiter } = memoryContactService({ now: () => new Date(clock), ...overrides });
  /** A form that appeared 12 s ago (its token issued then): what a person's send brings. */
  const fresh = async (fillMs = 12_000) => {
    const { formToken } = await service.start();
    clock += fillMs;
    return { ...request, formToken };
  };
  return { service, sent: mailer.sent, windows: limiter.counts, fresh, advance: (ms: number) => (clock += ms) };
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
    const { service, sent, fresh } = setup();
    await service.send(await fresh(), client);
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
    // The business's time zone (Amsterdam), as every page and mail writes a moment.
    expect(mail.text).toContain('Received: 23 Nov 2026, 11:00');
  });

  it('leaves the company out when none was given', async () => {
    const { service, sent, fresh } = setup();
    await service.send({ ...(await fresh()), company: '' }, client);
    expect(sent[0]!.text).not.toContain('Company:');
  });

  it('refuses the honeypot and a too-fast send alike, vaguely, without counting them', async () => {
    const { service, sent, windows, fresh } = setup();
    const { formToken } = await service.start();
    for (const input of [
      { ...(await fresh()), website: 'https://spam.example' },
      { ...(await fresh()), elapsedMs: 400 },
      // The browser says 12 s, but the API issued the token 2 s ago: the server's measure decides.
      { ...(await fresh(2000)), elapsedMs: 12_000 },
      // No token, a forged one, one from the future.
      request,
      { ...request, formToken: `${Date.now()}.${'x'.repeat(43)}` },
      { ...request, formToken: formToken.replace(/^\d{13}/, String(Date.parse('2026-11-24T10:00:00Z'))) },
    ]) {
      const error = await refusal(service.send(input, client));
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message).toBe('The message could not be sent.');
    }
    expect(sent).toHaveLength(0);
    expect(windows.size).toBe(0);
  });

  it('allows a few messages per client per window, then answers RATE_LIMITED', async () => {
    const { service, sent, fresh } = setup();
    for (let i = 0; i < contactRateLimit.limit; i++) await service.send(await fresh(), client);
    const error = await refusal(service.send(await fresh(), client));
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.statusCode).toBe(429);
    // The window opened at 10:00:00 and the sends took 4 × 12 s.
    expect(error.headers).toEqual({ 'retry-after': String(600 - 48) });
    // Another client is not affected.
    await service.send(await fresh(), '198.51.100.4');
    expect(sent).toHaveLength(contactRateLimit.limit + 1);
  });

  it('keys the counter by a salted hash, never the address', async () => {
    const { service, windows, fresh } = setup();
    await service.send(await fresh(), client);
    const [key] = [...windows.keys()];
    expect(key).toMatch(/^contact:[0-9a-f]{64}\/\d+$/);
    expect([...windows.keys()].filter((k) => k.startsWith('contact-all/'))).toHaveLength(1);
    expect(key).not.toContain(client);
  });

  it('caps messages from everyone together per hour (429), whatever the number of clients, and logs for the alarm', async () => {
    const { service, sent, fresh } = setup({ hourlyCap: 3 });
    for (let i = 0; i < 3; i++) await service.send(await fresh(), `198.51.100.${i}`);
    const error = await refusal(service.send(await fresh(), '198.51.100.99'));
    expect(error).toMatchObject({ code: 'RATE_LIMITED', statusCode: 429 });
    expect(sent).toHaveLength(3);
  });
});
