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
export const unauthorized = () => new ApiError('UNAUTHORIZED');
