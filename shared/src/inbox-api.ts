import * as z from 'zod';
import { inboxFilterSchema, inboxStates } from './inbox';
import { responseEvidenceSchema, websiteConsentSchema } from './website-consent';

/**
 * The feedback inbox's API: a survey's responses newest first, page by page, narrowed by the inbox filter
 * (inbox.ts), with the owner's state (new / handled) and private note on each.
 */

/** Responses per page. */
export const inboxPageSize = 20;
/** The most responses one state change names (a page and a half: bulk actions act on what is shown). */
export const inboxBulkMaxIds = 50;
/** The longest private note. */
export const inboxNoteMaxLength = 1000;
/** A page's position: opaque to clients, bounded so it never reaches the table unchecked. */
export const inboxCursorMaxLength = 200;

export const inboxQuerySchema = inboxFilterSchema.extend({
  /** Where the previous page stopped (its `next`); absent: the newest. */
  cursor: z.string().max(inboxCursorMaxLength).optional(),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export const inboxItemSchema = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  /** null: the customer left no comment. */
  comment: z.string().nullable(),
  createdAt: z.string(),
  /** Only a low-rating customer of a survey that collects contact details leaves these. */
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  state: z.enum(inboxStates),
  note: z.string().nullable(),
  /** null: the customer did not allow the review on the business's website. */
  websiteConsent: websiteConsentSchema.nullable(),
  /** How the response was invited; null for a response stored before this was recorded. */
  evidence: responseEvidenceSchema.nullable(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

/**
 * GET /api/surveys/{surveyId}/inbox. A page reads a bounded number of responses, so with a narrow filter it
 * may hold fewer than `inboxPageSize` items (even none) and still have a `next`: the client asks again.
 */
export const inboxPageSchema = z.object({
  items: z.array(inboxItemSchema).max(inboxPageSize),
  next: z.string().nullable(),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

/** POST /api/surveys/{surveyId}/inbox/state: mark responses handled, or reopen them (`new`). */
export const inboxStateChangeSchema = z.object({
  ids: z.array(z.string().min(1).max(64)).min(1).max(inboxBulkMaxIds),
  state: z.enum(inboxStates),
});
export type InboxStateChange = z.infer<typeof inboxStateChangeSchema>;

/** How many of the named responses exist in the survey and now have the state. */
export const inboxStateChangedSchema = z.object({ updated: z.number().int().nonnegative() });

/** PUT /api/surveys/{surveyId}/inbox/{responseId}/note: an empty note removes it. */
export const inboxNoteSchema = z.object({
  note: z.string().trim().max(inboxNoteMaxLength, { error: 'too_long' }),
});
export const inboxNoteSavedSchema = z.object({ id: z.string(), note: z.string().nullable() });
