import {
  billingStatusOf,
  chargeOf,
  currencies,
  formatPaymentAmount,
  isRefundable,
  pageUrl,
  pathOf,
  planIds,
  planPricing,
  type CreatePayment,
  type CreatePaymentResponse,
  type Currency,
  type Invoice,
  type InvoiceBuyer,
  type InvoiceSeller,
  type Payment,
  type PaymentList,
  type PlanId,
} from '@reviewroute/shared';
import { ApiError, notFound, rateLimited } from '../../lib/api-error';
import { AccountErasedError } from '../../lib/erasure-guard';
import { logger } from '../../lib/logger';
import type { BillingRecord, BillingRepository, BillingUpsertOutcome } from '../../data/billing-repository';
import type { ProfileRepository } from '../../data/profile-repository';
import type { InvoiceRepository } from '../../data/invoice-repository';
import { rateSlot, retryAfterSeconds, type RateLimiter } from '../../data/rate-window';
import { planPaymentDescriptionIn } from '../../mail/render';
import { PaymentProviderError, providerPaymentIdPattern, type PaymentProvider, type ProviderPayment } from './provider';
import { refundInFull } from './refunds';

/**
 * Payments an owner may create per hour. Buying a plan takes one or two tries; card testers (many small
 * charges from one account to check stolen cards) are stopped after a handful, and each try costs us a
 * Mollie call.
 */
export const paymentCreateRateLimit = { limit: 10, windowSeconds: 3600 } as const;

/** The rate-window key of an owner's payment creations. */
export const paymentRateKey = (userId: string) => `payments:${userId}`;

export interface PaymentServiceDeps {
  billing: BillingRepository;
  /** Invoices: one numbered invoice per paid payment. */
  invoices: InvoiceRepository;
  /** The seller on a new invoice, as the deployment configures it now (an issued invoice keeps its own). */
  seller: () => InvoiceSeller;
  /**
   * The owner's profile: the buyer copied onto a new invoice (an issued invoice keeps its own), and where the
   * purchase card's business details are saved.
   */
  profiles: Pick<ProfileRepository, 'get' | 'update'>;
  /** The shared fixed-window limiter: payment creations per owner. */
  limiter: RateLimiter;
  /** The provider, made on first use (in AWS its key is read from Secrets Manager once per container). */
  provider: () => PaymentProvider | Promise<PaymentProvider>;
  /** `https://…` without a trailing slash: the redirect and webhook URLs are built on it. */
  siteOrigin: () => string;
  /**
   * Whether the owner's account was just deleted: a webhook for their payment then records nothing, so the
   * erasure leaves no billing item behind. (Only the early answer: the writes themselves carry the tombstone
   * as a condition, so one that races the erasure writes nothing either.)
   */
  isErased?: (userId: string) => Promise<boolean>;
  /**
   * Tells the owner their payment was received (the payment confirmation mail), called once per payment: by
   * the one write that turned it paid. A failure is logged, never the webhook's: the payment stands.
   */
  notifyPaid?: (payment: BillingRecord, invoice?: Invoice) => Promise<void>;
  /**
   * Lets what waited for a plan go on now rather than at its next look (the owner's parked review requests,
   * `wakeOwner` of data/request-queue.ts), called by the same one write. A failure is logged: they go on at the
   * next reset anyway.
   */
  planPaid?: (userId: string) => Promise<void>;
  now?: () => Date;
}

/**
 * What the webhook did: `recorded` (the record now holds the provider's state), `kept` (a later state was
 * stored before), `ignored` (no such payment at the provider, or not one of ours: nothing written).
 */
export type WebhookOutcome = 'recorded' | 'kept' | 'ignored';

/** The provider is down or refused us: a 503, so Mollie retries its webhook and the browser may try again. */
const providerUnavailable = (message: string) =>
  new ApiError('SERVICE_UNAVAILABLE', message, undefined, { 'retry-after': '30' });

const isCurrency = (value: string): value is Currency => (currencies as readonly string[]).includes(value);

/** The plan a payment bought: the one its metadata names, only if it was charged that plan's amount in EUR. */
function planOf(payment: ProviderPayment, named: unknown): PlanId | null {
  if (typeof named !== 'string' || !(planIds as readonly string[]).includes(named)) return null;
  const pricing = planPricing[named as PlanId];
  return payment.currency === pricing.currency && payment.amount === pricing.chargedAmount ? (named as PlanId) : null;
}

