import { useMutation } from '@tanstack/react-query';
import { type CreatePaymentInput } from '@reviewroute/shared';
import { call } from '@/lib/api-client';

/** A plan (the API charges its amount) or a manual amount; answers the checkout URL. */
export const createPayment = (input: CreatePaymentInput) => call('create-payment', { body: input });

export const useCreatePayment = () => useMutation({ mutationFn: createPayment });
