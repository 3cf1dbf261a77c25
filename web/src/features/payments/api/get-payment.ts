import { queryOptions } from '@tanstack/react-query';
import { pathOf, paymentSchema } from '@reviewroute/shared';
import { apiFetch } from '@/lib/api-client';

/** GET /api/payments/{id}: the payment's status as the API last learned it from the provider. */
export const getPayment = (paymentId: string, signal?: AbortSignal) =>
  apiFetch(pathOf('get-payment', { paymentId }), { schema: paymentSchema, signal });

export const paymentQueryOptions = (paymentId: string) =>
  queryOptions({ queryKey: ['payments', paymentId], queryFn: ({ signal }) => getPayment(paymentId, signal) });
