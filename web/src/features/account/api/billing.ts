import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountSummarySchema, pathOf, paymentListSchema, paymentSchema } from '@reviewroute/shared';
import { apiFetch } from '@/lib/api-client';

// The billing tab's and the invoice's reads. Keys match the rest of the app's (['account'] is also the
// header badge's), so refetching after a payment updates the badge too.

/** GET /api/account: the plan state the server derives from the billing history (decisions 10). */
export const billingAccountQueryOptions = () =>
  queryOptions({
    queryKey: ['account'],
    queryFn: ({ signal }) => apiFetch(pathOf('get-account'), { schema: accountSummarySchema, signal }),
  });

/** GET /api/payments: the billing history, newest first. */
export const paymentsQueryOptions = () =>
  queryOptions({
    queryKey: ['payments', 'list'],
    queryFn: ({ signal }) => apiFetch(pathOf('list-payments'), { schema: paymentListSchema, signal }),
  });

/** GET /api/payments/{id}: one payment (the invoice). */
export const paymentQueryOptions = (paymentId: string) =>
  queryOptions({
    queryKey: ['payments', paymentId],
    queryFn: ({ signal }) => apiFetch(pathOf('get-payment', { paymentId }), { schema: paymentSchema, signal }),
  });

export const useBillingAccount = () => useQuery(billingAccountQueryOptions());
export const usePayments = () => useQuery(paymentsQueryOptions());
export const usePayment = (paymentId: string) => useQuery(paymentQueryOptions(paymentId));
