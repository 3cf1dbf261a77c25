import { Loader2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type PlanId, type PurchaseBuyer } from '@reviewroute/shared';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useLanguage } from '@/lib/use-language';
import { useCreatePayment } from '../api/create-payment';
import { leaveForCheckout, rememberPayment } from '../lib/last-payment';
import { paymentErrorMessage } from '../lib/payment-errors';

/**
 * The payment form's auto mode (spec 2 "Payment form", 4): it creates the plan's payment as soon as it
 * shows (once the business details were confirmed, which the API saves to the profile for the invoice) and
 * sends the browser to the provider's checkout. The browser names only the plan; the API charges the plan's
 * amount. If the card is cancelled first, the answer is ignored (mutate's callbacks do
 * not run after unmount) and the unused checkout simply expires at the provider.
 */
export function PlanPayment({ plan, buyer }: { plan: PlanId; buyer: PurchaseBuyer }) {
  const { t } = useTranslation(['billing', 'errors']);
  const language = useLanguage();
  const create = useCreatePayment();
  const [failed, setFailed] = useState(false);
  const { mutate } = create;

  const start = useCallback(() => {
    setFailed(false);
    mutate(
      // The language picks the checkout's language and the page the provider returns to.
      { kind: 'plan', plan, language, buyer },
      {
        onSuccess: ({ paymentId, checkoutUrl }) => {
          rememberPayment(paymentId);
          leaveForCheckout(checkoutUrl);
        },
        onError: (error) => {
          setFailed(true);
          toast.error(t('payments.toasts.failed'), {
            description: paymentErrorMessage(error, t, (code) => t(`errors:api.${code}` as never)),
          });
        },
      },
    );
  }, [mutate, plan, language, buyer, t]);

  // Once per card: StrictMode's second effect run keeps the ref, so one payment is created, not two.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start();
  }, [start]);

  if (failed) {
    return (
      <div className="grid gap-3">
        <Alert variant="destructive">
          <AlertDescription>{t('payments.form.autoFailed')}</AlertDescription>
        </Alert>
        <Button type="button" onClick={start} className="justify-self-start">
          {t('payments.form.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div role="status" className="flex flex-col items-center gap-2 py-6 text-center">
      <Loader2 aria-hidden="true" className="text-primary size-8 animate-spin" />
      <p className="font-medium">{t('payments.form.processing')}</p>
      <p className="text-muted-foreground text-sm">{t('payments.form.redirecting')}</p>
    </div>
  );
}