/**
 * The owner a provider payment belongs to: the user id this API put in its metadata at creation (with our
 * source mark); a payment made on the same Mollie account by anything else has none.
 */
function ownerOf(payment: ProviderPayment): string | undefined {
  const metadata = payment.metadata as { userId?: unknown; source?: unknown } | null | undefined;
  const userId = metadata?.userId;
  if (metadata?.source !== 'web_app') return undefined;
  return typeof userId === 'string' && userId !== '' && userId.length <= 128 ? userId : undefined;
}

/** The billing record of a provider payment; undefined when it is not ours (no owner, a foreign currency). */
function recordOf(payment: ProviderPayment): BillingRecord | undefined {
  const userId = ownerOf(payment);
  if (!userId || !isCurrency(payment.currency)) return undefined;
  const named = (payment.metadata as { plan?: unknown } | null | undefined)?.plan;
  return {
    userId,
    id: payment.id,
    amount: payment.amount,
    currency: payment.currency,
    status: billingStatusOf(payment.status),
    providerStatus: payment.status,
    description: payment.description,
    plan: planOf(payment, named),
    method: payment.method,
    cardLabel: payment.cardLabel,
    createdAt: payment.createdAt,
    paidAt: payment.paidAt,
    // Only a paid payment can be refunded or charged back.
    reversal: payment.status === 'paid' ? payment.reversal : null,
  };
}

const toPayment = ({ userId: _owner, ...payment }: BillingRecord): Payment => payment;

/**
 * Payments through Mollie (decisions 11): one-off payments for a plan (its amount from `shared/`, never
 * from the browser) or a manual amount; the billing history is written only from the provider's state,
 * so retried, concurrent and out-of-order webhooks all end in the provider's final status.
 */
