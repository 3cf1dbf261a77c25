import { formatPaymentAmount, isRefundable } from '@reviewroute/shared';
import { ApiError } from '../../lib/api-error';
import { logger } from '../../lib/logger';
import type { BillingRecord, BillingRepository } from '../../data/billing-repository';
import type { InvoiceRepository } from '../../data/invoice-repository';
import type { ErasureRefund } from '../../data/owner-data';
import { PaymentProviderError, type PaymentProvider } from './provider';

/** The provider is down or refused us: a 503, so the owner may try again (nothing was refunded or erased). */
export const refundUnavailable = () =>
  new ApiError('SERVICE_UNAVAILABLE', 'The refund could not be made now. Please try again later.', undefined, {
    'retry-after': '30',
  });

/**
 * Refunds the whole of a paid payment through the provider's refunds API (decisions 28); true once it is refunded.
 * A payment the provider already reports refunded (a double click, a repeated deletion whose first try refunded it)
 * is left as it is: Mollie refuses a second refund of more than remains, so nothing is ever refunded twice. One the
 * provider does not know (no money went through it) has nothing to refund: false. An outage throws a 503.
 */
export async function refundInFull(
  provider: PaymentProvider,
  payment: Pick<BillingRecord, 'id' | 'amount' | 'currency' | 'description'>,
): Promise<boolean> {
  try {
    const refund = await provider.refund(payment.id, {
      amount: formatPaymentAmount(payment.amount),
      currency: payment.currency,
      // The payment's own description, in the language the owner paid in.
      description: payment.description,
    });
    logger.info('Payment refunded', { paymentId: payment.id, refundId: refund.id, status: refund.status });
    return true;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    const current = await provider.get(payment.id).then(
      (found) => found ?? ('unknown' as const),
      () => undefined,
    );
    if (current === 'unknown') {
      logger.warn('No payment to refund at the provider', { paymentId: payment.id.slice(0, 64) });
      return false;
    }
    if (current?.reversal === 'refunded') return true;
    logger.error('Refunding a payment failed at the provider', { paymentId: payment.id, error: error.message });
    throw refundUnavailable();
  }
}

/**
 * What an account deletion settles first (decisions 28): every plan of the owner paid less than 14 days ago is
 * refunded in full (its year ends with the account), and its invoice's credit note issued (the erasure then keeps
 * both for the bookkeeper). Before anything is erased, so a provider that fails stops the deletion with nothing
 * lost (a repeated deletion finds the payment refunded and issues the credit note once); the erasure then deletes
 * the billing records themselves.
 */
export function refundsOnDeletion(deps: {
  billing: Pick<BillingRepository, 'listForUser'>;
  invoices: Pick<InvoiceRepository, 'issueCreditNote'>;
  /** Undefined when this environment has no payment provider (no key): then nothing can have been paid here. */
  provider: () => Promise<PaymentProvider | undefined>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return async (userId: string): Promise<ErasureRefund[]> => {
    const due = (await deps.billing.listForUser(userId)).filter((payment) => isRefundable(payment, now()));
    if (due.length === 0) return [];
    const provider = await deps.provider().catch((error: unknown) => {
      logger.error('The payment provider could not be made for a deletion’s refund', { error: String(error) });
      return undefined;
    });
    if (!provider) throw refundUnavailable();
    const refunded: ErasureRefund[] = [];
    for (const payment of due)
      if (await refundInFull(provider, payment)) {
        const credit = await deps.invoices.issueCreditNote(userId, payment.id, now().toISOString());
        if (credit.outcome === 'issued')
          logger.info('Credit note issued', { paymentId: payment.id, number: credit.creditNote.number });
        refunded.push({ amount: payment.amount, currency: payment.currency, plan: payment.plan });
      }
    return refunded;
  };
}
