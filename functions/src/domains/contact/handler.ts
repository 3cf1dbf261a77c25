import type { LambdaEnv } from '@reviewroute/shared';
import { processLambdaEnv } from '../../lib/env';
import { createDomainHandler, type DomainHandlerOptions } from '../../lib/http';
import { originCheckOf } from '../../lib/origin-verify';
import { configureLogger } from '../../lib/logger';
import { tableEntities } from '../../data/client';
import { createDynamoRateLimiter } from '../../data/rate-window';
import { createDynamoClientKeySalts } from '../../data/client-key-salts';
import { sesMailerOf } from '../../mail/ses-mailer';
import { createContactService, type ContactService, type ContactSettings } from './service';

/** CONTACT_TO_ADDRESS receives the messages; CONTACT_FROM_ADDRESS (a verified SES identity) sends them. */
export function contactSettings(env: Pick<LambdaEnv, 'CONTACT_TO_ADDRESS' | 'CONTACT_FROM_ADDRESS'>): ContactSettings {
  const to = env.CONTACT_TO_ADDRESS;
  if (!to) throw new Error('Environment variable CONTACT_TO_ADDRESS is not set: contact messages have nowhere to go');
  return { to, from: env.CONTACT_FROM_ADDRESS ?? to };
}

/** CONTACT_HOURLY_CAP: messages per hour from everyone together; undefined for the default. */
export function contactHourlyCap(env: Pick<LambdaEnv, 'CONTACT_HOURLY_CAP'>): number | undefined {
  const value = env.CONTACT_HOURLY_CAP;
  if (value === undefined || value === '') return undefined;
  const cap = Number(value);
  if (!Number.isInteger(cap) || cap < 0) throw new Error(`CONTACT_HOURLY_CAP must be a whole number, not ${value}`);
  return cap;
}

/** The contact API (domain `contact`, no auth); the service is built on first use. */
export function createContactHandler(serviceOf: () => ContactService, options?: DomainHandlerOptions) {
  return createDomainHandler(
    'contact',
    {
      'send-contact-email': async ({ body, viewerIp }) => {
        await serviceOf().send(body, viewerIp);
        return { status: 204 };
      },
      'start-contact-form': async () => ({ body: await serviceOf().start() }),
    },
    options,
  );
}

/** The contact Lambda for one environment (the local stack passes its own). */
export function createHandler(env: LambdaEnv) {
  configureLogger(env);
  const entities = tableEntities(env);
  let service: ContactService | undefined;
  return createContactHandler(
    () =>
      (service ??= createContactService({
        sendMail: sesMailerOf(env),
        limiter: createDynamoRateLimiter(entities),
        daySalt: (day, candidate, expiresAt) => createDynamoClientKeySalts(entities).saltOf(day, candidate, expiresAt),
        settings: () => contactSettings(env),
        ...(contactHourlyCap(env) !== undefined ? { hourlyCap: contactHourlyCap(env)! } : {}),
      })),
    { originCheck: originCheckOf(env) },
  );
}

/** Lambda's entry: process.env, read when a variable is first needed. */
export const handler = createHandler(processLambdaEnv);
