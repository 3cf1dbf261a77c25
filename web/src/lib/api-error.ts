import { type ErrorCode } from '@reviewroute/shared';

/** Codes the client adds to the API's own: the request never got an answer, or the answer was unreadable. */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'INVALID_RESPONSE';

/** A failed API call, carrying the `{ error: { code, message, fields } }` contract (decisions 15). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}
