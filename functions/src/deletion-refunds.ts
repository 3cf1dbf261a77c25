import type { LambdaEnv } from '@reviewroute/shared';
import { tableEntities } from './data/client';
import { createDynamoBillingRepository } from './data/billing-repository';
import { createDynamoInvoiceRepository } from './data/invoice-repository';
import type { ErasureRefund } from './data/owner-data';
import { mollieProviderOf } from './domains/payments/mollie-settings';
import { refundsOnDeletion } from './domains/payments/refunds';

/**
 * The refunds an account deletion makes first (decisions 28: a plan paid less than 14 days ago, in full, through
 * Mollie), for the account Lambda's delete request. Beside the owner-data registry rather than in it, so only the
 * account Lambda carries the payment client: the erasure worker, which finishes what the request started, never
 * refunds.
 */
export const deletionRefundsOf = (env: LambdaEnv): ((userId: string) => Promise<ErasureRefund[]>) =>
  refundsOnDeletion({
    billing: createDynamoBillingRepository(tableEntities(env)),
    invoices: createDynamoInvoiceRepository(tableEntities(env)),
    provider: mollieProviderOf(env),
  });
