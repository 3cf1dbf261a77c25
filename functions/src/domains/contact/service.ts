import { contactRefusedMessage, minContactElapsedMs, type ContactRequestData } from '@reviewroute/shared';
import { ApiError, rateLimited } from '../../lib/api-error';
import { logger } from '../../lib/logger';
import { createClientKeys, type DaySalt } from '../../lib/viewer';
import { rateSlot, retryAfterSeconds, type RateLimiter } from '../../data/rate-window';
import type { Mailer } from '../../mail/mailer';
import { composeContactMail } from './mail';

export interface ContactSettings {
  /** The operator's address (CONTACT_TO_ADDRESS). */
  to: string;
  /** The verified sender (CONTACT_FROM_ADDRESS). */
  from: string;
}

export interface ContactServiceDeps {
  sendMail: Mailer;
  /** The shared fixed-window limiter, keyed per viewer (its own `contact:` key space). */
  limiter: RateLimiter;
  /** The day's salt of viewer keys (shared with the public submit). */
  daySalt: DaySalt;
  /** Read on each send, so a missing setting fails the send that needs it, not the Lambda's start. */
  settings: () => ContactSettings;
  now?: () => Date;
  randomBytes?: (n: number) => Uint8Array;
}

/** Messages per client per window: enough for a follow-up, too few to use the form as a mail cannon. */
export const contactRateLimit = { limit: 3, windowSeconds: 10 * 60 } as const;

/**
 * The contact form's use case (spec 7 send-contact-email): validate with the shared schema, refuse bots
 * (honeypot, minimum fill time) and floods (per-client limit), then mail the operator with Reply-To set
 * to the sender. Nothing is stored but the short-lived counter; the sender gets no mail from us, so the
 * form cannot be used to send mail to a stranger.
 */
export function createContactService(deps: ContactServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const clientKeys = createClientKeys(deps.daySalt, deps.randomBytes);
  return {
    /** `viewerIp`: the sender's address as the API trusts it (`RouteRequest.viewerIp`); only ever hashed. */
    async send(request: ContactRequestData, viewerIp: string): Promise<void> {
      const { website, elapsedMs, language, ...message } = request;
      // Bot checks answer as vaguely as a broken request: nothing tells a script which rule it broke.
      if ((website ?? '').trim() !== '' || elapsedMs < minContactElapsedMs) {
        logger.info('Contact message refused by the bot checks', {
          honeypot: (website ?? '').trim() !== '',
          elapsedMs,
        });
        throw new ApiError('BAD_REQUEST', contactRefusedMessage);
      }
      const at = now();
      // Its own key space: contact messages never use up a client's survey submits, or the reverse.
      const slot = rateSlot(`contact:${await clientKeys.keyOf(viewerIp, at)}`, contactRateLimit, at);
      if (!(await deps.limiter.consume(slot))) throw rateLimited(retryAfterSeconds(slot, at));
      const { to, from } = deps.settings();
      await deps.sendMail(composeContactMail({ message, language, receivedAt: at, from, to }));
      logger.info('Contact message sent', { language, company: message.company !== undefined });
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
