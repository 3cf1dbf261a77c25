import type { LambdaEnv } from '@reviewroute/shared';
import { processLambdaEnv } from '../../lib/env';
import { createDomainHandler, type RouteRequest } from '../../lib/http';
import { configureLogger } from '../../lib/logger';
import { tableEntities } from '../../data/client';
import { createDynamoContactLimiter } from './limiter';
import { createSesMailer } from './mailer';
import { createContactService, type ContactClient, type ContactService, type ContactSettings } from './service';

/**
 * The sender as seen at the edge: behind CloudFront the public API behaviour forwards
 * `CloudFront-Viewer-Address` (`ip:port`), locally the gateway's source IP is the client's.
 */
export function contactClientOf({ headers, event }: RouteRequest<'send-contact-email'>): ContactClient {
  const viewer = headers['cloudfront-viewer-address'];
  const sourceIp = viewer ? viewer.slice(0, Math.max(0, viewer.lastIndexOf(':'))) || viewer : undefined;
  return {
    sourceIp: sourceIp ?? event.requestContext?.http?.sourceIp ?? '',
    userAgent: headers['user-agent'] ?? event.requestContext?.http?.userAgent ?? '',
  };
}

/** CONTACT_TO_ADDRESS receives the messages; CONTACT_FROM_ADDRESS (a verified SES identity) sends them. */
export function contactSettings(env: Pick<LambdaEnv, 'CONTACT_TO_ADDRESS' | 'CONTACT_FROM_ADDRESS'>): ContactSettings {
  const to = env.CONTACT_TO_ADDRESS;
  if (!to) throw new Error('Environment variable CONTACT_TO_ADDRESS is not set: contact messages have nowhere to go');
  return { to, from: env.CONTACT_FROM_ADDRESS ?? to };
}

/** The contact API (domain `contact`, no auth); the service is built on first use. */
export function createContactHandler(serviceOf: () => ContactService) {
  return createDomainHandler('contact', {
    'send-contact-email': async (request) => {
      await serviceOf().send(request.body, contactClientOf(request));
      return { status: 204 };
    },
  });
}

/** The contact Lambda for one environment (the local stack passes its own). */
export function createHandler(env: LambdaEnv) {
  configureLogger(env);
  let service: ContactService | undefined;
  return createContactHandler(
    () =>
      (service ??= createContactService({
        sendMail: createSesMailer(env),
        limiter: createDynamoContactLimiter(tableEntities(env)),
        settings: () => contactSettings(env),
      })),
  );
}

/** Lambda's entry: process.env, read when a variable is first needed. */
export const handler = createHandler(processLambdaEnv);
