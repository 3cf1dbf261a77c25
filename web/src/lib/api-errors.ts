import { ApiError, type ApiErrorCode } from './api-client';

export type ApiErrorMessageKey = `api.${ApiErrorCode}` | 'unexpected';

/**
 * The key (in the errors namespace) of the message for a failed API call: the API's code picks the message
 * (decisions 15); anything that is not an ApiError is unexpected.
 */
export function apiErrorMessageKey(error: unknown): ApiErrorMessageKey {
  return error instanceof ApiError ? `api.${error.code}` : 'unexpected';
}
