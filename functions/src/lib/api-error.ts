import { defaultErrorMessages, statusOf, type ErrorBody, type ErrorCode } from '@reviewroute/shared';

/**
 * A failure the client caused (or may see): it carries the contract's code, an HTTP status and `expose`,
 * in the shape middy's http-error-handler expects of HTTP errors, so any middy middleware understands it.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly expose = true;

  constructor(
    readonly code: ErrorCode,
    message: string = defaultErrorMessages[code],
    readonly fields?: Record<string, string>,
    /** Response headers the answer carries (a 429's Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusOf(code);
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

export const notFound = (message?: string) => new ApiError('NOT_FOUND', message);

/** A limit was reached (decisions 18): 429 with the seconds until the window that refused it ends. */
export const rateLimited = (retryAfterSeconds: number) =>
  new ApiError('RATE_LIMITED', undefined, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
