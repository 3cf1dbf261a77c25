import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CircleCheck, Clock, CreditCard, FileText, Undo2 } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import {
  type AccountSummary,
  formatMoney,
  type Language,
  pagePath,
  type Payment,
  paymentMethodName,
} from '@reviewroute/shared';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatLongDate } from '@/lib/money';
import { useLanguage, useLocalizedPath } from '@/lib/use-language';
import { cn } from '@/lib/utils';
import { routeQueryKey, routeQueryOptions, useRouteQuery } from '@/lib/route-query';
import { usePaymentItem } from '../lib/payment-item';
import { PaymentStatus } from './payment-status';
import { RefundOffer, refundablePlanOf } from './refund-offer';

type Plan = AccountSummary['plan'];

/** One toast for a payment's outcome, shared with the payments page (the same id replaces, not stacks). */
const paymentResultToastId = 'payment-result';

/** The invoice of a payment (inside the owner app; printable). */
export const invoicePath = (paymentId: string) => pagePath('invoice', 'en', { params: { paymentId } });

/**
 * The payments page's hand-over after a paid checkout (spec 2 "Payments"): `payment=success` → the success
 * toast (replacing the payments page's) and fresh billing data; the parameter then leaves the address and
 * tab=billing stays. The account page itself handles the provider's own `success` / `error` parameters.
 */
function usePaymentSuccessToast() {
  const { t } = useTranslation('billing');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const success = params.get('payment') === 'success';
  useEffect(() => {
    if (!success) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('payment');
        return next;
      },
      { replace: true },
    );
    toast.success(t('payments.toasts.success'), {
      id: paymentResultToastId,
      description: t('payments.toasts.activated'),
    });
    void queryClient.invalidateQueries({ queryKey: routeQueryKey('get-account') });
    void queryClient.invalidateQueries({ queryKey: routeQueryKey('list-payments') });
  }, [success, setParams, t, queryClient]);
}

const stateIcons = { trial: Clock, 'trial-ended': AlertTriangle, active: CircleCheck, expired: AlertTriangle } as const;
const stateTones: Record<Plan['kind'], string> = {
  trial: 'border-amber-300 bg-amber-50 text-amber-900',
  'trial-ended': 'border-red-300 bg-red-50 text-red-800',
  active: 'border-green-300 bg-green-50 text-green-800',
  expired: 'border-red-300 bg-red-50 text-red-800',
};

