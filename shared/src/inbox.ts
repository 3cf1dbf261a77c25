import * as z from 'zod';
import { ratingBand } from './domain/rating';

/**
 * The feedback inbox's filter: what an owner can narrow a survey's responses to. Every field is a plain
 * string so the same object is the inbox page's URL (shareable, the back button restores it), the inbox
 * route's query and the CSV export's filter. Absent = no restriction.
 */
export const inboxStates = ['new', 'handled'] as const;
export type InboxState = (typeof inboxStates)[number];

const isoDay = z
  .string()
  .max(10, { abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid_date' });

export const inboxSearchMaxLength = 100;

export const inboxFilterSchema = z.object({
  /** The rating band (spec 9): low 1–2, mid 3–4, high 5. */
  rating: z.enum(['low', 'mid', 'high']).optional(),
  /** `yes`: only responses with a comment; `no`: only those without. */
  comment: z.enum(['yes', 'no']).optional(),
  /** `yes`: only responses that left a name or an e-mail address. */
  contact: z.enum(['yes']).optional(),
  state: z.enum(inboxStates).optional(),
  /** Inclusive calendar days (UTC) of `createdAt`. */
  from: isoDay.optional(),
  to: isoDay.optional(),
  /** Case-insensitive words that must all occur in the comment. */
  q: z.string().trim().max(inboxSearchMaxLength).optional(),
});
export type InboxFilter = z.infer<typeof inboxFilterSchema>;

/** What the filter looks at of a response. */
export interface InboxFilterable {
  rating: number;
  comment: string | null;
  customerName: string | null;
  customerEmail: string | null;
  state: InboxState;
  createdAt: string;
}

const wordsOf = (text: string) => text.toLocaleLowerCase().split(/\s+/).filter(Boolean);

/**
 * Whether a response passes the filter: the one definition the inbox query (after its index narrowed the
 * candidates) and the export apply, so the two never disagree about which responses a filter means.
 */
export function matchesInboxFilter(item: InboxFilterable, filter: InboxFilter): boolean {
  if (filter.rating && ratingBand(item.rating) !== filter.rating) return false;
  const hasComment = item.comment !== null && item.comment.trim() !== '';
  if (filter.comment === 'yes' && !hasComment) return false;
  if (filter.comment === 'no' && hasComment) return false;
  if (filter.contact === 'yes' && !item.customerName && !item.customerEmail) return false;
  if (filter.state && item.state !== filter.state) return false;
  const day = item.createdAt.slice(0, 10);
  if (filter.from && day < filter.from) return false;
  if (filter.to && day > filter.to) return false;
  if (filter.q) {
    const comment = (item.comment ?? '').toLocaleLowerCase();
    if (!wordsOf(filter.q).every((word) => comment.includes(word))) return false;
  }
  return true;
}
