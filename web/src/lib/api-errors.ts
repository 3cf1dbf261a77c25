import { ApiError, type ApiErrorCode } from './api-client';

export type ApiErrorMessageKey = `api.${ApiErrorCode}` | 'unexpected';

/**
 * The key (in the errors namespace) of the message for a failed API call: the API's code picks the message
 * (decisions 15); anything that is not an ApiError is unexpected.
 */
export function apiErrorMessageKey(error: unknown): ApiErrorMessageKey {
  return error instanceof ApiError ? `api.${error.code}` : 'unexpected';
}

/** The API answered 404: the resource is gone or belongs to someone else (both read as not found). */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;
