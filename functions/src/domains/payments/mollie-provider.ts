import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Payment as MolliePayment } from '@mollie/api-client';
import { providerStatuses, type ProviderStatus } from '@reviewroute/shared';
import {
  PaymentProviderError,
  providerPaymentIdPattern,
  type NewProviderPayment,
  type PaymentProvider,
  type ProviderPayment,
} from './provider';

export interface MollieSettings {
  /** `test_…` or `live_…`. */
  apiKey: string;
  /** Another API base than Mollie's (`npm start` and the tests: the loopback server in infra/local/mollie.ts). */
  apiEndpoint?: string | undefined;
}

/** Mollie's own answer to an unknown payment id. */
const notFoundStatuses = new Set([404, 410]);

const isoOf = (value: string | undefined | null): string | null => {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
};

/** "Visa •••• 4242" from a card payment's details; null for other methods or unnamed cards. */
function cardLabelOf(payment: MolliePayment): string | null {
  if (payment.method !== 'creditcard' || !payment.details) return null;
  const details = payment.details as { cardLabel?: unknown; cardNumber?: unknown };
  const label = typeof details.cardLabel === 'string' ? details.cardLabel : null;
  const last4 = typeof details.cardNumber === 'string' ? details.cardNumber.slice(-4) : null;
  if (!label && !last4) return null;
  return [label ?? 'Card', last4 ? `•••• ${last4}` : null].filter(Boolean).join(' ');
}

function toProviderPayment(payment: MolliePayment): ProviderPayment {
  const status = payment.status as string;
  if (!(providerStatuses as readonly string[]).includes(status))
    throw new PaymentProviderError(`Mollie reported an unknown status ${status} for ${payment.id}`);
  const amount = Number(payment.amount?.value);
  if (!Number.isFinite(amount)) throw new PaymentProviderError(`Mollie reported no amount for ${payment.id}`);
  return {
    id: payment.id,
    status: status as ProviderStatus,
    amount,
    currency: payment.amount.currency,
    description: payment.description ?? '',
    method: payment.method ?? null,
    cardLabel: cardLabelOf(payment),
    createdAt: isoOf(payment.createdAt) ?? new Date().toISOString(),
    paidAt: isoOf(payment.paidAt),
    metadata: payment.metadata,
    checkoutUrl: payment._links?.checkout?.href ?? null,
  };
}

/** The client's error as ours; its status says whether Mollie answered at all (undefined: network). */
function providerError(error: unknown, what: string): PaymentProviderError {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return new PaymentProviderError(
    `${what}: ${error instanceof Error ? error.message : String(error)}`,
    typeof status === 'number' ? status : undefined,
  );
}

/** Mollie's error, as @mollie/api-client reports it: the answer's `detail`, and its HTTP status. */
class MollieApiError extends Error {
  constructor(
    message: string,
    readonly statusCode?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const defaultApiEndpoint = 'https://api.mollie.com/v2/';
/** One attempt and up to two more while Mollie answers 5xx, 2 s apart unless it says otherwise (as its client). */
const attemptLimit = 3;
const retryDelayMs = 2000;

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTP exchange over node:https (not fetch): the local Mollie's certificate is trusted through
 * https.Agent (infra/local/mollie/tls.ts), as it was for the library's transport.
 */
function exchange(
  url: URL,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  body?: string,
): Promise<RawAnswer> {
  const request = url.protocol === 'http:' ? httpRequest : httpsRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Mollie's REST API for the two calls we make, behaving as @mollie/api-client 4 does for them (whose whole
 * client, about 280 KB minified with its transport, was most of the payments Lambda): bearer key, JSON,
 * an `Idempotency-Key` on a POST so that its retries cannot create a second payment, retries on 5xx
 * (`Retry-After` first), and Mollie's error `detail` and `status` as the error's message and statusCode.
 */
function mollieApi(apiKey: string, apiEndpoint = defaultApiEndpoint) {
  const base = apiEndpoint.endsWith('/') ? apiEndpoint : `${apiEndpoint}/`;
  const headers: Record<string, string> = {
    Authorization: `Bearer ${apiKey}`,
    Accept: 'application/hal+json',
    'Content-Type': 'application/json',
    'User-Agent': `Node/${process.version} ReviewRoute`,
  };
  return async (method: 'GET' | 'POST', path: string, data?: object): Promise<MolliePayment> => {
    const url = new URL(path, base);
    const body = data === undefined ? undefined : JSON.stringify(data);
    const sent = method === 'POST' ? { ...headers, 'Idempotency-Key': randomBytes(18).toString('base64') } : headers;
    let answer: RawAnswer;
    for (let attempt = 1; ; attempt++) {
      try {
        answer = await exchange(url, method, sent, body);
      } catch (error) {
        throw new MollieApiError(error instanceof Error ? error.message : 'An unknown error has occurred');
      }
      if (attempt === attemptLimit || Math.floor(answer.status / 100) !== 5) break;
      const retryAfter = Number.parseInt(String(answer.headers['retry-after']), 10);
      await sleep(Number.isNaN(retryAfter) ? retryDelayMs : retryAfter * 1000);
    }
    let json: unknown;
    try {
      json = JSON.parse(answer.body);
    } catch {
      throw new MollieApiError('Received unexpected response from the server', answer.status);
    }
    if (Math.floor(answer.status / 100) === 2) return json as MolliePayment;
    const problem = (json ?? {}) as { detail?: unknown; status?: unknown };
    throw new MollieApiError(
      typeof problem.detail === 'string' ? problem.detail : 'Received an error without a message',
      typeof problem.status === 'number' ? problem.status : answer.status,
    );
  };
}

/** The payment provider over Mollie's API: one per key (per Lambda container). */
export function createMollieClient({ apiKey, apiEndpoint }: MollieSettings): PaymentProvider {
  const call = mollieApi(apiKey, apiEndpoint);
  return {
    async create(payment: NewProviderPayment) {
      let created: MolliePayment;
      try {
        created = await call('POST', 'payments', {
          amount: { value: payment.amount, currency: payment.currency },
          description: payment.description,
          redirectUrl: payment.redirectUrl,
          webhookUrl: payment.webhookUrl,
          metadata: payment.metadata,
          locale: payment.language === 'nl' ? 'nl_NL' : 'en_US',
        });
      } catch (error) {
        throw providerError(error, 'Creating the Mollie payment failed');
      }
      return toProviderPayment(created);
    },

    async get(id) {
      if (!providerPaymentIdPattern.test(id)) return undefined;
      let payment: MolliePayment;
      try {
        payment = await call('GET', `payments/${encodeURIComponent(id)}`);
      } catch (error) {
        const status = (error as { statusCode?: unknown } | null)?.statusCode;
        if (typeof status === 'number' && notFoundStatuses.has(status)) return undefined;
        throw providerError(error, `Reading Mollie payment ${id} failed`);
      }
      return toProviderPayment(payment);
    },
  };
}
