import { createHash } from 'node:crypto';
import { contactRefusedMessage, contactRequestSchema, minContactElapsedMs } from '@reviewroute/shared';
import { ApiError } from '../../lib/api-error';
import { logger } from '../../lib/logger';
import { parseInput } from '../../lib/validation';
import { composeContactMail, type OutgoingMail } from './mail';

/** Who is sending, as the gateway saw it. Only ever hashed (decisions 14). */
export interface ContactClient {
  sourceIp: string;
  userAgent: string;
}

/** The per-client counter, the same fixed windows and daily salt as the public survey submit. */
export interface ContactLimiter {
  /** Counts one message in the window; false when the window is already full. */
  consume(clientKey: string, window: number, limit: number, expiresAt: number): Promise<boolean>;
  /** The random salt of a UTC day, created by the first caller of that day. */
  daySalt(day: string, candidate: string, expiresAt: number): Promise<string>;
}

export interface ContactSettings {
  /** The operator's address (CONTACT_TO_ADDRESS). */
  to: string;
  /** The verified sender (CONTACT_FROM_ADDRESS). */
  from: string;
}

export interface ContactServiceDeps {
  sendMail: (mail: OutgoingMail) => Promise<void>;
  limiter: ContactLimiter;
  /** Read on each send, so a missing setting fails the send that needs it, not the Lambda's start. */
  settings: () => ContactSettings;
  now?: () => Date;
  randomBytes?: (n: number) => Uint8Array;
}

/** Messages per client per window: enough for a follow-up, too few to use the form as a mail cannon. */
export const contactRateLimit = { messages: 3, windowSeconds: 10 * 60 } as const;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The contact form's use case (spec 7 send-contact-email): validate with the shared schema, refuse bots
 * (honeypot, minimum fill time) and floods (per-client limit), then mail the operator with Reply-To set
 * to the sender. Nothing is stored but the short-lived counter; the sender gets no mail from us, so the
 * form cannot be used to send mail to a stranger.
 */
export function createContactService(deps: ContactServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const randomBytes = deps.randomBytes ?? ((n: number) => crypto.getRandomValues(new Uint8Array(n)));
  let salt: { day: string; value: string } | undefined;

  async function clientKey(client: ContactClient, at: Date): Promise<string> {
    const day = at.toISOString().slice(0, 10);
    if (salt?.day !== day) {
      const expiresAt = Math.floor(at.getTime() / 1000) + 2 * 24 * 60 * 60;
      const candidate = Buffer.from(randomBytes(32)).toString('base64url');
      salt = { day, value: await deps.limiter.daySalt(day, candidate, expiresAt) };
    }
    // Its own key space: contact messages never use up a client's survey submits, or the reverse.
    return `contact:${sha256(`${salt.value}\n${client.sourceIp}\n${client.userAgent}`)}`;
  }

  return {
    async send(input: unknown, client: ContactClient): Promise<void> {
      const { website, elapsedMs, language, ...message } = parseInput(contactRequestSchema, input);
      // Bot checks answer as vaguely as a broken request: nothing tells a script which rule it broke.
      if ((website ?? '').trim() !== '' || elapsedMs < minContactElapsedMs) {
        logger.info('Contact message refused by the bot checks', {
          honeypot: (website ?? '').trim() !== '',
          elapsedMs,
        });
        throw new ApiError('BAD_REQUEST', contactRefusedMessage);
      }
      const at = now();
      const epoch = Math.floor(at.getTime() / 1000);
      const window = epoch - (epoch % contactRateLimit.windowSeconds);
      const allowed = await deps.limiter.consume(
        await clientKey(client, at),
        window,
        contactRateLimit.messages,
        window + 2 * contactRateLimit.windowSeconds,
      );
      if (!allowed) throw new ApiError('RATE_LIMITED');
      const { to, from } = deps.settings();
      await deps.sendMail(composeContactMail({ message, language, receivedAt: at, from, to }));
      logger.info('Contact message sent', { language, company: message.company !== undefined });
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
