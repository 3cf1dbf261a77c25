import { useMutation } from '@tanstack/react-query';
import { type CreatePaymentInput, createPaymentResponseSchema, pathOf } from '@reviewroute/shared';
import { apiFetch } from '@/lib/api-client';

/** POST /api/payments: a plan (the API charges its amount) or a manual amount; answers the checkout URL. */
export const createPayment = (input: CreatePaymentInput) =>
  apiFetch(pathOf('create-payment'), { method: 'POST', body: input, schema: createPaymentResponseSchema });

export const useCreatePayment = () => useMutation({ mutationFn: createPayment });
