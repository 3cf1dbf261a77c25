import * as z from 'zod';
import type { SendOutcome, SuppressionReason } from '@reviewroute/shared';
import type { PlatformSuppressionReason } from '../../data/request-suppressions';
import { logger } from '../../lib/logger';
import { mailTag } from './request-mail';

/**
 * An SES event as EventBridge delivers it from a configuration set's event destination (the fields read
 * here; SES sends many more). A permanent bounce or a complaint names its recipients; `mail.tags` holds the
 * mail's tags, each as a list of values.
 */
export const sesMailEventSchema = z.object({
  source: z.literal('aws.ses'),
  detail: z.object({
    eventType: z.string(),
    mail: z.object({ tags: z.record(z.string(), z.array(z.string())).default({}) }),
    bounce: z
      .object({
        bounceType: z.string(),
        bouncedRecipients: z.array(z.object({ emailAddress: z.string() })),
        timestamp: z.string().optional(),
      })
      .optional(),
    complaint: z
      .object({
        complainedRecipients: z.array(z.object({ emailAddress: z.string() })),
        timestamp: z.string().optional(),
      })
      .optional(),
    delivery: z.object({ timestamp: z.string().optional() }).optional(),
  }),
});
export type SesMailEvent = z.infer<typeof sesMailEventSchema>;

export interface MailEventDeps {
  /** The owner's suppression list (the review-request store). */
  suppress(userId: string, email: string, reason: SuppressionReason, at: string): Promise<void>;
  /** The platform's list (decisions 26): no owner's request goes to the address again. */
  suppressForAll(email: string, reason: PlatformSuppressionReason, at: string): Promise<void>;
  /** The owner's sending health (the reputation guard): one outcome of their mail requests. */
  recordOutcome(userId: string, outcome: SendOutcome): Promise<void>;
  /** Whether the owner's account is still there and enabled: an erased account gets no new items. */
  ownerIsActive(userId: string): Promise<boolean>;
  /** The request's delivery report: its recipient's `deliveredAt` (the first report's time only). */
  markDelivered(request: { batchId: string; recipientId: string }, at: string): Promise<void>;
  /** The request's row says what became of its address after it went out (bounced, complained). */
  markSuppressed(request: { batchId: string; recipientId: string }, reason: SuppressionReason): Promise<void>;
  now: () => Date;
}

export type MailEventOutcome = 'suppressed' | 'delivered' | 'ignored';

/**
 * SES delivered a review request to the customer's mail server: the request's row is marked delivered (the funnel's
 * "delivered" of e-mail). A mail of a request sent before its tags named it is ignored. No look-up of the owner: the
 * mark only changes a row that is still there (an erased owner's rows are gone), and a batch of 5,000 mails brings
 * 5,000 of these.
 */
async function recordDelivery(deps: MailEventDeps, event: SesMailEvent): Promise<MailEventOutcome> {
  const tags = event.detail.mail.tags;
  const owner = tags[mailTag.owner]?.[0];
  const batchId = tags[mailTag.batch]?.[0];
  const recipientId = tags[mailTag.recipient]?.[0];
  if (!owner || !batchId || !recipientId) return 'ignored';
  await deps.markDelivered({ batchId, recipientId }, event.detail.delivery?.timestamp ?? deps.now().toISOString());
  return 'delivered';
}

/** What an event means for the suppression list: the reason and the addresses, or nothing. */
function suppressionOf(event: SesMailEvent): { reason: PlatformSuppressionReason; addresses: string[] } | undefined {
  const { detail } = event;
  // Only a hard bounce says the address is gone; a transient one (a full mailbox) may work next time.
  if (detail.eventType === 'Bounce' && detail.bounce?.bounceType === 'Permanent')
    return { reason: 'bounced', addresses: detail.bounce.bouncedRecipients.map((r) => r.emailAddress) };
  if (detail.eventType === 'Complaint' && detail.complaint)
    return { reason: 'complaint', addresses: detail.complaint.complainedRecipients.map((r) => r.emailAddress) };
  return undefined;
}

/**
 * A delivery of a review request marks its row delivered (`recordDelivery`). A hard bounce or complaint of a review
 * request puts its address on the platform's list (every owner's requests
 * skip it, whatever becomes of this owner's account) and on the request's owner's suppression list, and counts
 * against the owner's sending health, which may pause their requests (decisions 26). An entry keeps its first
 * reason, so a redelivered event adds no entry (it may count once more in the window: at worst a pause a little
 * early, never a bad address mailed again). Events about other mails (owner mails, the contact form) and soft
 * bounces are ignored; an account that is gone gets no owner items, only the platform's entry.
 */
export async function recordMailEvent(deps: MailEventDeps, event: SesMailEvent): Promise<MailEventOutcome> {
  const tags = event.detail.mail.tags;
  if (tags[mailTag.kind]?.[0] !== 'review-request') return 'ignored';
  if (event.detail.eventType === 'Delivery') return recordDelivery(deps, event);
  const owner = tags[mailTag.owner]?.[0];
  const suppression = suppressionOf(event);
  if (!suppression) return 'ignored';
  const at = deps.now().toISOString();
  for (const address of suppression.addresses) await deps.suppressForAll(address, suppression.reason, at);
  // The request's own row says so (the owner's list shows Bounced or Marked as spam instead of Sent).
  const batchId = tags[mailTag.batch]?.[0];
  const recipientId = tags[mailTag.recipient]?.[0];
  if (batchId && recipientId) await deps.markSuppressed({ batchId, recipientId }, suppression.reason);
  if (owner && (await deps.ownerIsActive(owner))) {
    for (const address of suppression.addresses) await deps.suppress(owner, address, suppression.reason, at);
    const outcome: SendOutcome = suppression.reason === 'complaint' ? 'complained' : 'failed';
    for (const _address of suppression.addresses) await deps.recordOutcome(owner, outcome);
  }
  logger.info('Review request address suppressed', { reason: suppression.reason, count: suppression.addresses.length });
  return 'suppressed';
}
