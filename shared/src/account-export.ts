import * as z from 'zod';
import { currentPasswordSchema, secondFactorCodeSchema } from './account-security';
import { paymentSchema } from './billing';
import { inboxStates } from './inbox';
import { invoiceSchema } from './invoice';
import { profileSchema } from './profile';
import { requestBatchSchema, requestRecipientSchema, suppressionReasons } from './review-requests';
import { requestHookSchema } from './request-hooks';
import { surveySchema } from './survey';
import { responseEvidenceSchema, websiteConsentSchema } from './website-consent';

/**
 * The danger zone (spec 2 "Account", decisions 14): "Download my data" reads the owner's data page by
 * page (GET /api/account/export?cursor=…), so no single call grows with the account; "Delete account"
 * (DELETE /api/account) erases everything, partly asynchronously.
 */

/** Responses per export page: a page stays far below Lambda's and API Gateway's payload limits. */
export const accountExportPageSize = 500;

/**
 * A customer's answer as exported (no IP address is ever stored, decisions 14), with what the owner added in
 * the inbox: whether it is handled and their private note.
 */
export const exportedResponseSchema = z.object({
  id: z.string(),
  surveyId: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  userAgent: z.string().nullable(),
  googleReviewClicked: z.boolean(),
  createdAt: z.string(),
  state: z.enum(inboxStates),
  note: z.string().nullable(),
  /** The customer's consent to the business's website and how they were invited; absent: none, or not recorded. */
  websiteConsent: websiteConsentSchema.nullable().optional(),
  evidence: responseEvidenceSchema.nullable().optional(),
});
export type ExportedResponse = z.infer<typeof exportedResponseSchema>;

/** A review-request customer as exported: the batch's row with its state. */
export const exportedRequestRecipientSchema = requestRecipientSchema.extend({ batchId: z.string() });

/** An entry of the owner's suppression list: the address's SHA-256 (the address itself is not kept), and why. */
export const exportedSuppressionSchema = z.object({
  addressHash: z.string(),
  reason: z.enum(suppressionReasons),
  createdAt: z.string(),
});

/** The query of GET /api/account/export: no cursor for the first page, then each page's `nextCursor`. */
export const accountExportQuerySchema = z.object({ cursor: z.string().min(1).max(1000).optional() });

/**
 * One page. The first (no cursor) carries the profile, the surveys and the billing history; every page
 * after it carries responses of one survey. `nextCursor` is null on the last page.
 */
export const accountExportPageSchema = z.object({
  profile: profileSchema.nullable(),
  surveys: z.array(surveySchema),
  payments: z.array(paymentSchema),
  /** First page: the invoices of the paid payments and the credit notes of refunded ones (a bookkeeper's copy). */
  invoices: z.array(invoiceSchema).default([]),
  responses: z.array(exportedResponseSchema).max(accountExportPageSize),
  /** First page: every review-request batch of the owner, and their suppression list. */
  requestBatches: z.array(requestBatchSchema).default([]),
  suppressions: z.array(exportedSuppressionSchema).default([]),
  /** First page: the surveys' inbound webhooks (their settings; a token is never stored, so never exported). */
  requestHooks: z.array(requestHookSchema).default([]),
  /** Later pages: after a survey's responses, its batches' customers, page by page. */
  requestRecipients: z.array(exportedRequestRecipientSchema).max(accountExportPageSize).default([]),
  /** How far the export is: surveys whose responses were fully read, of all surveys. */
  progress: z.object({ surveysDone: z.number().int().nonnegative(), surveysTotal: z.number().int().nonnegative() }),
  nextCursor: z.string().nullable(),
});
export type AccountExportPage = z.infer<typeof accountExportPageSchema>;

/** The downloaded file: everything of the owner, each survey with its responses. */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  profile: profileSchema.nullable(),
  surveys: z.array(surveySchema.extend({ responses: z.array(exportedResponseSchema) })),
  billingHistory: z.array(paymentSchema),
  invoices: z.array(invoiceSchema).optional(),
  /** E-mail review requests: each batch with its customers, and the suppression list. */
  reviewRequests: z
    .object({
      batches: z.array(requestBatchSchema.extend({ recipients: z.array(exportedRequestRecipientSchema) })),
      suppressions: z.array(exportedSuppressionSchema),
      hooks: z.array(requestHookSchema).optional(),
    })
    .optional(),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/**
 * DELETE /api/account: the owner types their e-mail to confirm (compared case-insensitively) and proves it is
 * them with their password, and with two-step verification on a current code or a recovery code (checked with
 * Cognito: a signed-in browser alone never deletes an account).
 */
export const accountDeleteSchema = z.object({
  email: z.string().trim().min(1).max(320),
  password: currentPasswordSchema,
  code: secondFactorCodeSchema.optional(),
});
export type AccountDeleteInput = z.input<typeof accountDeleteSchema>;

export const accountDeleteMessages = {
  emailMismatch: 'The e-mail address does not match your account',
} as const;

/** 202: sign-in is refused from now on; `done` says whether everything is already erased. */
export const accountDeleteResponseSchema = z.object({ done: z.boolean() });
export type AccountDeleteResponse = z.infer<typeof accountDeleteResponseSchema>;

/** Whether the typed address confirms the account's own (trimmed, case-insensitive). */
export const confirmsEmail = (typed: string, email: string): boolean =>
  email.trim() !== '' && typed.trim().toLowerCase() === email.trim().toLowerCase();
