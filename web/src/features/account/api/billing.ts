import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { accountKeys, paymentKeys } from '@/lib/query-keys';

// The billing tab's and the invoice's reads. The account summary's key is also the header badge's, so
// refetching after a payment updates the badge too.

/** The plan state the server derives from the billing history (decisions 10). */
export const billingAccountQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.summary(), queryFn: ({ signal }) => call('get-account', { signal }) });

/** The billing history, newest first. */
export const paymentsQueryOptions = () =>
  queryOptions({ queryKey: paymentKeys.list(), queryFn: ({ signal }) => call('list-payments', { signal }) });

/** One payment (the invoice). */
export const paymentQueryOptions = (paymentId: string) =>
  queryOptions({
    queryKey: paymentKeys.detail(paymentId),
    queryFn: ({ signal }) => call('get-payment', { params: { paymentId }, signal }),
  });

/** The invoice of a paid payment (404 until it is paid). */
export const invoiceQueryOptions = (paymentId: string) =>
  queryOptions({
    queryKey: paymentKeys.invoice(paymentId),
    queryFn: ({ signal }) => call('get-invoice', { params: { paymentId }, signal }),
  });

export const useBillingAccount = () => useQuery(billingAccountQueryOptions());
export const usePayments = () => useQuery(paymentsQueryOptions());
export const usePayment = (paymentId: string) => useQuery(paymentQueryOptions(paymentId));
export const useInvoice = (paymentId: string, enabled: boolean) =>
  useQuery({ ...invoiceQueryOptions(paymentId), enabled, retry: false });
