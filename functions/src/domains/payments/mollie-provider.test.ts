import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMollieClient } from './mollie-provider';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A stand-in Mollie answering from a script of answers, recording what it was sent. */
async function scriptedMollie(answers: { status: number; body: unknown; headers?: Record<string, string> }[]) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const answer = answers[Math.min(seen.length - 1, answers.length - 1)]!;
      res.writeHead(answer.status, { 'content-type': 'application/hal+json', ...answer.headers });
      res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { seen, apiEndpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2` };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

const payment = {
  id: 'tr_abc1234567',
  status: 'open',
  amount: { value: '120.00', currency: 'EUR' },
  description: 'Growth',
  method: null,
  createdAt: '2026-01-01T10:00:00+00:00',
  metadata: { userId: 'u' },
  _links: { checkout: { href: 'https://pay.example/x' } },
};

const newPayment = {
  amount: '120.00',
  currency: 'EUR' as const,
  description: 'Growth',
  redirectUrl: 'https://app.example/payments',
  webhookUrl: 'https://api.example/webhook',
  metadata: { userId: 'u', plan: 'growth', source: 'web_app' as const },
  language: 'nl' as const,
};

describe('createMollieClient', () => {
  it('posts the payment as JSON with the key, and retries a 5xx with the same idempotency key', async () => {
    const mollie = await scriptedMollie([
      { status: 503, body: { status: 503, detail: 'busy' }, headers: { 'retry-after': '0' } },
      { status: 201, body: payment },
    ]);
    const created = await createMollieClient({ apiKey: 'test_key', apiEndpoint: mollie.apiEndpoint }).create(
      newPayment,
    );
    expect(created).toMatchObject({
      id: 'tr_abc1234567',
      status: 'open',
      amount: 120,
      checkoutUrl: 'https://pay.example/x',
    });
    expect(mollie.seen).toHaveLength(2);
    const [first, second] = mollie.seen;
    expect(first).toMatchObject({ method: 'POST', url: '/v2/payments' });
    expect(first!.headers.authorization).toBe('Bearer test_key');
    expect(first!.headers['idempotency-key']).toMatch(/^[A-Za-z0-9+/]{24}$/);
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
    expect(JSON.parse(first!.body)).toMatchObject({ amount: { value: '120.00', currency: 'EUR' }, locale: 'nl_NL' });
  });

  it("gives up after three 5xx answers with Mollie's status and detail", async () => {
    const mollie = await scriptedMollie([
      { status: 502, body: { status: 502, detail: 'down' }, headers: { 'retry-after': '0' } },
    ]);
    await expect(
      createMollieClient({ apiKey: 'test_key', apiEndpoint: mollie.apiEndpoint }).create(newPayment),
    ).rejects.toMatchObject({ httpStatus: 502, message: expect.stringContaining('down') });
    expect(mollie.seen).toHaveLength(3);
  });

  it('reads a payment by id, and an unknown one as undefined without retrying', async () => {
    const mollie = await scriptedMollie([{ status: 200, body: payment }]);
    const client = createMollieClient({ apiKey: 'test_key', apiEndpoint: mollie.apiEndpoint });
    expect(await client.get('tr_abc1234567')).toMatchObject({ id: 'tr_abc1234567', currency: 'EUR' });
    expect(mollie.seen[0]).toMatchObject({ method: 'GET', url: '/v2/payments/tr_abc1234567' });
    expect(mollie.seen[0]!.headers['idempotency-key']).toBeUndefined();

    const missing = await scriptedMollie([{ status: 404, body: { status: 404, detail: 'No payment exists' } }]);
    expect(
      await createMollieClient({ apiKey: 'k', apiEndpoint: missing.apiEndpoint }).get('tr_none000000'),
    ).toBeUndefined();
    expect(missing.seen).toHaveLength(1);
  });

  it('reports an answer that is not JSON, and a refused connection without a status', async () => {
    const mollie = await scriptedMollie([{ status: 200, body: '<html>' }]);
    await expect(
      createMollieClient({ apiKey: 'k', apiEndpoint: mollie.apiEndpoint }).get('tr_abc1234567'),
    ).rejects.toThrow(/unexpected response/);
    const closed = createMollieClient({ apiKey: 'k', apiEndpoint: 'http://127.0.0.1:1/v2' });
    await expect(closed.get('tr_abc1234567')).rejects.toMatchObject({ httpStatus: undefined });
  });
});
