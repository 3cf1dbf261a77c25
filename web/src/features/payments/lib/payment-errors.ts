import { type Payment } from '@reviewroute/shared';
import { ApiError } from '@/lib/api-client';

export type PaymentErrorKey =
  | 'payments.errors.loginRequired'
  | 'payments.errors.createFailed'
  | 'payments.errors.invalidResponse'
  | 'payments.errors.generic';

/**
 * The message of a failed create call (spec 8 "Payments"): no session, the API's own error (by its code,
 * decisions 15), an answer without a payment id, a server failure without a message, anything else.
 */
export function paymentErrorMessage(
  error: unknown,
  t: (key: PaymentErrorKey) => string,
  apiMessage: (code: string) => string,
): string {
  if (!(error instanceof ApiError)) return t('payments.errors.generic');
  if (error.code === 'UNAUTHORIZED') return t('payments.errors.loginRequired');
  // The client's own schema check, or the API saying the provider's answer was unusable.
  if (error.code === 'INVALID_RESPONSE' || error.message === 'Invalid response from payment service') {
    return t('payments.errors.invalidResponse');
  }
  if (error.status >= 500 || error.code === 'NETWORK_ERROR') return t('payments.errors.createFailed');
  return apiMessage(error.code);
}

export type FailedPaymentKey = 'payments.errors.canceled' | 'payments.errors.expired' | 'payments.errors.declined';

/** Why a payment the provider reported as failed did not go through. */
export function failedPaymentKey(payment: Pick<Payment, 'providerStatus'>): FailedPaymentKey {
  if (payment.providerStatus === 'canceled') return 'payments.errors.canceled';
  if (payment.providerStatus === 'expired') return 'payments.errors.expired';
  return 'payments.errors.declined';
}
