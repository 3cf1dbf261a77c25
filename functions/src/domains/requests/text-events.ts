import * as z from 'zod';
import type { SendOutcome, SuppressionReason } from '@reviewroute/shared';
import { logger } from '../../lib/logger';
import { textContextKeys } from './text-context';

/**
 * What End User Messaging SMS reports about review-request texts, both through one SNS topic whose Lambda
 * subscription is the text-events worker: the texts' configuration set's event destination (each text's delivery
 * events, with the Context it was sent with) and the two-way channel of the sending numbers (a customer's reply,
 * naming the text it answers). Locally infra/local/sms.ts publishes the same events.
 */

/** An SNS notification as Lambda's subscription delivers it: the service's JSON is the record's `Message`. */
export const snsEventSchema = z.object({
  Records: z.array(z.object({ Sns: z.object({ Message: z.string() }) })).min(1),
});

/** A delivery event of the configuration set (the fields read here; the service sends more). */
export const textDeliveryEventSchema = z.object({
  eventType: z.string().startsWith('TEXT_'),
  isFinal: z.boolean().default(false),
  messageId: z.string().min(1),
  eventTimestamp: z.number().optional(),
  context: z.record(z.string(), z.string()).default({}),
});
export type TextDeliveryEvent = z.infer<typeof textDeliveryEventSchema>;

/** A customer's text to a sending number (the two-way channel's payload). */
export const inboundTextSchema = z.object({
  originationNumber: z.string().min(1),
  messageBody: z.string(),
  messageKeyword: z.string().optional(),
  inboundMessageId: z.string().optional(),
  previousPublishedMessageId: z.string().optional(),
});
export type InboundText = z.infer<typeof inboundTextSchema>;

export type TextEvent = { kind: 'delivery'; event: TextDeliveryEvent } | { kind: 'inbound'; text: InboundText };

/**
 * What the worker may be given as the SNS notification: Lambda's SNS event itself, or (the replay of a message from
 * the subscription's dead-letter queue) one SNS envelope (`{ Message }`) or the service's bare JSON.
 */
export function asSnsEvent(event: unknown): unknown {
  if (typeof event !== 'object' || event === null || 'Records' in event) return event;
  const message = 'Message' in event && typeof event.Message === 'string' ? event.Message : JSON.stringify(event);
  return { Records: [{ Sns: { Message: message } }] };
}

/** The events of one SNS notification (a message neither a delivery event nor a reply is left out). */
export function textEventsOf(notification: z.infer<typeof snsEventSchema>): TextEvent[] {
  return notification.Records.flatMap((record): TextEvent[] => {
    let message: unknown;
    try {
      message = JSON.parse(record.Sns.Message);
    } catch {
      return [];
    }
    const delivery = textDeliveryEventSchema.safeParse(message);
    if (delivery.success) return [{ kind: 'delivery', event: delivery.data }];
    const inbound = inboundTextSchema.safeParse(message);
    return inbound.success ? [{ kind: 'inbound', text: inbound.data }] : [];
  });
}

/** The carriers' report that the text reached the phone (countries report one or the other). */
const deliveredTypes = new Set(['TEXT_DELIVERED', 'TEXT_SUCCESSFUL']);

