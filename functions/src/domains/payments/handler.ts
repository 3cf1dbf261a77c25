import type { Context } from 'aws-lambda';
import { maxRequestBodyBytes, routeKey, routeOf, type LambdaEnv } from '@reviewroute/shared';
import { processLambdaEnv } from '../../lib/env';
import { createDomainHandler, type ApiEvent, type ApiResponse, type DomainHandlerOptions } from '../../lib/http';
import { configureLogger } from '../../lib/logger';
import { originCheckOf } from '../../lib/origin-verify';
import { secretsManagerReader, type SecretReader } from '../../lib/secrets';
import { tableEntities } from '../../data/client';
import { ownerRequestLimitOf } from '../../data/owner-request-limit';
import { createDynamoErasureRepository } from '../../data/erasure-repository';
import { createDynamoBillingRepository } from '../../data/billing-repository';
import { createDynamoInvoiceRepository } from '../../data/invoice-repository';
import { createDynamoProfileRepository } from '../../data/profile-repository';
import { createDynamoRateLimiter } from '../../data/rate-window';
import { createDynamoRequestQueue } from '../../data/request-queue';
import { erasedCheckOf } from '../../lib/erasure-guard';
import { createCognitoOwnerContacts } from '../../data/owner-contacts';
import { ownerMailSettings } from '../../mail/owner-mail';
import { sesMailerOf } from '../../mail/ses-mailer';
import { paymentConfirmationSender } from './confirmation-mail';
import { invoiceSellerOf } from './invoice-seller';
import { mollieProviderOf } from './mollie-settings';
import type { PaymentProvider } from './provider';
import { createPaymentService, type PaymentService } from './service';

export { mollieSettingsOf } from './mollie-settings';

const webhookRouteKey = routeKey(routeOf('payment-webhook'));

/**
 * Mollie posts its webhook form-encoded (`id=tr_…`; API Gateway hands such a body over base64-encoded),
 * while the handler stack reads JSON: the webhook's form body is turned into the same JSON (`{"id":…}`)
 * before the stack sees it. Other routes and JSON bodies pass as they are; an oversized body too, so the
 * stack's size limit refuses it.
 */
export function webhookFormAsJson(event: ApiEvent): ApiEvent {
  if (event.routeKey !== webhookRouteKey || typeof event.body !== 'string' || event.body === '') return event;
  const headers = event.headers ?? {};
  const typeHeader = Object.keys(headers).find((name) => name.toLowerCase() === 'content-type');
  const type = (typeHeader && headers[typeHeader]) || '';
  if (!/^\s*application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) return event;
  // Judged by its length before anything is decoded or copied; the stack's size limit answers it.
  const length = event.isBase64Encoded ? (event.body.length * 3) / 4 - 2 : event.body.length;
  if (length > maxRequestBodyBytes) return event;
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(text, 'utf8') > maxRequestBodyBytes) return event;
  const id = new URLSearchParams(text).get('id');
  const rest = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== typeHeader));
  return {
    ...event,
    headers: { ...rest, 'content-type': 'application/json' },
    body: JSON.stringify(id === null ? {} : { id }),
    isBase64Encoded: false,
  };
}

/** The payments API (domain `payments`); the service is built on first use. */
export function createPaymentsHandler(serviceOf: () => PaymentService, options?: DomainHandlerOptions) {
  const handler = createDomainHandler(
    'payments',
    {
      'list-payments': async ({ owner }) => ({ body: await serviceOf().list(owner.userId) }),
      'create-payment': async ({ owner, body }) => ({
        status: 201,
        body: await serviceOf().create(owner.userId, body),
      }),
      'get-payment': async ({ owner, params: { paymentId } }) => ({
        body: await serviceOf().get(owner.userId, paymentId),
      }),
      'get-invoice': async ({ owner, params: { paymentId } }) => ({
        body: await serviceOf().invoice(owner.userId, paymentId),
      }),
      'get-credit-note': async ({ owner, params: { paymentId } }) => ({
        body: await serviceOf().creditNote(owner.userId, paymentId),
      }),
      'refund-payment': async ({ owner, params: { paymentId } }) => ({
        body: await serviceOf().refund(owner.userId, paymentId),
      }),
      // Mollie only looks at the status: 200 whenever the id was readable, known to Mollie or not.
      'payment-webhook': async ({ body }) => {
        await serviceOf().webhook(body.id);
        return { status: 200 };
      },
    },
    options,
  );
  return (event: ApiEvent, context: Context): Promise<ApiResponse> => handler(webhookFormAsJson(event), context);
}

/**
 * The payments Lambda for one environment (the local stack passes its own). The Mollie key is read once
 * per container, on the first call that needs it; a failed read is retried by the next request, a secret
 * without a usable key (the deployed placeholder) a minute later (so a flood of webhooks costs one read).
 */
export function createHandler(env: LambdaEnv, readSecret: SecretReader = secretsManagerReader(env), now = Date.now) {
  configureLogger(env);
  const mollie = mollieProviderOf(env, readSecret, now);
  const providerOnce = async (): Promise<PaymentProvider> => {
    const provider = await mollie();
    if (!provider) throw new Error('No Mollie API key is configured (MOLLIE_API_KEY or MOLLIE_API_KEY_SECRET_ARN)');
    return provider;
  };
  let service: PaymentService | undefined;
  // The payment confirmation (decisions 23) goes out from the product's sender; without one, none is sent.
  const mail = ownerMailSettings(env);
  const notifyPaid =
    mail &&
    paymentConfirmationSender({
      contacts: createCognitoOwnerContacts(env),
      mailer: sesMailerOf(env),
      ...mail,
      siteOrigin: () => env.SITE_ORIGIN,
    });
  const isErased = erasedCheckOf(createDynamoErasureRepository(tableEntities(env)));
  return createPaymentsHandler(
    () =>
      (service ??= createPaymentService({
        billing: createDynamoBillingRepository(tableEntities(env)),
        invoices: createDynamoInvoiceRepository(tableEntities(env)),
        seller: () => invoiceSellerOf(env),
        profiles: createDynamoProfileRepository(tableEntities(env)),
        limiter: createDynamoRateLimiter(tableEntities(env)),
        provider: providerOnce,
        siteOrigin: () => env.SITE_ORIGIN,
        isErased,
        notifyPaid,
        // A lapsed owner's review requests wait in the queue, parked: a plan paid makes them due at once.
        planPaid: (userId) =>
          createDynamoRequestQueue(tableEntities(env)).wakeOwner(userId, new Date(now()).toISOString()),
      })),
    { originCheck: originCheckOf(env), isErased, ownerLimit: ownerRequestLimitOf(env, tableEntities(env)) },
  );
}

/** Lambda's entry: process.env, read when a variable is first needed. */
export const handler = createHandler(processLambdaEnv);
