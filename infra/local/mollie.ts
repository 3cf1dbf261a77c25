import { createPrivateKey, randomBytes, randomInt, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { generate as generateCertificate } from 'selfsigned';
import { LOCAL_HOST, closeServer, listen } from './ports';

/**
 * A loopback stand-in for the part of Mollie's v2 payments API that @mollie/api-client 4.6 uses here
 * (`POST /v2/payments`, `GET /v2/payments/{id}`, Bearer `test_…` key, HAL+JSON answers and Mollie's error
 * body), plus the hosted checkout a browser is sent to (`GET /checkout/{id}`): like Mollie's test mode, it
 * offers paid / failed / canceled / expired; the choice sets the status, calls the payment's webhook
 * (form-encoded `id=…`) and sends the browser back to its redirect URL, whatever the outcome.
 *
 * The client only speaks HTTPS and pins Mollie's own CA bundle, so the API side answers TLS with a
 * certificate made at start for `localhost`, which `trustLocalMollie` makes this process's https agents
 * accept for this server's address alone. The same port answers plain HTTP, for browsers (the checkout).
 *
 * Not Mollie: `POST /_test/payments/{id}` sets a payment's status without a webhook, so a test can make
 * the API read an older state than it stored (a stale read, as out-of-order webhooks produce).
 */

export interface MolliePaymentState {
  resource: 'payment';
  id: string;
  mode: 'test';
  createdAt: string;
  amount: { value: string; currency: string };
  description: string;
  method: string | null;
  metadata: unknown;
  status: 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';
  isCancelable: boolean;
  expiresAt?: string;
  paidAt?: string;
  failedAt?: string;
  canceledAt?: string;
  expiredAt?: string;
  details: Record<string, unknown> | null;
  locale?: string;
  profileId: string;
  sequenceType: 'oneoff';
  redirectUrl?: string;
  cancelUrl?: string;
  webhookUrl?: string;
}

export interface LocalMollie {
  /** Plain-HTTP origin of the hosted checkout (browsers). */
  url: string;
  /** What MOLLIE_API_ENDPOINT gets: the HTTPS API base, `https://localhost:{port}/v2/`. */
  apiEndpoint: string;
  /** The only key it accepts (`test_…`), for MOLLIE_API_KEY. */
  apiKey: string;
  /** The server's certificate (PEM), trusted through `trustLocalMollie`. */
  certificate: string;
  port: number;
  payments: ReadonlyMap<string, MolliePaymentState>;
  stop(): Promise<void>;
}

export interface LocalMollieOptions {
  port: number;
  /** Keeps payments (and the key and certificate) in `<dataDir>/mollie.json` across restarts (`npm start`). */
  dataDir?: string;
  /** One line per checkout choice and webhook call. */
  log?: (line: string) => void;
}

// ---------------------------------------------------------------------------------------------------------
// A self-signed certificate for localhost.

/** An ECDSA P-256 certificate for `localhost` and 127.0.0.1, valid for ten years. */
export async function localhostCertificate(): Promise<{ cert: string; key: string }> {
  const pems = await generateCertificate([{ name: 'commonName', value: 'ReviewRoute local Mollie' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 10 * 365 * 24 * 60 * 60 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}

// ---------------------------------------------------------------------------------------------------------
// Trust: @mollie/api-client makes its own https.Agent with Mollie's CA bundle. For this server's address
// alone, this process's https agents verify against the local certificate instead (still verified TLS).

const trusted = new Map<string, string>();
let agentPatched = false;

/** Makes https agents in this process accept `certificate` for localhost:{port} (and only there). */
export function trustLocalMollie(port: number, certificate: string): () => void {
  for (const host of [LOCAL_HOST, '127.0.0.1']) trusted.set(`${host}:${port}`, certificate);
  if (!agentPatched) {
    agentPatched = true;
    const proto = https.Agent.prototype as unknown as {
      createConnection: (options: Record<string, unknown>, ...rest: unknown[]) => Duplex;
    };
    const original = proto.createConnection;
    proto.createConnection = function (this: unknown, options: Record<string, unknown>, ...rest: unknown[]) {
      const certificate = trusted.get(`${String(options.host)}:${String(options.port)}`);
      return original.call(this, certificate ? { ...options, ca: [certificate] } : options, ...rest);
    };
  }
  return () => {
    for (const host of [LOCAL_HOST, '127.0.0.1']) trusted.delete(`${host}:${port}`);
  };
}

/**
 * For another process than the one running the server (`npm run invoke`): trusts the certificate a persisted
 * local Mollie keeps in `<dataDir>/mollie.json` for the endpoint's port. Nothing happens without the file or
 * for an endpoint that is not on this machine.
 */
export function trustStoredMollie(dataDir: string, apiEndpoint: string): void {
  const file = path.join(dataDir, 'mollie.json');
  const url = new URL(apiEndpoint);
  if (!existsSync(file) || ![LOCAL_HOST, '127.0.0.1'].includes(url.hostname)) return;
  const { cert } = JSON.parse(readFileSync(file, 'utf8')) as Pick<Stored, 'cert'>;
  trustLocalMollie(Number(url.port), cert);
}

// ---------------------------------------------------------------------------------------------------------
// The API.

const base62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const paymentId = () => `tr_${Array.from({ length: 10 }, () => base62[randomInt(base62.length)]).join('')}`;
/** Mollie writes timestamps with an offset and no milliseconds. */
const mollieTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+00:00');

const currencies = new Set(['EUR', 'USD', 'GBP', 'CHF', 'SEK', 'NOK', 'DKK']);
const finalStatuses = ['paid', 'failed', 'canceled', 'expired'] as const;
type CheckoutChoice = (typeof finalStatuses)[number];
const testMethods = {
  creditcard: 'Credit card',
  ideal: 'iDEAL',
} as const;
type TestMethod = keyof typeof testMethods;

function detailsOf(method: TestMethod, status: CheckoutChoice): Record<string, unknown> {
  if (method === 'ideal')
    return status === 'paid'
      ? { consumerName: 'T. TEST', consumerAccount: 'NL53INGB0654422370', consumerBic: 'INGBNL2A' }
      : {};
  return {
    cardNumber: '4242',
    cardHolder: 'T. TEST',
    cardAudience: 'consumer',
    cardLabel: 'Visa',
    cardCountryCode: 'NL',
    cardSecurity: 'normal',
    feeRegion: 'other',
    ...(status === 'failed' ? { failureReason: 'card_declined', failureMessage: 'The card was declined.' } : {}),
  };
}

/** Mollie's error body (RFC 7807 style, with its documentation link). */
function mollieError(res: http.ServerResponse, status: number, title: string, detail: string, field?: string) {
  res.writeHead(status, { 'content-type': 'application/hal+json' });
  res.end(
    JSON.stringify({
      status,
      title,
      detail,
      ...(field ? { field } : {}),
      _links: { documentation: { href: 'https://docs.mollie.com/overview/handling-errors', type: 'text/html' } },
    }),
  );
}

const readBody = (req: http.IncomingMessage, limit = 64 * 1024): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new Error('body too large'));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const isUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** The create request checked as Mollie checks it (the fields this product sends), or the error's field and text. */
function validateCreate(body: unknown): { field: string; detail: string } | undefined {
  if (typeof body !== 'object' || body === null) return { field: 'amount', detail: 'The amount is required.' };
  const b = body as Record<string, unknown>;
  const amount = b.amount as { value?: unknown; currency?: unknown } | undefined;
  if (!amount || typeof amount !== 'object') return { field: 'amount', detail: 'The amount is required.' };
  if (typeof amount.currency !== 'string' || !currencies.has(amount.currency))
    return { field: 'amount.currency', detail: 'The amount currency is invalid.' };
  if (typeof amount.value !== 'string' || !/^\d{1,10}\.\d{2}$/.test(amount.value))
    return { field: 'amount.value', detail: 'The amount value is invalid: it must be a string with two decimals.' };
  if (Number(amount.value) < 0.01) return { field: 'amount.value', detail: 'The amount is lower than minimum.' };
  if (typeof b.description !== 'string' || b.description.trim() === '' || b.description.length > 255)
    return { field: 'description', detail: 'The description is invalid.' };
  if (!isUrl(b.redirectUrl)) return { field: 'redirectUrl', detail: 'The redirect URL is invalid.' };
  if (b.webhookUrl !== undefined && b.webhookUrl !== null && !isUrl(b.webhookUrl))
    return { field: 'webhookUrl', detail: 'The webhook URL is invalid.' };
  if (b.metadata !== undefined && JSON.stringify(b.metadata).length > 1024)
    return { field: 'metadata', detail: 'The metadata is too large: at most 1024 bytes.' };
  return undefined;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c as '&'] ?? c,
  );

function checkoutPage(payment: MolliePaymentState): string {
  const amount = `${payment.amount.currency} ${payment.amount.value}`;
  const open = payment.status === 'open';
  const methods = Object.entries(testMethods)
    .map(
      ([value, label], i) =>
        `<label><input type="radio" name="method" value="${value}"${i === 0 ? ' checked' : ''}> ${label}</label>`,
    )
    .join('\n        ');
  const buttons = finalStatuses
    .map(
      (status) =>
        `<button type="submit" name="status" value="${status}">${status.charAt(0).toUpperCase()}${status.slice(1)}</button>`,
    )
    .join('\n        ');
  const back = payment.redirectUrl ? `<p><a href="${escapeHtml(payment.redirectUrl)}">Return to the shop</a></p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Test payment ${escapeHtml(payment.id)} · Local Mollie</title>
  <style>
    body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem; color: #111; }
    fieldset { margin: 1rem 0; border: 1px solid #999; padding: 0.75rem 1rem; }
    label { display: block; margin: 0.25rem 0; }
    button { font: inherit; margin: 0.25rem 0.5rem 0.25rem 0; padding: 0.5rem 1rem; min-width: 6rem; cursor: pointer; }
    .note { color: #444; }
  </style>
</head>
<body>
  <main>
    <h1>Test payment</h1>
    <p class="note">Local Mollie test mode: nothing is charged. Choose the outcome of this payment.</p>
    <dl>
      <dt>Description</dt><dd>${escapeHtml(payment.description)}</dd>
      <dt>Amount</dt><dd>${escapeHtml(amount)}</dd>
      <dt>Status</dt><dd>${escapeHtml(payment.status)}</dd>
    </dl>
    ${
      open
        ? `<form method="post" action="/checkout/${escapeHtml(payment.id)}">
      <fieldset>
        <legend>Payment method</legend>
        ${methods}
      </fieldset>
      <fieldset>
        <legend>Payment status</legend>
        ${buttons}
      </fieldset>
    </form>`
        : `<p>This payment is ${escapeHtml(payment.status)}.</p>${back}`
    }
  </main>
</body>
</html>`;
}

interface Stored {
  apiKey: string;
  cert: string;
  key: string;
  payments: MolliePaymentState[];
}

export async function startMollie(options: LocalMollieOptions): Promise<LocalMollie> {
  const stateFile = options.dataDir ? path.join(options.dataDir, 'mollie.json') : undefined;
  const stored: Stored | undefined =
    stateFile && existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as Stored) : undefined;
  // A kept certificate is reused while it is valid for another day; anything else starts fresh.
  const keptCertificate =
    stored && new Date(new X509Certificate(stored.cert).validTo).getTime() > Date.now() + 24 * 60 * 60 * 1000;
  const tls = keptCertificate ? { cert: stored.cert, key: stored.key } : await localhostCertificate();
  createPrivateKey(tls.key); // fails early on a damaged file
  const apiKey = stored?.apiKey ?? `test_${randomBytes(22).toString('base64url').replace(/[-_]/g, 'x').slice(0, 30)}`;
  const payments = new Map<string, MolliePaymentState>((stored?.payments ?? []).map((p) => [p.id, p]));
  const log = options.log ?? (() => undefined);

  const save = () => {
    if (!stateFile) return;
    mkdirSync(path.dirname(stateFile), { recursive: true });
    const state: Stored = { apiKey, cert: tls.cert, key: tls.key, payments: [...payments.values()] };
    writeFileSync(stateFile, JSON.stringify(state));
  };

  let port = 0;
  const origin = () => `http://${LOCAL_HOST}:${port}`;

  /** The payment as the API returns it: HAL links, the checkout link only while it is open. */
  const view = (p: MolliePaymentState) => ({
    ...p,
    _links: {
      self: { href: `https://${LOCAL_HOST}:${port}/v2/payments/${p.id}`, type: 'application/hal+json' },
      ...(p.status === 'open' ? { checkout: { href: `${origin()}/checkout/${p.id}`, type: 'text/html' } } : {}),
      dashboard: { href: `${origin()}/checkout/${p.id}`, type: 'text/html' },
      documentation: { href: 'https://docs.mollie.com/reference/get-payment', type: 'text/html' },
    },
  });

  function setStatus(p: MolliePaymentState, status: MolliePaymentState['status'], method?: TestMethod) {
    const now = mollieTime(new Date());
    for (const key of ['paidAt', 'failedAt', 'canceledAt', 'expiredAt'] as const) delete p[key];
    p.status = status;
    p.isCancelable = false;
    if (status === 'open') {
      p.method = null;
      p.details = null;
    } else if (status === 'paid' || status === 'failed' || status === 'canceled' || status === 'expired') {
      p[`${status}At`] = now;
      if (method && status !== 'canceled' && status !== 'expired') {
        p.method = method;
        p.details = detailsOf(method, status);
      }
    }
    save();
  }

  /** Mollie calls the webhook once per change; a failed call is only logged here (the API can still ask). */
  async function callWebhook(p: MolliePaymentState): Promise<void> {
    if (!p.webhookUrl) return;
    try {
      const res = await fetch(p.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Mollie.nl HTTP client/1.0' },
        body: new URLSearchParams({ id: p.id }).toString(),
        signal: AbortSignal.timeout(15_000),
      });
      await res.arrayBuffer();
      log(`[mollie] webhook ${p.webhookUrl} for ${p.id} (${p.status}): ${res.status}`);
    } catch (error) {
      log(`[mollie] webhook ${p.webhookUrl} for ${p.id} failed: ${String(error)}`);
    }
  }

  async function api(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    const auth = req.headers.authorization ?? '';
    if (auth !== `Bearer ${apiKey}`)
      return mollieError(res, 401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate');
    const byId = /^\/v2\/payments\/([^/]+)$/.exec(url.pathname);
    if (url.pathname === '/v2/payments' && req.method === 'POST') {
      let body: unknown;
      try {
        body = JSON.parse(await readBody(req));
      } catch {
        return mollieError(res, 400, 'Bad Request', 'The request body is not valid JSON.');
      }
      const invalid = validateCreate(body);
      if (invalid) return mollieError(res, 422, 'Unprocessable Entity', invalid.detail, invalid.field);
      const b = body as Record<string, unknown>;
      const created = new Date();
      const payment: MolliePaymentState = {
        resource: 'payment',
        id: paymentId(),
        mode: 'test',
        createdAt: mollieTime(created),
        amount: b.amount as MolliePaymentState['amount'],
        description: b.description as string,
        method: typeof b.method === 'string' ? b.method : null,
        metadata: b.metadata ?? null,
        status: 'open',
        isCancelable: false,
        expiresAt: mollieTime(new Date(created.getTime() + 15 * 60 * 1000)),
        details: null,
        ...(typeof b.locale === 'string' ? { locale: b.locale } : {}),
        profileId: 'pfl_localtest',
        sequenceType: 'oneoff',
        redirectUrl: b.redirectUrl as string,
        ...(isUrl(b.cancelUrl) ? { cancelUrl: b.cancelUrl } : {}),
        ...(isUrl(b.webhookUrl) ? { webhookUrl: b.webhookUrl } : {}),
      };
      payments.set(payment.id, payment);
      save();
      res.writeHead(201, { 'content-type': 'application/hal+json' });
      return void res.end(JSON.stringify(view(payment)));
    }
    if (byId && req.method === 'GET') {
      const payment = payments.get(decodeURIComponent(byId[1]!));
      if (!payment) return mollieError(res, 404, 'Not Found', `No payment exists with token ${byId[1]}.`);
      res.writeHead(200, { 'content-type': 'application/hal+json' });
      return void res.end(JSON.stringify(view(payment)));
    }
    return mollieError(res, 404, 'Not Found', 'The resource does not exist.');
  }

  async function checkout(req: http.IncomingMessage, res: http.ServerResponse, id: string): Promise<void> {
    const payment = payments.get(id);
    if (!payment) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end('<!doctype html><html lang="en"><title>Not found</title><h1>No such payment</h1></html>');
    }
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      return void res.end(checkoutPage(payment));
    }
    const form = new URLSearchParams(await readBody(req));
    const status = form.get('status') as CheckoutChoice | null;
    const method = (form.get('method') ?? 'creditcard') as TestMethod;
    if (!status || !finalStatuses.includes(status) || !(method in testMethods) || payment.status !== 'open') {
      res.writeHead(303, { location: `/checkout/${payment.id}` });
      return void res.end();
    }
    setStatus(payment, status, method);
    log(`[mollie] ${payment.id} (${payment.amount.currency} ${payment.amount.value}) is ${status}`);
    // As Mollie: the webhook first, then the browser goes back (for a cancel to the cancel URL if any).
    await callWebhook(payment);
    const back = (status === 'canceled' && payment.cancelUrl) || payment.redirectUrl || origin();
    res.writeHead(303, { location: back });
    res.end();
  }

  /** Test control, not Mollie: `{ "status": "open" }` rewinds a payment (a stale read), no webhook. */
  async function testControl(req: http.IncomingMessage, res: http.ServerResponse, id: string): Promise<void> {
    const payment = payments.get(id);
    if (!payment) return mollieError(res, 404, 'Not Found', `No payment exists with token ${id}.`);
    let body: { status?: unknown; webhook?: unknown };
    try {
      body = JSON.parse(await readBody(req)) as typeof body;
    } catch {
      return mollieError(res, 400, 'Bad Request', 'The request body is not valid JSON.');
    }
    const statuses = ['open', 'pending', 'authorized', ...finalStatuses] as string[];
    if (typeof body.status !== 'string' || !statuses.includes(body.status))
      return mollieError(res, 422, 'Unprocessable Entity', 'Unknown status.', 'status');
    setStatus(payment, body.status as MolliePaymentState['status'], 'creditcard');
    if (body.webhook === true) await callWebhook(payment);
    res.writeHead(200, { 'content-type': 'application/hal+json' });
    res.end(JSON.stringify(view(payment)));
  }

  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', origin());
    const checkoutId = /^\/checkout\/([^/]+)$/.exec(url.pathname)?.[1];
    const controlId = /^\/_test\/payments\/([^/]+)$/.exec(url.pathname)?.[1];
    const work = url.pathname.startsWith('/v2/')
      ? api(req, res, url)
      : checkoutId && (req.method === 'GET' || req.method === 'POST')
        ? checkout(req, res, decodeURIComponent(checkoutId))
        : controlId && req.method === 'POST'
          ? testControl(req, res, decodeURIComponent(controlId))
          : Promise.resolve(mollieError(res, 404, 'Not Found', 'The resource does not exist.'));
    work.catch((error: unknown) => {
      if (!res.headersSent) mollieError(res, 500, 'Internal Server Error', String(error));
      else res.destroy();
    });
  };

  // One port, two protocols: a TLS handshake starts with byte 0x16, anything else is plain HTTP.
  const plain = http.createServer(handle);
  const secure = https.createServer({ cert: tls.cert, key: tls.key }, handle);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.once('data', (first: Buffer) => {
      socket.pause();
      socket.unshift(first);
      (first[0] === 0x16 ? secure : plain).emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
    socket.on('error', () => socket.destroy());
  });
  port = await listen(server, 'Mollie', options.port);
  const untrust = trustLocalMollie(port, tls.cert);
  save();

  return {
    url: origin(),
    apiEndpoint: `https://${LOCAL_HOST}:${port}/v2/`,
    apiKey,
    certificate: tls.cert,
    port,
    payments,
    stop: async () => {
      untrust();
      for (const socket of sockets) socket.destroy();
      await Promise.all([closeServer(plain), closeServer(secure)]);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
