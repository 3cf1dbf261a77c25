import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  contactCapReachedLog,
  contactHourlyCapDefault,
  contactRefusedMessage,
  minContactElapsedMs,
  type ContactFormToken,
  type ContactRequestData,
} from '@reviewroute/shared';
import { ApiError, rateLimited } from '../../lib/api-error';
import { logger } from '../../lib/logger';
import { createClientKeys, type DaySalt } from '../../lib/viewer';
import { rateSlot, retryAfterSeconds, type RateLimiter } from '../../data/rate-window';
import type { Mailer } from '../../mail/mailer';
import { composeContactMail } from './mail';

/** A form token: its issue time (epoch ms, 13 digits) and an HMAC of it under the day's salt. */
export const contactFormTokenOf = (salt: string, issuedAt: number): string =>
  `${issuedAt}.${createHmac('sha256', `contact-form\n${salt}`).update(String(issuedAt)).digest('base64url')}`;

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
  /** Messages per hour from everyone together (CONTACT_HOURLY_CAP; default `contactHourlyCapDefault`). */
  hourlyCap?: number;
  now?: () => Date;
  randomBytes?: (n: number) => Uint8Array;
}

/** Messages per client per window: enough for a follow-up, too few to use the form as a mail cannon. */
export const contactRateLimit = { limit: 3, windowSeconds: 10 * 60 } as const;

/** The rate-window key of the global hourly cap: every message of every sender counts in it. */
export const contactCapKey = 'contact-all';

/** A form token older than this is refused: the page fetches it when the form appears, not days before. */
export const contactTokenMaxAgeMs = 12 * 60 * 60 * 1000;

/**
 * The contact form's use case (spec 7 send-contact-email): validate with the shared schema, refuse bots
 * (honeypot, minimum fill time) and floods (per-client limit), then mail the operator with Reply-To set
 * to the sender. Nothing is stored but the short-lived counter; the sender gets no mail from us, so the
 * form cannot be used to send mail to a stranger.
 */
export function createContactService(deps: ContactServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const clientKeys = createClientKeys(deps.daySalt, deps.randomBytes);
  const hourlyCap = deps.hourlyCap ?? contactHourlyCapDefault;

  /** The form token of an issue time: keyed by its day's salt (random, shared by every instance, expiring). */
  const tokenOf = async (issuedAt: number): Promise<string> =>
    contactFormTokenOf(await clientKeys.saltOf(new Date(issuedAt)), issuedAt);

  /**
   * How long ago the form appeared, measured by us: the issue time inside a token we signed. Undefined for a
   * missing, malformed, forged, future or expired token (checked before any salt is read).
   */
  async function filledForMs(token: string | undefined, at: number): Promise<number | undefined> {
    const match = /^(\d{13})\.([\w-]{43})$/.exec(token ?? '');
    if (!match) return undefined;
    const issuedAt = Number(match[1]);
    const age = at - issuedAt;
    if (age < 0 || age > contactTokenMaxAgeMs) return undefined;
    const expected = Buffer.from(await tokenOf(issuedAt));
    const given = Buffer.from(token!);
    return given.length === expected.length && timingSafeEqual(given, expected) ? age : undefined;
  }

  return {
    /** The form appeared: a signed token of this moment, for the send to bring back. Nothing is stored. */
    async start(): Promise<ContactFormToken> {
      const issuedAt = now().getTime();
      return { formToken: await tokenOf(issuedAt) };
    },

    /** `viewerIp`: the sender's address as the API trusts it (`RouteRequest.viewerIp`); only ever hashed. */
    async send(request: ContactRequestData, viewerIp: string): Promise<void> {
      const { website, elapsedMs, formToken, language, ...message } = request;
      const at = now();
      // The fill time the API measured from its own token; the page's figure still counts, but can be made up.
      const filledMs = await filledForMs(formToken, at.getTime());
      // Bot checks answer as vaguely as a broken request: nothing tells a script which rule it broke.
      const honeypot = (website ?? '').trim() !== '';
      if (honeypot || elapsedMs < minContactElapsedMs || filledMs === undefined || filledMs < minContactElapsedMs) {
        logger.info('Contact message refused by the bot checks', { honeypot, elapsedMs, filledMs });
        throw new ApiError('BAD_REQUEST', contactRefusedMessage);
      }
      // Its own key space: contact messages never use up a client's survey submits, or the reverse.
      const slot = rateSlot(`contact:${await clientKeys.keyOf(viewerIp, at)}`, contactRateLimit, at);
      if (!(await deps.limiter.consume(slot))) throw rateLimited(retryAfterSeconds(slot, at));
      // Everyone together: many clients (a botnet passes the per-client limit) cannot flood the operator.
      const cap = rateSlot(contactCapKey, { limit: hourlyCap, windowSeconds: 60 * 60 }, at);
      if (!(await deps.limiter.consume(cap))) {
        logger.error(contactCapReachedLog, { cap: hourlyCap });
        throw rateLimited(retryAfterSeconds(cap, at));
      }
      const { to, from } = deps.settings();
      await deps.sendMail(composeContactMail({ message, language, receivedAt: at, from, to }));
      logger.info('Contact message sent', { language, company: message.company !== undefined });
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
