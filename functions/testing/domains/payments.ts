import type { ProviderStatus } from '@reviewroute/shared';
import { MemoryBillingRepository, MemoryErasureRepository, MemoryProfileRepository } from '../data/memory';
import { MemoryInvoiceRepository } from '../data/memory-invoices';
import { createMemoryRateLimiter } from '../data/memory-rate-limiter';
import {
  PaymentProviderError,
  providerPaymentIdPattern,
  type NewProviderPayment,
  type NewProviderRefund,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
} from '../../src/domains/payments/provider';
import { createPaymentService, type PaymentService } from '../../src/domains/payments/service';

/**
 * An in-memory payment provider for unit tests: payments it created (or was given) by id, statuses set by
 * the test, every create request kept. `failing` makes every call fail as an outage would.
 */
export class FakePaymentProvider implements PaymentProvider {
  readonly payments = new Map<string, ProviderPayment>();
  readonly created: NewProviderPayment[] = [];
  readonly reads: string[] = [];
  failing = false;
  private next = 1;

  constructor(private readonly clock: () => Date = () => new Date('2026-11-21T08:00:00.000Z')) {}

  async create(payment: NewProviderPayment): Promise<ProviderPayment> {
    if (this.failing) throw new PaymentProviderError('Mollie is down', 503);
    this.created.push(structuredClone(payment));
    const id = `tr_fake${String(this.next++).padStart(5, '0')}`;
    const stored: ProviderPayment = {
      id,
      status: 'open',
      amount: Number(payment.amount),
      currency: payment.currency,
      description: payment.description,
      method: null,
      cardLabel: null,
      createdAt: this.clock().toISOString(),
      paidAt: null,
      metadata: structuredClone(payment.metadata),
      checkoutUrl: `https://checkout.example/${id}`,
      reversal: null,
    };
    this.payments.set(id, stored);
    return { ...stored };
  }

  async get(id: string): Promise<ProviderPayment | undefined> {
    this.reads.push(id);
    if (this.failing) throw new PaymentProviderError('Mollie is down', 503);
    if (!providerPaymentIdPattern.test(id)) return undefined;
    const payment = this.payments.get(id);
    return payment && { ...payment };
  }

  /** What the hosted checkout does: the customer's choice becomes the payment's status. */
  setStatus(id: string, status: ProviderStatus): void {
    const payment = this.payments.get(id);
    if (!payment) throw new Error(`No fake payment ${id}`);
    payment.status = status;
    payment.checkoutUrl = status === 'open' ? `https://checkout.example/${id}` : null;
    if (status === 'paid') {
      payment.paidAt = this.clock().toISOString();
      payment.method = 'creditcard';
      payment.cardLabel = 'Visa •••• 4242';
    } else payment.paidAt = null;
  }

  /** The refunds asked for through the refunds API, by payment id. */
  readonly refunds: { paymentId: string; refund: NewProviderRefund }[] = [];

  async refund(paymentId: string, refund: NewProviderRefund): Promise<ProviderRefund> {
    if (this.failing) throw new PaymentProviderError('Mollie is down', 503);
    const payment = this.payments.get(paymentId);
    if (!payment || payment.status !== 'paid' || payment.reversal)
      throw new PaymentProviderError(`The payment ${paymentId} cannot be refunded`, 422);
    this.refunds.push({ paymentId, refund: structuredClone(refund) });
    payment.reversal = 'refunded';
    return {
      id: `re_fake${this.refunds.length}`,
      status: 'refunded',
      amount: Number(refund.amount),
      createdAt: this.clock().toISOString(),
    };
  }

  /** A refund made in Mollie's dashboard, or the customer's bank's chargeback: the payment stays paid. */
  reverse(id: string, reversal: 'refunded' | 'charged-back' | null): void {
    const payment = this.payments.get(id);
    if (!payment) throw new Error(`No fake payment ${id}`);
    payment.reversal = reversal;
  }
}

export const fakeSiteOrigin = 'https://app.reviewroute.example';

/** The seller the fake service puts on invoices. */
export const fakeSeller = {
  name: 'ReviewRoute B.V.',
  address: 'Keizersgracht 1\n1015 AA Amsterdam',
  kvkNumber: '12345678',
  vatNumber: 'NL123456789B01',
};

/**
 * The payments service on a fake provider and in-memory billing; `erased` holds the deleted accounts' ids (the
 * service's early check), `erasures` the tombstones its writes are conditioned on.
 */
export function memoryPaymentService(now = () => new Date('2026-11-21T08:00:00.000Z')): {
  service: PaymentService;
  provider: FakePaymentProvider;
  billing: MemoryBillingRepository;
  invoices: MemoryInvoiceRepository;
  profiles: MemoryProfileRepository;
  erasures: MemoryErasureRepository;
  erased: Set<string>;
  /** The payments the service announced as paid (its `notifyPaid`), in order. */
  paidNotices: string[];
  /** The owners whose waiting work a payment woke (its `planPaid`), in order. */
  plansPaid: string[];
} {
  const provider = new FakePaymentProvider(now);
  const billing = new MemoryBillingRepository();
  const profiles = new MemoryProfileRepository();
  const erasures = new MemoryErasureRepository();
  erasures.clock = () => now().getTime();
  const erased = new Set<string>();
  const paidNotices: string[] = [];
  const plansPaid: string[] = [];
  const invoices = new MemoryInvoiceRepository(
    (userId, paymentId) => billing.records.get(`${userId}/${paymentId}`)?.providerStatus === 'paid',
  );
  billing.guard = invoices.guard = erasures.guard;
  const service = createPaymentService({
    billing,
    invoices,
    seller: () => fakeSeller,
    profiles,
    limiter: createMemoryRateLimiter(),
    provider: () => provider,
    siteOrigin: () => fakeSiteOrigin,
    isErased: async (userId) => erased.has(userId),
    notifyPaid: async (payment) => {
      paidNotices.push(payment.id);
    },
    planPaid: async (userId) => {
      plansPaid.push(userId);
    },
    now,
  });
  return { service, provider, billing, invoices, profiles, erasures, erased, paidNotices, plansPaid };
}
