import type { Payment } from '@reviewroute/shared';
import {
  createDynamoBillingRepository,
  type BillingRecord,
  type BillingRepository,
} from '../../data/billing-repository';
import { createDynamoInvoiceRepository, type InvoiceRepository } from '../../data/invoice-repository';
import { defineOwnerData } from '../../data/owner-data';
import { createDynamoRateLimiter, type RateWindowStore } from '../../data/rate-window';
import { paymentRateKey } from './service';

const toPayment = ({ userId: _userId, ...payment }: BillingRecord): Payment => payment;

/**
 * The owner's payments, their invoices and the payment attempts counted against them, in the erasure and the
 * export. The erasure keeps each invoice, without anything of the account, for 7 years (decisions 24).
 */
export const paymentsOwnerData = defineOwnerData<{
  billing: Pick<BillingRepository, 'listForUser' | 'deleteByOwner'>;
  invoices: Pick<InvoiceRepository, 'listByOwner' | 'keepAndDeleteByOwner'>;
  rateLimiter: Pick<RateWindowStore, 'deleteByKey'>;
}>({
  domain: 'payments',
  storesOf: (entities) => ({
    billing: createDynamoBillingRepository(entities),
    invoices: createDynamoInvoiceRepository(entities),
    rateLimiter: createDynamoRateLimiter(entities),
  }),
  create({ billing, invoices, rateLimiter }) {
    return {
      async eraseOwner(userId) {
        await billing.deleteByOwner(userId);
        await invoices.keepAndDeleteByOwner(userId);
        await rateLimiter.deleteByKey(paymentRateKey(userId));
      },
      async exportSummary(userId) {
        const [payments, invoiced] = await Promise.all([billing.listForUser(userId), invoices.listByOwner(userId)]);
        return { payments: payments.map(toPayment), invoices: invoiced };
      },
    };
  },
});
