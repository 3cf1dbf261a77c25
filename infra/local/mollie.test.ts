import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMollieClient } from '@reviewroute/functions/domains/payments/mollie-provider';
import { localhostCertificate, startMollie, type LocalMollie } from './mollie';

describe('localhostCertificate', () => {
  it('is a certificate for localhost and 127.0.0.1 that verifies with its own key', async () => {
    const { cert } = await localhostCertificate();
    const x509 = new X509Certificate(cert);
    expect(x509.checkHost('localhost')).toBe('localhost');
    expect(x509.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(x509.verify(x509.publicKey)).toBe(true);
  });
});

describe('local Mollie', () => {
  let mollie: LocalMollie;
  const webhooks: string[] = [];
  let shop: ReturnType<typeof createServer>;
  let shopUrl: string;

  beforeAll(async () => {
    mollie = await startMollie({ port: 0 });
    // The shop's webhook: records what Mollie posts.
    shop = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        webhooks.push(`${req.headers['content-type']} ${body}`);
        res.end();
      });
    });
    await new Promise<void>((resolve) => shop.listen(0, 'localhost', resolve));
    shopUrl = `http://localhost:${(shop.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await mollie.stop();
    await new Promise((resolve) => shop.close(resolve));
  });

  const newPayment = () =>
    createMollieClient({ apiKey: mollie.apiKey, apiEndpoint: mollie.apiEndpoint }).create({
      amount: '120.00',
      currency: 'EUR',
      description: 'Growth - Annual Subscription',
      redirectUrl: `${shopUrl}/payments?success=true`,
      webhookUrl: `${shopUrl}/api/payments/webhook`,
      metadata: { userId: 'owner-1', plan: 'growth', source: 'web_app' },
      language: 'en',
    });

  it('answers the real client over TLS: create, then read back with metadata and checkout link', async () => {
    const client = createMollieClient({ apiKey: mollie.apiKey, apiEndpoint: mollie.apiEndpoint });
    const created = await newPayment();
    expect(created).toMatchObject({
      status: 'open',
      amount: 120,
      currency: 'EUR',
      metadata: { userId: 'owner-1', plan: 'growth', source: 'web_app' },
      checkoutUrl: `${mollie.url}/checkout/${created.id}`,
    });
    expect(created.id).toMatch(/^tr_[A-Za-z0-9]{10}$/);
    expect(await client.get(created.id)).toEqual(created);
    expect(await client.get('tr_unknown000')).toBeUndefined();
  });

  it('refuses a wrong key as Mollie does (401) and a bad amount (422)', async () => {
    const wrong = createMollieClient({ apiKey: 'test_wrongwrongwrongwrongwrongwr', apiEndpoint: mollie.apiEndpoint });
    await expect(wrong.get('tr_unknown000')).rejects.toMatchObject({ httpStatus: 401 });
    const res = await fetch(`${mollie.url}/v2/payments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${mollie.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: { value: '120', currency: 'EUR' }, description: 'x', redirectUrl: shopUrl }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ status: 422, field: 'amount.value' });
  });

  it('checkout: a page with the four outcomes; a choice sets it, calls the webhook, then redirects back', async () => {
    const client = createMollieClient({ apiKey: mollie.apiKey, apiEndpoint: mollie.apiEndpoint });
    const created = await newPayment();
    const page = await (await fetch(created.checkoutUrl!)).text();
    for (const status of ['paid', 'failed', 'canceled', 'expired'])
      expect(page).toContain(`name="status" value="${status}"`);
    expect(page).toContain('<html lang="en">');

    const choice = await fetch(created.checkoutUrl!, {
      method: 'POST',
      body: new URLSearchParams({ status: 'paid', method: 'creditcard' }),
      redirect: 'manual',
    });
    expect(choice.status).toBe(303);
    expect(choice.headers.get('location')).toBe(`${shopUrl}/payments?success=true`);
    expect(webhooks).toContain(`application/x-www-form-urlencoded id=${created.id}`);
    expect(await client.get(created.id)).toMatchObject({
      status: 'paid',
      method: 'creditcard',
      cardLabel: 'Visa •••• 4242',
      checkoutUrl: null,
    });
    expect(Date.parse((await client.get(created.id))!.paidAt!)).not.toBeNaN();

    // A failed checkout goes back to the shop too, as Mollie's test mode does.
    const failed = await newPayment();
    const back = await fetch(failed.checkoutUrl!, {
      method: 'POST',
      body: new URLSearchParams({ status: 'failed', method: 'creditcard' }),
      redirect: 'manual',
    });
    expect(back.headers.get('location')).toBe(`${shopUrl}/payments?success=true`);
    expect((await client.get(failed.id))!.status).toBe('failed');
  });

  it('refunds as the refunds API does: only a paid payment, at most what remains, listed and shown on the payment', async () => {
    const client = createMollieClient({ apiKey: mollie.apiKey, apiEndpoint: mollie.apiEndpoint });
    const open = await newPayment();
    const refundOf = { amount: '120.00', currency: 'EUR', description: 'Growth - Annual Subscription' };
    await expect(client.refund(open.id, refundOf)).rejects.toMatchObject({ httpStatus: 422 });
    await fetch(open.checkoutUrl!, {
      method: 'POST',
      body: new URLSearchParams({ status: 'paid' }),
      redirect: 'manual',
    });
    expect((await client.get(open.id))!.reversal).toBeNull();

    const refund = await client.refund(open.id, refundOf);
    expect(refund).toMatchObject({ status: 'refunded', amount: 120 });
    expect(refund.id).toMatch(/^re_[A-Za-z0-9]{10}$/);
    expect(await client.get(open.id)).toMatchObject({ status: 'paid', reversal: 'refunded' });
    // Nothing remains: a second refund is refused, as Mollie refuses it.
    await expect(client.refund(open.id, refundOf)).rejects.toMatchObject({ httpStatus: 422 });

    const api = (path: string) =>
      fetch(`${mollie.url}/v2/payments/${open.id}${path}`, { headers: { authorization: `Bearer ${mollie.apiKey}` } });
    const payment = (await (await api('')).json()) as Record<string, unknown>;
    expect(payment).toMatchObject({
      amountRefunded: { value: '120.00', currency: 'EUR' },
      amountRemaining: { value: '0.00', currency: 'EUR' },
    });
    const list = (await (await api('/refunds')).json()) as { count: number; _embedded: { refunds: unknown[] } };
    expect(list.count).toBe(1);
    expect(list._embedded.refunds[0]).toMatchObject({ id: refund.id, paymentId: open.id, status: 'refunded' });
    expect(await (await api(`/refunds/${refund.id}`)).json()).toMatchObject({ amount: { value: '120.00' } });
    expect((await api('/refunds/re_unknown000')).status).toBe(404);
  });
});
