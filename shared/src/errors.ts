import * as z from 'zod';

/**
 * Error codes of the API's `{ "error": { "code", "message" } }` contract (decisions 15). The web app
 * maps a code to its translated message; `message` is the English text for logs and API clients.
 */
export const errorCodes = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  /** A sensitive account action's password proof failed (the form shows it at the password field). */
  INCORRECT_PASSWORD: 403,
  /** Its authenticator code was wrong, or already used. */
  INCORRECT_CODE: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  /**
   * A survey update started from a version that is no longer the stored one: the survey was saved elsewhere
   * (another tab or device) meanwhile. Nothing was written; the wizard shows the saved version.
   */
  SURVEY_CHANGED: 409,
  /**
   * Another export of the survey (another filter or language) is being written: one at a time per survey. The
   * same export asked again joins the running one instead.
   */
  EXPORT_RUNNING: 409,
  /**
   * The payment cannot be cancelled for its money back: not a paid plan, refunded already, or paid 14 days ago or
   * more (decisions 28).
   */
  REFUND_NOT_ALLOWED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /** The owner started as many CSV exports this hour as allowed (`exportsPerOwnerHour`): Retry-After says when more may start. */
  EXPORT_LIMIT_REACHED: 429,
  /**
   * The plan's daily quota of review-request batches or customers is used (entitlements' `dailyBatches`,
   * `dailyRows`): more can be scheduled after the UTC day's end (Retry-After).
   */
  REQUEST_QUOTA_REACHED: 429,
  INTERNAL: 500,
  /** Storage was throttled or busy even after retries: not a bug, so the answer says when to come back (Retry-After). */
  SERVICE_UNAVAILABLE: 503,
  /** Place search has no Google key in this deployment (decisions 12): the finder says so, manual entry works. */
  PLACES_NOT_CONFIGURED: 503,
  /** Google refused or failed a place search for a reason that is ours, not the owner's (key, quota, outage). */
  PLACES_UNAVAILABLE: 502,
  /** Publishing one more survey would exceed the plan's active surveys (decisions 22): the wizard offers an upgrade. */
  SURVEY_LIMIT_REACHED: 402,
  /** The trial ended or the plan expired: no further survey is published until a renewal (decisions 22). */
  PLAN_EXPIRED: 402,
} as const;

export type ErrorCode = keyof typeof errorCodes;

export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    /** For VALIDATION_FAILED: the first message per field path, e.g. `{ "supportEmail": "Valid email is required" }`. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const defaultErrorMessages: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'The request is not valid.',
  BAD_REQUEST: 'The request could not be read.',
  UNAUTHORIZED: 'User not authenticated',
  FORBIDDEN: 'You may not do that.',
  INCORRECT_PASSWORD: 'The password is not correct.',
  INCORRECT_CODE: 'The code is not correct or was used already.',
  NOT_FOUND: 'Not found.',
  METHOD_NOT_ALLOWED: 'Method not allowed.',
  CONFLICT: 'The request conflicts with the current state.',
  SURVEY_CHANGED:
    'This survey was changed in another tab or on another device after you opened it. Your changes were not saved.',
  EXPORT_RUNNING: 'Another export of this survey is being written. Please try again when it is done.',
  REFUND_NOT_ALLOWED: 'This payment can no longer be cancelled for a refund.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'The request body must be JSON.',
  RATE_LIMITED: 'Too many requests. Please try again later.',
  EXPORT_LIMIT_REACHED: 'You have started as many exports this hour as allowed. Please try again later.',
  REQUEST_QUOTA_REACHED:
    'You have scheduled as many review requests today as your plan allows. You can schedule more tomorrow, or upgrade your plan.',
  INTERNAL: 'An unexpected error occurred',
  SERVICE_UNAVAILABLE: 'The service is busy. Please try again in a moment.',
  PLACES_NOT_CONFIGURED: 'Business search is not configured.',
  PLACES_UNAVAILABLE: 'Failed to search places',
  SURVEY_LIMIT_REACHED: 'Your plan does not allow another active survey. Upgrade your plan to publish this survey.',
  PLAN_EXPIRED: 'Your plan has expired. Renew your plan to publish this survey.',
};

export const statusOf = (code: ErrorCode): number => errorCodes[code];
