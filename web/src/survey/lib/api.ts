import type { PublicSurvey, SubmitResponseInput, SubmitResponseResult } from '@reviewroute/shared';
import { minSubmitElapsedMs } from '@reviewroute/shared/domain';
// The zod-free entry of shared: the route table alone, no schemas on the phone.
import { requestOf } from '@reviewroute/shared/routes';
import { pageRequestToken } from './request-link';

/**
 * The page's four public calls (shared/src/routes.ts), with plain fetch: no Amplify, no query library, no
 * zod on the phone. Method and path come from the route table (`requestOf`); answers are checked by hand
 * for the few fields the page relies on.
 */

export class SubmitError extends Error {
  constructor(
    /** HTTP status, or 0 when the request never got an answer. */
    readonly status: number,
    /** The API's `error.code` when it sent one (decisions 15). */
    readonly code: string | undefined,
    /** A 429's `Retry-After`, in ms, when it sent a usable one. */
    readonly retryAfterMs?: number,
  ) {
    super(`Submit failed (${status}${code ? ` ${code}` : ''})`);
    this.name = 'SubmitError';
  }

  /** Worth another attempt with the same key: no answer, a 5xx, or a rate limit. A 4xx stays a 4xx. */
  get retryable(): boolean {
    return this.status === 0 || this.status >= 500 || this.status === 429;
  }
}

function isPublicSurvey(value: unknown): value is PublicSurvey {
  const v = value as Partial<PublicSurvey> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.surveyCode === 'string' &&
    typeof v.businessName === 'string' &&
    typeof v.customPrompt === 'string' &&
    typeof v.customColors === 'object' &&
    v.customColors !== null
  );
}

/**
 * The survey, or null when it cannot be shown: unknown, draft or inactive (404), a broken answer or no
 * network. The page shows "Survey Not Found" for all of these (spec 8).
 */
