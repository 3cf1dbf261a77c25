import { ChevronDown, Loader2, LockKeyhole } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { type PlanId, planIds } from '@reviewroute/shared';
import { BackLink } from '@/components/back-link';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { signInPath } from '@/lib/auth-paths';
import { useSession } from '@/lib/auth-session';
import { formatLongDate } from '@/lib/money';
import { useLanguage, useLocalizedPath } from '@/lib/use-language';
import { usePlanState } from '../api/get-plan-state';
import { CheckoutCard } from '../components/checkout-card';
import { ManualPaymentForm } from '../components/manual-payment-form';
import { PlanCard, type SelectionPhase } from '../components/plan-card';
import { planOfferOf } from '../lib/plan-offer';
import { usePaymentReturn } from '../lib/use-payment-return';

/** The plan the page highlights (spec 2: Growth, 'Most Popular'). */
const popularPlan: PlanId = 'growth';
/** Spec 9 "Timings": plan scroll. */
export const selectDelayMs = 300;

interface Selection {
  plan: PlanId;
  phase: SelectionPhase;
}

/**
 * /payments (spec 2 "Payments"): the three annual plans; choosing one ('Selecting...' → 'Selected ✓')
 * opens 'Complete Your Purchase', whose payment form sends the browser to the provider's checkout. The
 * provider's return lands here again. A custom amount (the form's manual mode) sits behind a disclosure.
 */
export function PaymentsPage() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('payments.title'));
  const to = useLocalizedPath();
  const navigate = useNavigate();
  const { status } = useSession();
  const signedOut = status === 'signedOut';
  const language = useLanguage();
  // The plan the owner has (decisions 22): its card is marked and offers to extend, not to buy it again.
  const { data: planState } = usePlanState(status === 'signedIn');
  const activePlan = planState?.kind === 'active' ? planState : undefined;
  const [selection, setSelection] = useState<Selection | null>(null);
  const checkoutHeading = useRef<HTMLHeadingElement>(null);

  const clearSelection = useCallback(() => setSelection(null), []);
  const checking = usePaymentReturn(status);

  const buy = (plan: PlanId) => {
    if (signedOut) {
      toast.error(t('payments.toasts.authRequired'), { description: t('payments.toasts.authRequiredDescription') });
      void navigate(to(signInPath));
      return;
    }
    setSelection({ plan, phase: 'selecting' });
  };

  // Selecting → selected after a moment, then the purchase card comes into view (spec 4 "Plan selection").
  const phase = selection?.phase;
  useEffect(() => {
    if (phase !== 'selecting') return;
    const timer = setTimeout(
      () => setSelection((current) => (current ? { ...current, phase: 'selected' } : current)),
      selectDelayMs,
    );
    return () => clearTimeout(timer);
  }, [phase]);
  useEffect(() => {
    if (phase !== 'selected') return;
    const heading = checkoutHeading.current;
    heading?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    heading?.focus({ preventScroll: true });
  }, [phase]);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-10 sm:py-14">
      <div className="flex flex-col gap-6">
        <BackLink to={to('/dashboard')} label={t('payments.backToDashboard')} className="self-start" />
        <div className="max-w-2xl">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('payments.title')}</h1>
          <p className="text-muted-foreground mt-3 text-lg">{t('payments.subtitle')}</p>
        </div>
        {signedOut && (
          <Alert className="border-amber-300 bg-amber-50 text-amber-950 sm:flex sm:items-center sm:justify-between">
            <LockKeyhole aria-hidden="true" />
            <div className="sm:flex sm:flex-1 sm:items-center sm:justify-between sm:gap-4">
              <div>
                <AlertTitle>{t('payments.authRequired.title')}</AlertTitle>
                <AlertDescription className="text-amber-950">{t('payments.authRequired.description')}</AlertDescription>
              </div>
              <Button asChild size="sm" className="mt-3 sm:mt-0">
                <Link to={to(signInPath)}>{t('payments.authRequired.login')}</Link>
              </Button>
            </div>
          </Alert>
        )}
        {activePlan && (
          <p className="bg-muted/50 max-w-2xl rounded-lg border p-4 text-sm" data-testid="plan-current-note">
            {t('payments.offers.note', {
              plan: t(`tiers.${activePlan.tier}`),
              date: formatLongDate(activePlan.activeUntil, language),
            })}
          </p>
        )}
        {checking && (
          <div role="status" className="bg-muted/50 flex items-start gap-3 rounded-lg border p-4">
            <Loader2 aria-hidden="true" className="text-primary mt-0.5 size-5 shrink-0 animate-spin" />
            <div>
              <p className="font-medium">{t('payments.verifying.title')}</p>
              <p className="text-muted-foreground text-sm">{t('payments.verifying.description')}</p>
            </div>
          </div>
        )}
      </div>

      <ul aria-label={t('payments.plansLabel')} className="grid items-stretch gap-8 pt-2 lg:grid-cols-3 lg:gap-6">
        {planIds.map((plan) => (
          <PlanCard
            key={plan}
            plan={plan}
            popular={plan === popularPlan}
            phase={selection?.plan === plan ? selection.phase : null}
            busy={status === 'loading' || selection !== null || checking}
            signedOut={signedOut}
            onBuy={buy}
            offer={planOfferOf(plan, planState)}
            activeUntil={activePlan?.activeUntil}
          />
        ))}
      </ul>

      {selection?.phase === 'selected' && (
        <CheckoutCard plan={selection.plan} onCancel={clearSelection} headingRef={checkoutHeading} />
      )}

      {status === 'signedIn' && (
        <Collapsible className="rounded-xl border">
          <CollapsibleTrigger asChild>
            <Button type="button" variant="ghost" className="group w-full justify-between px-4 py-6 text-base">
              {t('payments.custom.toggle')}
              <ChevronDown aria-hidden="true" className="transition-transform group-data-[state=open]:rotate-180" />
            </Button>
          </CollapsibleTrigger>
          <CollapsibleContent className="grid gap-4 border-t px-4 py-5">
            <p className="text-muted-foreground text-sm">{t('payments.custom.description')}</p>
            <ManualPaymentForm />
          </CollapsibleContent>
        </Collapsible>
      )}
    </div>
  );
}
