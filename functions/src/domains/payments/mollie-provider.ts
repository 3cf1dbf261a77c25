import { createMollieClient as mollieClient, Locale, type Payment as MolliePayment } from '@mollie/api-client';
import { providerStatuses, type PaymentReversal, type ProviderStatus } from '@reviewroute/shared';
import {
  PaymentProviderError,
  providerPaymentIdPattern,
  type NewProviderPayment,
  type NewProviderRefund,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
} from './provider';

export interface MollieSettings {
  /** `test_…` or `live_…`. */
  apiKey: string;
  /** Another API base than Mollie's (`npm start` and the tests: the loopback server in infra/local/mollie.ts). */
  apiEndpoint?: string | undefined;
}

/** Mollie's own answer to an unknown payment id. */
const notFoundStatuses = new Set([404, 410]);

const isoOf = (value: string | undefined | null): string | null => {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
};

/** "Visa •••• 4242" from a card payment's details; null for other methods or unnamed cards. */
function cardLabelOf(payment: MolliePayment): string | null {
  if (payment.method !== 'creditcard' || !payment.details) return null;
  const details = payment.details as { cardLabel?: unknown; cardNumber?: unknown };
  const label = typeof details.cardLabel === 'string' ? details.cardLabel : null;
  const last4 = typeof details.cardNumber === 'string' ? details.cardNumber.slice(-4) : null;
  if (!label && !last4) return null;
  return [label ?? 'Card', last4 ? `•••• ${last4}` : null].filter(Boolean).join(' ');
}

/** A positive refunded or charged-back amount (Mollie's decimal strings) reverses the payment. */
function reversalOf(payment: MolliePayment): PaymentReversal | null {
  const positive = (amount: { value?: string } | undefined) => Number(amount?.value ?? 0) > 0;
  if (positive(payment.amountChargedBack)) return 'charged-back';
  if (positive(payment.amountRefunded)) return 'refunded';
  return null;
}

function toProviderPayment(payment: MolliePayment): ProviderPayment {
  const status = payment.status as string;
  if (!(providerStatuses as readonly string[]).includes(status))
    throw new PaymentProviderError(`Mollie reported an unknown status ${status} for ${payment.id}`);
  const amount = Number(payment.amount?.value);
  if (!Number.isFinite(amount)) throw new PaymentProviderError(`Mollie reported no amount for ${payment.id}`);
  return {
    id: payment.id,
    status: status as ProviderStatus,
    amount,
    currency: payment.amount.currency,
    description: payment.description ?? '',
    method: payment.method ?? null,
    cardLabel: cardLabelOf(payment),
    createdAt: isoOf(payment.createdAt) ?? new Date().toISOString(),
    paidAt: isoOf(payment.paidAt),
    metadata: payment.metadata,
    checkoutUrl: payment._links?.checkout?.href ?? null,
    reversal: reversalOf(payment),
  };
}

/** The client's error as ours; its status says whether Mollie answered at all (undefined: network). */
function providerError(error: unknown, what: string): PaymentProviderError {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return new PaymentProviderError(
    `${what}: ${error instanceof Error ? error.message : String(error)}`,
    typeof status === 'number' ? status : undefined,
  );
}

/** The payment provider over @mollie/api-client: one client per key (per Lambda container). */
export function createMollieClient({ apiKey, apiEndpoint }: MollieSettings): PaymentProvider {
  const client = mollieClient({ apiKey, ...(apiEndpoint ? { apiEndpoint } : {}) });
  return {
    async create(payment: NewProviderPayment) {
      let created: MolliePayment;
      try {
        created = await client.payments.create({
          amount: { value: payment.amount, currency: payment.currency },
          description: payment.description,
          redirectUrl: payment.redirectUrl,
          webhookUrl: payment.webhookUrl,
          metadata: payment.metadata,
          locale: payment.language === 'nl' ? Locale.nl_NL : Locale.en_US,
        });
      } catch (error) {
        throw providerError(error, 'Creating the Mollie payment failed');
      }
      return toProviderPayment(created);
    },

    async get(id) {
      if (!providerPaymentIdPattern.test(id)) return undefined;
      let payment: MolliePayment;
      try {
        payment = await client.payments.get(id);
      } catch (error) {
        const status = (error as { statusCode?: unknown } | null)?.statusCode;
        if (typeof status === 'number' && notFoundStatuses.has(status)) return undefined;
        throw providerError(error, `Reading Mollie payment ${id} failed`);
      }
      return toProviderPayment(payment);
    },

    async refund(paymentId: string, refund: NewProviderRefund): Promise<ProviderRefund> {
      if (!providerPaymentIdPattern.test(paymentId))
        throw new PaymentProviderError(`Not a Mollie payment id: ${paymentId.slice(0, 64)}`);
      try {
        const made = await client.paymentRefunds.create({
          paymentId,
          amount: { value: refund.amount, currency: refund.currency },
          description: refund.description,
        });
        return {
          id: made.id,
          status: made.status,
          amount: Number(made.amount.value),
          createdAt: isoOf(made.createdAt) ?? new Date().toISOString(),
        };
      } catch (error) {
        throw providerError(error, `Refunding Mollie payment ${paymentId} failed`);
      }
    },
  };
}
