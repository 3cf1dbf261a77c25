import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { pagePath } from '@reviewroute/shared/domain';
import { type SessionStatus } from '@/lib/auth-session';
import { useLocalizedPath } from '@/lib/use-language';
import { routeQueryOptions } from '@/lib/route-query';
import { forgetPayment, lastPayment } from './last-payment';
import { failedPaymentKey } from './payment-errors';

/** One toast for a payment's outcome: the billing tab's replaces this page's instead of stacking on it. */
export const paymentResultToastId = 'payment-result';

/** How often, and how many times, a payment the provider has not confirmed yet is asked about again. */
const pollMs = 2_000;
const maxPolls = 15;
/** Spec 9 "Timings": redirect after payment success. */
export const successRedirectMs = 2_000;

/** Where a successful payment takes the owner (spec 2 "Payments"). */
export const billingSuccessPath = pagePath('account', 'en', { query: { tab: 'billing', payment: 'success' } });

type Outcome = 'checking' | 'completed' | 'failed' | 'pending' | 'unknown' | null;

/**
 * The return from the provider's checkout (spec 2 "Payments"): `success=true` or `error=…` in the address,
 * both removed at once. The provider returns to the same address whatever happened, so when this tab knows
 * the payment it asks the API for the real outcome (again while the provider has not confirmed it): paid →
 * the success toast and, after 2 s, the billing tab; failed → 'Payment Failed' with the reason. Returns
 * whether that check is still running (the page shows it).
 */
export function usePaymentReturn(session: SessionStatus): boolean {
  const { t } = useTranslation('billing');
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  // The provider's return is a fresh page load: what it said is read once, before the address is cleaned.
  const [returned] = useState(() => {
    const success = params.get('success') === 'true';
    return { success, error: params.get('error'), paymentId: success ? lastPayment() : null };
  });

  useEffect(() => {
    if (!returned.success && returned.error === null) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('success');
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [returned, setParams]);

  // An error from the provider's return, or a success this tab cannot check: the spec's toasts as they are.
  useEffect(() => {
    if (returned.error !== null) {
      forgetPayment();
      // URLSearchParams has already decoded the text.
      toast.error(t('payments.toasts.failed'), { id: paymentResultToastId, description: returned.error });
      return;
    }
    if (!returned.success || session === 'loading') return;
    if (returned.paymentId === null || session === 'signedOut') {
      toast.success(t('payments.toasts.success'), {
        id: paymentResultToastId,
        description: t('payments.toasts.activated'),
      });
    }
  }, [returned, session, t]);

  const paymentId = returned.paymentId ?? '';
  const verify = returned.paymentId !== null && session === 'signedIn';
  const payment = useQuery({
    ...routeQueryOptions('get-payment', { params: { paymentId } }),
    enabled: verify,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount < maxPolls ? pollMs : false,
  });
  const polls =
    queryClient.getQueryState(routeQueryOptions('get-payment', { params: { paymentId } }).queryKey)?.dataUpdateCount ??
    0;

  let outcome: Outcome = null;
  if (verify) {
    if (payment.isError) outcome = 'unknown';
    else if (!payment.data) outcome = 'checking';
    else if (payment.data.status === 'completed') outcome = 'completed';
    else if (payment.data.status === 'failed') outcome = 'failed';
    else outcome = polls >= maxPolls && !payment.isFetching ? 'pending' : 'checking';
  }
  const providerStatus = payment.data?.providerStatus;

  useEffect(() => {
    switch (outcome) {
      case 'completed': {
        forgetPayment();
        toast.success(t('payments.toasts.success'), {
          id: paymentResultToastId,
          description: t('payments.toasts.processed', { id: paymentId }),
        });
        const timer = setTimeout(() => void navigate(to(billingSuccessPath)), successRedirectMs);
        return () => clearTimeout(timer);
      }
      case 'failed':
        forgetPayment();
        toast.error(t('payments.toasts.failed'), {
          id: paymentResultToastId,
          description: t(failedPaymentKey({ providerStatus: providerStatus ?? 'failed' })),
        });
        return;
      case 'pending':
        toast.info(t('payments.toasts.pending'), {
          id: paymentResultToastId,
          description: t('payments.toasts.pendingDescription'),
        });
        return;
      case 'unknown':
        // The check itself failed; the provider did send the owner back with success, so say what the spec says.
        toast.success(t('payments.toasts.success'), {
          id: paymentResultToastId,
          description: t('payments.toasts.activated'),
        });
        return;
      default:
        return;
    }
  }, [outcome, paymentId, providerStatus, navigate, to, t]);

  return outcome === 'checking' || (returned.paymentId !== null && session === 'loading');
}