export async function fetchPublicSurvey(surveyCode: string): Promise<PublicSurvey | null> {
  try {
    const { method, path } = requestOf('get-public-survey', { surveyCode });
    const res = await fetch(path, { method, headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    const body: unknown = await res.json();
    return isPublicSurvey(body) ? body : null;
  } catch {
    return null;
  }
}

async function errorCode(res: Response): Promise<string | undefined> {
  try {
    const body = (await res.json()) as { error?: { code?: unknown } };
    return typeof body.error?.code === 'string' ? body.error.code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `Retry-After` in ms: whole seconds (what the API and WAF send) or an HTTP date; undefined when absent or
 * unreadable.
 */
export function retryAfterMsOf(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** One POST of the response. */
export async function postResponse(surveyCode: string, input: SubmitResponseInput): Promise<SubmitResponseResult> {
  let res: Response;
  try {
    const { method, path } = requestOf('submit-response', { surveyCode });
    res = await fetch(path, {
      method,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(input),
    });
  } catch {
    throw new SubmitError(0, undefined);
  }
  if (!res.ok) {
    const retryAfterMs = res.status === 429 ? retryAfterMsOf(res.headers.get('retry-after')) : undefined;
    throw new SubmitError(res.status, await errorCode(res), retryAfterMs);
  }
  const body = (await res.json().catch(() => null)) as Partial<SubmitResponseResult> | null;
  if (typeof body?.responseId !== 'string' || typeof body.clickToken !== 'string') {
    throw new SubmitError(res.status, undefined);
  }
  return { responseId: body.responseId, clickToken: body.clickToken };
}

/** A start token and when this page received it (the server issued it no later). */
interface Started {
  token: string;
  receivedAt: number;
}

let started: { surveyCode: string; answer: Promise<Started | undefined> } | undefined;

async function fetchStartToken(surveyCode: string): Promise<Started | undefined> {
  try {
    const { method, path } = requestOf('start-response', { surveyCode });
    const res = await fetch(path, {
      method,
      headers: { accept: 'application/json' },
    });
    if (!res.ok) return undefined;
    const body = (await res.json()) as { startToken?: unknown } | null;
    return typeof body?.startToken === 'string' ? { token: body.startToken, receivedAt: Date.now() } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The customer started answering (their first change to the form): fetches the start token once, so the
 * API can measure the fill time itself. Never throws; a failed fetch is tried again at submit.
 */
export function startResponse(surveyCode: string): void {
  if (started?.surveyCode === surveyCode) return;
  started = { surveyCode, answer: fetchStartToken(surveyCode) };
}

/**
 * The start token to send, once it is old enough for the API: a quick tap-and-send by a real customer
 * waits out the least fill time instead of being refused. Undefined when none could be fetched.
 */
async function startTokenFor(surveyCode: string, wait: (ms: number) => Promise<void>): Promise<string | undefined> {
  startResponse(surveyCode);
  let answer = await started!.answer;
  if (!answer) {
    started = undefined;
    startResponse(surveyCode);
    answer = await started!.answer;
  }
  if (!answer) return undefined;
  const early = answer.receivedAt + minSubmitElapsedMs + 100 - Date.now();
  if (early > 0) await wait(early);
  return answer.token;
}

export interface SubmitOptions {
  /** Attempts in all (weak networks drop requests); every attempt carries the same idempotency key. */
  attempts?: number;
  /** Waits between attempts (injected in tests). */
  wait?: (ms: number) => Promise<void>;
  post?: typeof postResponse;
  /** The start token (injected in tests); by default the one `startResponse` fetched, waited out. */
  startToken?: (surveyCode: string, wait: (ms: number) => Promise<void>) => Promise<string | undefined>;
  /** Told when a 429 is about to be retried after `waitMs`: the page shows that it is busy and retrying. */
  onRetrying?: (waitMs: number) => void;
}

/**
 * The longest the page waits out a 429's `Retry-After` before its one retry: a customer in a queue keeps
 * the page open for seconds, not minutes; if the limit still holds then, the error shows.
 */
export const maxRetryAfterWaitMs = 10_000;
/** The wait after a 429 without a usable `Retry-After` (the HTTP API's own throttle sends none). */
export const defaultRetryAfterWaitMs = 2_000;

const defaultWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Submits with up to `attempts` tries for answers worth retrying (no answer, a 5xx). A rate limit (429) is
 * retried once, by itself, after its `Retry-After` (at most `maxRetryAfterWaitMs`): a crowd at one code
 * gets through a brief limit without the customer tapping again; a second 429 is the customer's error. The
 * body — idempotency key and start token included — is the same on each try, so a first try that was
 * stored but whose answer got lost is returned, not stored again.
 */
export async function submitResponse(
  surveyCode: string,
  input: SubmitResponseInput,
  { attempts = 3, wait = defaultWait, post = postResponse, startToken = startTokenFor, onRetrying }: SubmitOptions = {},
): Promise<SubmitResponseResult> {
  const token = await startToken(surveyCode, wait);
  const body = token === undefined ? input : { ...input, startToken: token };
  let rateLimited = false;
  for (let attempt = 1; ;) {
    try {
      return await post(surveyCode, body);
    } catch (error) {
      if (!(error instanceof SubmitError) || !error.retryable) throw error;
      if (error.status === 429) {
        if (rateLimited) throw error;
        rateLimited = true;
        const waitMs = Math.min(error.retryAfterMs ?? defaultRetryAfterWaitMs, maxRetryAfterWaitMs);
        onRetrying?.(waitMs);
        await wait(waitMs);
        continue;
      }
      if (attempt >= attempts) throw error;
      await wait(400 * 2 ** (attempt - 1));
      attempt++;
    }
  }
}

/**
 * Records the review click (decisions 7). `keepalive` lets the request finish while the browser switches to
 * the review tab; failures are ignored: the customer is already on their way to Google.
 */
export function recordReviewClick(
  surveyCode: string,
  responseId: string,
  clickToken: string,
  requestToken = pageRequestToken(),
): void {
  const { method, path } = requestOf('record-review-click', { surveyCode, responseId });
  void fetch(path, {
    method,
    headers: { 'content-type': 'application/json' },
    // The review request's token, when the page came from one: the request is marked clicked.
    body: JSON.stringify({ token: clickToken, ...(requestToken ? { requestToken } : {}) }),
    keepalive: true,
  }).catch(() => undefined);
}