function SubscriptionCard({ plan, refundable }: { plan: Plan; refundable: Payment | undefined }) {
  const { t } = useTranslation('billing');
  const language = useLanguage();
  const to = useLocalizedPath();
  const Icon = stateIcons[plan.kind];
  const tier = 'tier' in plan ? t(`tiers.${plan.tier}`) : null;
  const days =
    plan.kind === 'trial'
      ? t('billingTab.status.daysRemaining', { count: plan.daysRemaining })
      : plan.kind === 'active'
        ? t('billingTab.status.daysRemaining', { count: plan.daysRemaining })
        : null;
  const cta =
    plan.kind === 'active'
      ? t('billingTab.status.viewPlans')
      : plan.kind === 'expired'
        ? t('billingTab.status.renew')
        : t('billingTab.status.choosePlan');
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{t('billingTab.status.title')}</h2>
        </CardTitle>
        <CardDescription>{t('billingTab.status.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="flex flex-wrap items-center gap-3">
          <Badge
            variant="outline"
            className={cn('gap-1.5 px-2.5 py-1 text-sm', stateTones[plan.kind])}
            data-testid="billing-state"
          >
            <Icon aria-hidden="true" className="size-4" />
            {t(`billingTab.status.${plan.kind}`)}
          </Badge>
          {days && (
            <p className="text-lg font-semibold" data-testid="billing-days">
              {days}
            </p>
          )}
        </div>
        {plan.kind === 'trial-ended' && (
          <p className="text-muted-foreground text-sm">{t('billingTab.status.trialEndedText')}</p>
        )}
        {plan.kind === 'expired' && (
          <p className="text-muted-foreground text-sm">{t('billingTab.status.expiredText')}</p>
        )}
        <dl className="grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">{t('billingTab.status.plan')}</dt>
            <dd className="font-medium" data-testid="billing-tier">
              {tier ?? t('billingTab.status.trialPlan')}
            </dd>
          </div>
          {/* One-off payments renew nothing by themselves (decisions 22): the end of what was bought, never "Renews on". */}
          {(plan.kind === 'active' || plan.kind === 'expired') && (
            <div>
              <dt className="text-muted-foreground">
                {plan.kind === 'active' ? t('billingTab.status.activeUntil') : t('billingTab.status.endedOn')}
              </dt>
              <dd className="font-medium" data-testid="billing-until">
                {formatLongDate(plan.kind === 'active' ? plan.activeUntil : plan.endedAt, language)}
              </dd>
            </div>
          )}
        </dl>
        {refundable && <RefundOffer payment={refundable} />}
        <Button asChild variant={plan.kind === 'active' ? 'outline' : 'default'} className="justify-self-start">
          <Link to={to('/payments')}>
            <CreditCard aria-hidden="true" />
            {cta}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** A card by its label, any other method by its brand name (shared with the receipt mail), never Mollie's id. */
function methodLabel(payment: Payment, language: Language, t: (key: string) => string): string {
  if (payment.cardLabel) return payment.cardLabel;
  if (!payment.method) return t('billingTab.history.unknownMethod');
  return paymentMethodName(payment.method, language);
}

/** A refunded payment's credit note (its number is the series' next after the refund), once it is issued. */
function CreditNoteLink({ payment, description, date }: { payment: Payment; description: string; date: string }) {
  const { t } = useTranslation('billing');
  const to = useLocalizedPath();
  const creditNote = useQuery({
    ...routeQueryOptions('get-credit-note', { params: { paymentId: payment.id } }),
    retry: false,
  });
  if (!creditNote.data) return null;
  const { number } = creditNote.data;
  return (
    <Link
      to={`${to(invoicePath(payment.id))}?document=credit-note`}
      className="text-primary inline-flex items-center gap-1 text-sm font-medium underline-offset-4 hover:underline"
      aria-label={t('billingTab.history.viewCreditNoteFor', { number, description, date })}
      data-testid="credit-note-link"
    >
      <FileText aria-hidden="true" className="size-4" />
      {t('billingTab.history.viewCreditNote', { number })}
    </Link>
  );
}

/** One payment: what, when, how much, its status, how it was paid and its invoice. */
function PaymentRow({ payment }: { payment: Payment }) {
  const { t } = useTranslation(['billing', 'common']);
  const language = useLanguage();
  const to = useLocalizedPath();
  const date = formatLongDate(payment.paidAt ?? payment.createdAt, language);
  const description = usePaymentItem()(payment);
  return (
    <li
      className="grid gap-2 py-4 first:pt-0 last:pb-0 sm:grid-cols-[1fr_auto] sm:items-center sm:gap-6"
      data-payment-id={payment.id}
    >
      <div className="min-w-0">
        <p className="truncate font-medium">{description}</p>
        <p className="text-muted-foreground text-sm">
          {date} · {methodLabel(payment, language, t as never)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-1 sm:justify-end">
        <span className="grid text-right leading-tight">
          <span className="font-semibold tabular-nums">{formatMoney(payment.amount, payment.currency, language)}</span>
          <span className="text-muted-foreground text-xs">{t('common:price.inclVat')}</span>
        </span>
        <PaymentStatus status={payment.status} />
        {/* Still paid at Mollie, but the money went back: the plan year it bought has ended (decisions 22). */}
        {payment.reversal && (
          <Badge
            variant="outline"
            className="border-red-300 bg-red-50 text-red-800"
            data-testid="payment-reversal"
            data-reversal={payment.reversal}
          >
            <Undo2 aria-hidden="true" className="size-3.5" />
            {t(`billingTab.history.reversals.${payment.reversal}`)}
          </Badge>
        )}
        {payment.status === 'completed' ? (
          <Link
            to={to(invoicePath(payment.id))}
            className="text-primary inline-flex items-center gap-1 text-sm font-medium underline-offset-4 hover:underline"
            aria-label={t('billingTab.history.viewInvoiceFor', { description, date })}
          >
            <FileText aria-hidden="true" className="size-4" />
            {t('billingTab.history.viewInvoice')}
          </Link>
        ) : (
          <span className="text-muted-foreground text-sm">{t('billingTab.history.noInvoice')}</span>
        )}
        {payment.reversal === 'refunded' && payment.status === 'completed' && (
          <CreditNoteLink payment={payment} description={description} date={date} />
        )}
      </div>
    </li>
  );
}

/** The account page's billing tab (spec 2 "Account", 3, 4): plan state, recent payment, history. */
export function BillingTab() {
  const { t } = useTranslation('billing');
  usePaymentSuccessToast();
  const account = useRouteQuery('get-account');
  const payments = useRouteQuery('list-payments');

  if (account.isError || payments.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
          {t('billingTab.loadFailed')}
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              void account.refetch();
              void payments.refetch();
            }}
          >
            {t('billingTab.retry')}
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (!account.data || !payments.data) {
    return (
      <div className="grid gap-6" aria-busy="true">
        <Skeleton className="h-56 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  const history = payments.data.payments;
  const recent = history[0];
  return (
    <div className="grid gap-6">
      <SubscriptionCard plan={account.data.plan} refundable={refundablePlanOf(history)} />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-lg">{t('billingTab.recent.title')}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {recent ? (
            <ul aria-label={t('billingTab.recent.title')}>
              <PaymentRow payment={recent} />
            </ul>
          ) : (
            <p className="text-muted-foreground text-sm">{t('billingTab.recent.none')}</p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-lg">{t('billingTab.history.title')}</h2>
          </CardTitle>
          <CardDescription>{t('billingTab.history.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          {history.length > 0 ? (
            <ul aria-label={t('billingTab.history.title')} className="divide-y" data-testid="billing-history">
              {history.map((payment) => (
                <PaymentRow key={payment.id} payment={payment} />
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground text-sm">{t('billingTab.history.empty')}</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
