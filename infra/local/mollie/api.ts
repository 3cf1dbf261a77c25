import type http from 'node:http';
import {
  callWebhook,
  finalStatuses,
  mollieTime,
  paymentId,
  paymentView,
  refund,
  refundView,
  remainingCents,
  reversals,
  reverse,
  setStatus,
  type Reversal,
  type MollieContext,
  type MolliePaymentState,
  type PaymentRequestHandler,
} from './payments';

/** Mollie's error body (RFC 7807 style, with its documentation link). */
export function mollieError(res: http.ServerResponse, status: number, title: string, detail: string, field?: string) {
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

export const readBody = (req: http.IncomingMessage, limit = 64 * 1024): Promise<string> =>
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

const currencies = new Set(['EUR', 'USD', 'GBP', 'CHF', 'SEK', 'NOK', 'DKK']);

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

/**
 * `POST /v2/payments/{id}/refunds` (what `paymentRefunds.create` sends: an amount, a description, metadata) and
 * `GET /v2/payments/{id}/refunds[/{refundId}]`, answered as Mollie answers them: only a paid payment can be
 * refunded, at most what remains of it.
 */
async function refunds(ctx: MollieContext, req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
  const [, id, refundId] = /^\/v2\/payments\/([^/]+)\/refunds(?:\/([^/]+))?$/.exec(url.pathname)!;
  const payment = ctx.payments.get(decodeURIComponent(id!));
  if (!payment) return mollieError(res, 404, 'Not Found', `No payment exists with token ${id}.`);
  const made = payment.refunds ?? [];
  if (req.method === 'GET' && refundId) {
    const found = made.find((r) => r.id === decodeURIComponent(refundId));
    if (!found) return mollieError(res, 404, 'Not Found', `No refund exists with token ${refundId}.`);
    res.writeHead(200, { 'content-type': 'application/hal+json' });
    return void res.end(JSON.stringify(refundView(ctx, found)));
  }
  if (req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'application/hal+json' });
    return void res.end(
      JSON.stringify({
        count: made.length,
        _embedded: { refunds: made.map((r) => refundView(ctx, r)) },
        _links: {
          self: { href: `${ctx.apiOrigin()}${url.pathname}`, type: 'application/hal+json' },
          previous: null,
          next: null,
          documentation: { href: 'https://docs.mollie.com/reference/list-refunds', type: 'text/html' },
        },
      }),
    );
  }
  if (req.method !== 'POST' || refundId) return mollieError(res, 404, 'Not Found', 'The resource does not exist.');
  let body: { amount?: { value?: unknown; currency?: unknown }; description?: unknown; metadata?: unknown };
  try {
    body = JSON.parse(await readBody(req)) as typeof body;
  } catch {
    return mollieError(res, 400, 'Bad Request', 'The request body is not valid JSON.');
  }
  const value = body.amount?.value;
  if (typeof value !== 'string' || !/^\d{1,10}\.\d{2}$/.test(value) || Number(value) <= 0)
    return mollieError(res, 422, 'Unprocessable Entity', 'The amount value is invalid.', 'amount.value');
  if (body.amount?.currency !== payment.amount.currency)
    return mollieError(
      res,
      422,
      'Unprocessable Entity',
      'The amount currency is not the payment’s.',
      'amount.currency',
    );
  if (payment.status !== 'paid')
    return mollieError(res, 422, 'Unprocessable Entity', 'The payment is not paid, so it cannot be refunded.');
  if (Math.round(Number(value) * 100) > remainingCents(payment))
    return mollieError(
      res,
      422,
      'Unprocessable Entity',
      'The amount is higher than the amount that can be refunded.',
      'amount.value',
    );
  const created = refund(
    ctx,
    payment,
    { value, currency: payment.amount.currency },
    typeof body.description === 'string' ? body.description : '',
    body.metadata ?? null,
  );
  ctx.log(`[mollie] refund ${created.id} of ${payment.id}: ${value} ${payment.amount.currency}`);
  res.writeHead(201, { 'content-type': 'application/hal+json' });
  res.end(JSON.stringify(refundView(ctx, created)));
}

/** `POST /v2/payments` and `GET /v2/payments/{id}` with the Bearer key, answered as Mollie answers them. */
export async function api(
  ctx: MollieContext,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
): Promise<void> {
  const auth = req.headers.authorization ?? '';
  if (auth !== `Bearer ${ctx.apiKey}`)
    return mollieError(res, 401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate');
  if (/^\/v2\/payments\/[^/]+\/refunds(\/[^/]+)?$/.test(url.pathname)) return refunds(ctx, req, res, url);
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
    ctx.payments.set(payment.id, payment);
    ctx.save();
    res.writeHead(201, { 'content-type': 'application/hal+json' });
    return void res.end(JSON.stringify(paymentView(ctx, payment)));
  }
  if (byId && req.method === 'GET') {
    const id = decodeURIComponent(byId[1]!);
    ctx.reads.set(id, (ctx.reads.get(id) ?? 0) + 1);
    const payment = ctx.payments.get(id);
    if (!payment) return mollieError(res, 404, 'Not Found', `No payment exists with token ${byId[1]}.`);
    res.writeHead(200, { 'content-type': 'application/hal+json' });
    return void res.end(JSON.stringify(paymentView(ctx, payment)));
  }
  return mollieError(res, 404, 'Not Found', 'The resource does not exist.');
}

/**
 * Test control, not Mollie: `{ "status": "open" }` rewinds a payment (a stale read), no webhook;
 * `{ "reversal": "refund" | "chargeback", "webhook": true }` refunds or charges back a paid payment.
 */
export const testControl: PaymentRequestHandler = async (ctx, req, res, id) => {
  const payment = ctx.payments.get(id);
  if (!payment) return mollieError(res, 404, 'Not Found', `No payment exists with token ${id}.`);
  let body: { status?: unknown; webhook?: unknown; reversal?: unknown };
  try {
    body = JSON.parse(await readBody(req)) as typeof body;
  } catch {
    return mollieError(res, 400, 'Bad Request', 'The request body is not valid JSON.');
  }
  if (body.reversal !== undefined) {
    if (!(reversals as readonly unknown[]).includes(body.reversal))
      return mollieError(res, 422, 'Unprocessable Entity', 'Unknown reversal.', 'reversal');
    if (!reverse(ctx, payment, body.reversal as Reversal))
      return mollieError(res, 422, 'Unprocessable Entity', 'The payment is not paid, or was reversed already.');
    if (body.webhook === true) await callWebhook(ctx, payment);
    res.writeHead(200, { 'content-type': 'application/hal+json' });
    return void res.end(JSON.stringify(paymentView(ctx, payment)));
  }
  const statuses = ['open', 'pending', 'authorized', ...finalStatuses] as string[];
  if (typeof body.status !== 'string' || !statuses.includes(body.status))
    return mollieError(res, 422, 'Unprocessable Entity', 'Unknown status.', 'status');
  setStatus(ctx, payment, body.status as MolliePaymentState['status'], 'creditcard');
  if (body.webhook === true) await callWebhook(ctx, payment);
  res.writeHead(200, { 'content-type': 'application/hal+json' });
  res.end(JSON.stringify(paymentView(ctx, payment)));
};
