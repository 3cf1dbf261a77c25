import * as z from 'zod';
import {
  requestContactShape,
  requestCustomerNameSchema,
  requestLanguageSchema,
  requestMessages,
  requireContact,
  suppressionReasons,
} from './review-requests';
import { pathOf } from './routes';

/**
 * The inbound webhook of e-mail review requests: a secret URL per survey of an owner
 * (`POST /api/hooks/{token}/requests`) that a booking or till system calls with one customer, to ask them
 * after the hook's delay. The URL's token is shown once (only its hash is stored) and can be replaced, which
 * stops the old one at once. A call with an external id the hook has seen schedules nothing more.
 */

/** The delay a new hook starts with: an hour after the visit or purchase. */
export const defaultHookDelayMinutes = 60;
/** At most 30 days: a later request reads as unrelated to the visit. */
export const maxHookDelayMinutes = 30 * 24 * 60;

/** Calls of one hook a minute (its token's own limit; other hooks and owners are not affected). */
export const requestHookRateLimit = { limit: 120, windowSeconds: 60 } as const;

export const requestHookLimits = { externalId: 200 } as const;

export const requestHookMessages = {
  externalIdRequired: 'externalId is required',
  externalIdInvalid: 'externalId must be printable text of at most 200 characters',
  delayInvalid: `Choose a delay between 0 and ${maxHookDelayMinutes} minutes`,
  hookNotFound: 'Not found',
} as const;

const delayMinutesSchema = z
  .number({ error: requestHookMessages.delayInvalid })
  .int(requestHookMessages.delayInvalid)
  .min(0, requestHookMessages.delayInvalid)
  .max(maxHookDelayMinutes, requestHookMessages.delayInvalid);

/**
 * POST /api/hooks/{token}/requests: one customer. The name, the address and the mobile number (one of the two at
 * least, the number read as an upload's) follow the owner upload's rules, the language optional (the survey's
 * otherwise, decisions 17); `externalId` is the calling system's id of the booking or sale, which makes the call
 * idempotent.
 */
export const hookRequestSchema = z
  .object({
    name: requestCustomerNameSchema,
    ...requestContactShape,
    language: requestLanguageSchema.optional(),
    externalId: z
      .string({ error: requestHookMessages.externalIdRequired })
      .trim()
      .min(1, requestHookMessages.externalIdRequired)
      .max(requestHookLimits.externalId, { error: requestHookMessages.externalIdInvalid, abort: true })
      // Control characters are no one's booking number.
      .regex(/^\P{Cc}+$/u, requestHookMessages.externalIdInvalid),
  })
  .superRefine(requireContact);
export type HookRequestInput = z.input<typeof hookRequestSchema>;
export type HookRequest = z.output<typeof hookRequestSchema>;

/**
 * The webhook's answer: 202 either way; `duplicate` when the external id was scheduled before; `skipped` with the
 * reason when the customer's address (every one given) is on the suppression list: recorded, never sent.
 */
export const hookRequestResultSchema = z.object({
  status: z.enum(['scheduled', 'duplicate', 'skipped']),
  /** Why a `skipped` customer is not asked: they unsubscribed (or sent STOP), or the address bounced or complained. */
  reason: z.enum(suppressionReasons).optional(),
  /** When the request goes out (ISO); for a duplicate, the first call's. */
  sendAt: z.string(),
});
export type HookRequestResult = z.infer<typeof hookRequestResultSchema>;

export const hookTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** A survey's hook as the owner sees it; the token itself only once, in the answer that made it. */
export const requestHookSchema = z.object({
  surveyId: z.string(),
  delayMinutes: z.number().int().nonnegative(),
  createdAt: z.string(),
  /** When the current token was made (the URL changes with each new one). */
  tokenCreatedAt: z.string(),
  /** The owner confirmed the customers the hook sends agreed to be asked; stored with each of its batches. */
  permissionConfirmedAt: z.string(),
});
export type RequestHook = z.infer<typeof requestHookSchema>;

/** GET /api/surveys/{surveyId}/request-hook: null until the owner makes one. */
export const requestHookStateSchema = z.object({ hook: requestHookSchema.nullable() });

/**
 * POST /api/surveys/{surveyId}/request-hook/token: makes the hook, or replaces its token (the old URL stops at
 * once). The owner confirms permission as for an upload; the delay is kept unless given.
 */
export const regenerateRequestHookSchema = z.object({
  permissionConfirmed: z.literal(true, { error: requestMessages.permissionRequired }),
  delayMinutes: delayMinutesSchema.optional(),
});
export type RegenerateRequestHook = z.output<typeof regenerateRequestHookSchema>;

/** The new token, shown once: the page builds the URL from the site's origin. */
export const requestHookCreatedSchema = z.object({ hook: requestHookSchema, token: z.string() });
export type RequestHookCreated = z.infer<typeof requestHookCreatedSchema>;

/** PATCH /api/surveys/{surveyId}/request-hook. */
export const updateRequestHookSchema = z.object({ delayMinutes: delayMinutesSchema });

/** The hook's path for a token (the page shows the URL and a curl example with it). */
export const requestHookPathOf = (token: string): string => pathOf('call-request-hook', { token });