export function createPaymentService(deps: PaymentServiceDeps) {
  const now = deps.now ?? (() => new Date());

  async function provider(): Promise<PaymentProvider> {
    try {
      return await deps.provider();
    } catch (error) {
      logger.error('The payment provider is not configured or its key could not be read', { error: String(error) });
      throw providerUnavailable('The payment service is not available. Please try again later.');
    }
  }

  /** The buyer as the owner's profile names them now; what a new invoice keeps for good. */
  async function buyerOf(userId: string): Promise<InvoiceBuyer> {
    const profile = await deps.profiles.get(userId);
    return {
      name: profile?.fullName.trim() ?? '',
      businessName: profile?.businessName.trim() ?? '',
      address: profile?.businessAddress.trim() ?? '',
      vatNumber: profile?.vatNumber ?? '',
    };
  }

  /**
   * The invoice of a payment stored as paid: issued by the first write that sees it paid, found again by every
   * later one (a redelivered webhook, a refresh), so a write that failed to issue it is repaired by the next.
   */
  async function invoiceOf(payment: BillingRecord): Promise<Invoice | undefined> {
    const issued = await deps.invoices.issue(payment.userId, {
      paymentId: payment.id,
      issuedAt: payment.paidAt ?? now().toISOString(),
      amount: payment.amount,
      currency: payment.currency,
      plan: payment.plan,
      description: payment.description,
      seller: deps.seller(),
      buyer: await buyerOf(payment.userId),
    });
    if (issued.outcome === 'issued')
      logger.info('Invoice issued', { paymentId: payment.id, number: issued.invoice.number });
    return issued.outcome === 'not-paid' ? undefined : issued.invoice;
  }

  async function record(payment: BillingRecord): Promise<BillingUpsertOutcome> {
    const outcome = await deps.billing.upsertFromProvider(payment, now().toISOString());
    let invoice: Invoice | undefined;
    let invoiceError: unknown;
    if (outcome !== 'kept' && payment.providerStatus === 'paid') {
      try {
        invoice = await invoiceOf(payment);
      } catch (error) {
        if (error instanceof AccountErasedError) throw error;
        // The payment stands; the caller fails (Mollie redelivers its webhook) and the next write issues it.
        logger.error('Issuing the invoice of a paid payment failed', { paymentId: payment.id, error: String(error) });
        invoiceError = error;
      }
    }
    // A refund's credit note (after the invoice it corrects, issued above): once, however often the refund is
    // recorded again (the cancel's own write, then its webhook); a failure fails the caller as the invoice's does.
    if (payment.reversal === 'refunded' && !invoiceError) {
      try {
        const credit = await deps.invoices.issueCreditNote(payment.userId, payment.id, now().toISOString());
        if (credit.outcome === 'issued')
          logger.info('Credit note issued', { paymentId: payment.id, number: credit.creditNote.number });
      } catch (error) {
        if (error instanceof AccountErasedError) throw error;
        logger.error('Issuing the credit note of a refund failed', { paymentId: payment.id, error: String(error) });
        invoiceError = error;
      }
    }
    if (outcome === 'became-paid' && deps.planPaid)
      await deps.planPaid(payment.userId).catch((error: unknown) =>
        logger.error('Waking the owner’s waiting work after a payment failed', {
          paymentId: payment.id,
          error: String(error),
        }),
      );
    if (outcome === 'became-paid' && deps.notifyPaid) {
      try {
        await deps.notifyPaid(payment, invoice);
      } catch (error) {
        logger.error('The payment confirmation mail could not be sent', {
          paymentId: payment.id,
          error: String(error),
        });
      }
    }
    if (invoiceError) throw invoiceError;
    return outcome;
  }

  return {
    /** The owner's billing history, newest first. */
    async list(userId: string): Promise<PaymentList> {
      return { payments: (await deps.billing.listForUser(userId)).map(toPayment) };
    },

    /** Creates the provider payment, records it as pending at once, and answers where to pay. */
    async create(userId: string, request: CreatePayment): Promise<CreatePaymentResponse> {
      const at = now();
      const slot = rateSlot(paymentRateKey(userId), paymentCreateRateLimit, at);
      if (!(await deps.limiter.consume(slot))) throw rateLimited(retryAfterSeconds(slot, at));
      const language = request.language ?? 'en';
      // The business details of the purchase card go to the profile first: the invoice of this payment copies
      // them from there when it is paid. (Its tombstone condition refuses an erased account's, as any write.)
      if (request.kind === 'plan' && request.buyer) await deps.profiles.update(userId, request.buyer, at.toISOString());
      const base = chargeOf(request);
      // The checkout and the bank statement show the description: in the owner's language.
      const charge = base.plan ? { ...base, description: planPaymentDescriptionIn(base.plan, language) } : base;
      const origin = deps.siteOrigin().replace(/\/+$/, '');
      let created: ProviderPayment;
      try {
        created = await (
          await provider()
        ).create({
          amount: formatPaymentAmount(charge.amount),
          currency: charge.currency,
          description: charge.description,
          // Mollie sends the browser back here whatever the outcome; the page asks the API how it went.
          redirectUrl: pageUrl(origin, 'payments', language, { query: { success: 'true' } }),
          webhookUrl: `${origin}${pathOf('payment-webhook')}`,
          metadata: { userId, plan: charge.plan, source: 'web_app' },
          language,
        });
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        logger.error('Creating a payment failed at the provider', { error: error.message, status: error.httpStatus });
        throw providerUnavailable('Failed to create payment');
      }
      const pending = recordOf(created);
      if (!pending || !created.checkoutUrl) {
        logger.error('The provider answered a create without a checkout URL or our metadata', { id: created.id });
        throw providerUnavailable('Invalid response from payment service');
      }
      await record(pending);
      logger.info('Payment created', { paymentId: created.id, plan: charge.plan, currency: charge.currency });
      return { paymentId: created.id, checkoutUrl: created.checkoutUrl };
    },

    /**
     * The owner's payment. While it is pending the provider is asked first (a webhook may lag or be lost);
     * its answer is recorded only when it is this owner's payment.
     */
    async get(userId: string, paymentId: string): Promise<Payment> {
      // Not a Mollie id: nobody's payment, and no key is built from it (a key has a size limit).
      if (!providerPaymentIdPattern.test(paymentId)) throw notFound('Payment not found');
      const stored = await deps.billing.get(userId, paymentId);
      if (!stored) throw notFound('Payment not found');
      if (stored.status !== 'pending') return toPayment(stored);
      let current: ProviderPayment | undefined;
      try {
        current = await (await provider()).get(paymentId);
      } catch (error) {
        // The stored state is still a true answer ("pending"); the next check asks again.
        logger.warn('Refreshing a pending payment from the provider failed', { paymentId, error: String(error) });
        return toPayment(stored);
      }
      const fresh = current && recordOf(current);
      if (!fresh || fresh.userId !== userId) return toPayment(stored);
      if ((await record(fresh)) !== 'kept') return toPayment(fresh);
      return toPayment((await deps.billing.get(userId, paymentId)) ?? stored);
    },

    /**
     * Mollie's webhook: only an id arrives, so nothing in the request is trusted; the payment is read from
     * the provider and its current state recorded under the owner its metadata names. An unknown id, or a
     * payment that is not ours, changes nothing and is still answered 200 (anything else makes Mollie retry).
     */
    async webhook(id: string): Promise<WebhookOutcome> {
      // Without a provider (no key yet) every webhook fails, so Mollie retries once it is configured.
      const mollie = await provider();
      // Only ids this API created are looked up at Mollie: a flood of made-up ids costs one index read each.
      const owner = providerPaymentIdPattern.test(id) ? await deps.billing.ownerOf(id) : undefined;
      if (!owner) {
        logger.warn('Webhook for a payment we never created', { paymentId: id.slice(0, 64) });
        return 'ignored';
      }
      let current: ProviderPayment | undefined;
      try {
        current = await mollie.get(id);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        logger.error('Reading a payment for its webhook failed', { paymentId: id, error: String(error) });
        throw providerUnavailable('The payment service is not available. Please try again later.');
      }
      if (!current) {
        logger.warn('Webhook for a payment the provider does not know', { paymentId: id.slice(0, 64) });
        return 'ignored';
      }
      const payment = recordOf(current);
      if (!payment || payment.userId !== owner) {
        logger.warn('Webhook for a payment without our owner metadata', { paymentId: id });
        return 'ignored';
      }
      if (await deps.isErased?.(payment.userId)) {
        logger.info('Webhook for a payment of a deleted account: nothing recorded', { paymentId: id });
        return 'ignored';
      }
      let outcome: BillingUpsertOutcome;
      try {
        outcome = await record(payment);
      } catch (error) {
        // The tombstone inside the write refused it: an erasure started after the check above.
        if (!(error instanceof AccountErasedError)) throw error;
        logger.info('Webhook for a payment of a deleted account: nothing recorded', { paymentId: id });
        return 'ignored';
      }
      logger.info('Payment webhook', { paymentId: id, status: payment.providerStatus, outcome });
      return outcome === 'kept' ? 'kept' : 'recorded';
    },

    /**
     * Cancels a plan paid less than 14 days ago for a full refund through the provider (decisions 28), then stores
     * the provider's state of the payment as the webhook would: refunded, so the year it paid for ends. Anything
     * else (not a paid plan, refunded already, 14 days or more) is refused with REFUND_NOT_ALLOWED.
     */
    async refund(userId: string, paymentId: string): Promise<Payment> {
      if (!providerPaymentIdPattern.test(paymentId)) throw notFound('Payment not found');
      const stored = await deps.billing.get(userId, paymentId);
      if (!stored) throw notFound('Payment not found');
      if (!isRefundable(stored, now())) throw new ApiError('REFUND_NOT_ALLOWED');
      const mollie = await provider();
      if (!(await refundInFull(mollie, stored))) throw new ApiError('REFUND_NOT_ALLOWED');
      let current: ProviderPayment | undefined;
      try {
        current = await mollie.get(paymentId);
      } catch (error) {
        // Refunded at the provider; its webhook (or the next refresh) stores it.
        logger.warn('Reading a refunded payment back failed', { paymentId, error: String(error) });
      }
      const fresh = current && recordOf(current);
      const refunded: BillingRecord =
        fresh && fresh.userId === userId && fresh.reversal ? fresh : { ...stored, reversal: 'refunded' };
      await record(refunded);
      logger.info('Plan cancelled for its money back', { paymentId, plan: stored.plan });
      return toPayment((await deps.billing.get(userId, paymentId)) ?? refunded);
    },

    /** The credit note of the owner's refunded payment; not found until its refund issued one. */
    async creditNote(userId: string, paymentId: string): Promise<Invoice> {
      if (!providerPaymentIdPattern.test(paymentId)) throw notFound('Credit note not found');
      const creditNote = await deps.invoices.getCreditNote(userId, paymentId);
      if (!creditNote) throw notFound('Credit note not found');
      return creditNote;
    },

    /** The invoice of the owner's paid payment; not found until it is paid (or for another owner's). */
    async invoice(userId: string, paymentId: string): Promise<Invoice> {
      if (!providerPaymentIdPattern.test(paymentId)) throw notFound('Invoice not found');
      const invoice = await deps.invoices.get(userId, paymentId);
      if (!invoice) throw notFound('Invoice not found');
      return invoice;
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
