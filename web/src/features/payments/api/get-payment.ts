import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { paymentKeys } from '@/lib/query-keys';

/** The payment's status as the API last learned it from the provider. */
export const paymentQueryOptions = (paymentId: string) =>
  queryOptions({
    queryKey: paymentKeys.detail(paymentId),
    queryFn: ({ signal }) => call('get-payment', { params: { paymentId }, signal }),
  });
