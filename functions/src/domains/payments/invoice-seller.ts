import type { InvoiceSeller, LambdaEnv } from '@reviewroute/shared';

/**
 * The seller on new invoices, from the Lambda environment (CDK context in AWS, placeholders locally). An unset
 * field stays empty, and the invoice page says it is not configured rather than inventing one.
 */
export function invoiceSellerOf(
  env: Pick<LambdaEnv, 'INVOICE_SELLER_NAME' | 'INVOICE_SELLER_ADDRESS' | 'INVOICE_SELLER_KVK' | 'INVOICE_SELLER_VAT'>,
): InvoiceSeller {
  return {
    name: env.INVOICE_SELLER_NAME?.trim() ?? '',
    address: env.INVOICE_SELLER_ADDRESS?.trim() ?? '',
    kvkNumber: env.INVOICE_SELLER_KVK?.trim() ?? '',
    vatNumber: env.INVOICE_SELLER_VAT?.trim() ?? '',
  };
}