/** Replies that opt a number out: the service's own keywords and the Dutch one ("STOPPEN"). */
const optOutKeywords = new Set(['STOP', 'STOPPEN', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT']);

/** Whether a reply opts its number out (`stop`, ` Stoppen `, `STOP ALL`). */
export const isOptOutReply = (body: string): boolean =>
  optOutKeywords.has(body.trim().toUpperCase().replace(/[\s-]/g, ''));

/** A sent text's request: what its delivery events carry as Context and a reply is traced back to. */
export interface TextRequest {
  batchId: string;
  recipientId: string;
}

export interface TextEventDeps {
  /** Remembers which request a text was (by its message id) until a reply to it can no longer matter. */
  rememberText(messageId: string, request: TextRequest): Promise<void>;
  /** The request a text was, or undefined when it is unknown or expired. */
  textRequestOf(messageId: string): Promise<TextRequest | undefined>;
  /** The recipient's owner, or undefined when it is gone (erased, expired). */
  recipientOf(request: TextRequest): Promise<{ userId: string } | undefined>;
  /** The delivery report: `deliveredAt`, once. */
  markDelivered(request: TextRequest, at: string): Promise<void>;
  /** sent -> failed (the network could not deliver it): true when this call changed it. */
  failDelivery(request: TextRequest): Promise<boolean>;
  /** The owner's suppression list (a hash of the number, as of any address). */
  suppress(userId: string, phone: string, reason: SuppressionReason, at: string): Promise<void>;
  /** The recipient's row says the number was suppressed after its request. */
  markSuppressed(request: TextRequest, reason: SuppressionReason): Promise<void>;
  /** The owner's sending health of texts (decisions 26): failed deliveries and opt-outs. */
  recordOutcome(userId: string, outcome: SendOutcome): Promise<void>;
  /** Whether the owner's account is still there and enabled: an erased account gets no new items. */
  ownerIsActive(userId: string): Promise<boolean>;
  now: () => Date;
}

export type TextEventOutcome = 'delivered' | 'failed' | 'noted' | 'opted-out' | 'ignored';

/** The request a delivery event's Context names, if it names one (texts of other kinds carry none). */
function requestOf(event: TextDeliveryEvent): (TextRequest & { userId: string }) | undefined {
  const userId = event.context[textContextKeys.owner];
  const batchId = event.context[textContextKeys.batch];
  const recipientId = event.context[textContextKeys.recipient];
  return userId && batchId && recipientId ? { userId, batchId, recipientId } : undefined;
}

/**
 * One delivery event of a review-request text: any event first remembers the text's request (a reply names only
 * the text); a final delivered one marks the recipient delivered; a final failure moves it to failed and counts
 * against the owner's texts (a redelivered event changes nothing twice: the state moves once). Interim events
 * (queued, pending) change nothing else. A text whose recipient is gone (erased, expired) is ignored: one read of
 * the row, not of the owner's account, as every text of a 5,000-row batch brings events.
 */
export async function recordTextDelivery(deps: TextEventDeps, event: TextDeliveryEvent): Promise<TextEventOutcome> {
  const request = requestOf(event);
  if (!request || !(await deps.recipientOf(request))) return 'ignored';
  await deps.rememberText(event.messageId, { batchId: request.batchId, recipientId: request.recipientId });
  if (!event.isFinal) return 'noted';
  if (deliveredTypes.has(event.eventType)) {
    const at = event.eventTimestamp ? new Date(event.eventTimestamp) : deps.now();
    await deps.markDelivered(request, at.toISOString());
    return 'delivered';
  }
  // The owner's health item is created by the count: never for an account that is being erased.
  if ((await deps.failDelivery(request)) && (await deps.ownerIsActive(request.userId)))
    await deps.recordOutcome(request.userId, 'failed');
  logger.info('Review request text not delivered', { eventType: event.eventType });
  return 'failed';
}

/**
 * A customer's reply: STOP (or STOPPEN, …) puts the number on the suppression list of the owner whose text it
 * answers, marks that request's row and counts as an opt-out in the owner's sending health. The service's own
 * opt-out list already refuses later texts from that sender; ours keeps every owner's channel (mail too) honest
 * about it and shows the owner why. Any other reply, or one to a text we no longer know, is ignored.
 */
export async function recordInboundText(deps: TextEventDeps, text: InboundText): Promise<TextEventOutcome> {
  if (!isOptOutReply(text.messageKeyword ?? '') && !isOptOutReply(text.messageBody)) return 'ignored';
  const request = text.previousPublishedMessageId
    ? await deps.textRequestOf(text.previousPublishedMessageId)
    : undefined;
  const recipient = request ? await deps.recipientOf(request) : undefined;
  if (!request || !recipient || !(await deps.ownerIsActive(recipient.userId))) {
    logger.info('STOP reply to a text no longer known, left to the service’s opt-out list');
    return 'ignored';
  }
  const at = deps.now().toISOString();
  await deps.suppress(recipient.userId, text.originationNumber, 'unsubscribed', at);
  await deps.markSuppressed(request, 'unsubscribed');
  await deps.recordOutcome(recipient.userId, 'complained');
  logger.info('Review request number opted out by a STOP reply');
  return 'opted-out';
}

export const recordTextEvent = (deps: TextEventDeps, event: TextEvent): Promise<TextEventOutcome> =>
  event.kind === 'delivery' ? recordTextDelivery(deps, event.event) : recordInboundText(deps, event.text);
