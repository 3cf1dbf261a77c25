import { AlertTriangle, CalendarClock, CreditCard, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatLongDate } from '@/lib/money';
import { useLanguage, useLocalizedPath } from '@/lib/use-language';
import { cn } from '@/lib/utils';
import { useRouteQuery } from '@/lib/route-query';

/**
 * Days before the end of what was bought that the dashboard starts reminding: payments are one-off (decisions
 * 11, 22) and renew nothing by themselves, so without a reminder a plan simply stops.
 */
export const renewalReminderDays = 30;

/** Where a dismissed reminder is remembered: per end date, so an extension that later nears its end reminds again. */
const dismissedKey = 'reviewroute:renewal-reminder-dismissed';

function readDismissed(): string | null {
  try {
    return window.localStorage.getItem(dismissedKey);
  } catch {
    return null;
  }
}

/**
 * The dashboard's renewal banner (decisions 22). An expired plan (or an ended trial) gets a firm one: its surveys
 * keep collecting, but publishing another survey or sending review requests waits for a plan. A plan that ends
 * within `renewalReminderDays` gets a softer reminder the owner can dismiss (until the end date changes). Both
 * lead to /payments. Nothing while the summary loads or fails: the banner never stands in the way.
 */
export function RenewalBanner() {
  const { t } = useTranslation(['dashboard', 'billing']);
  const language = useLanguage();
  const to = useLocalizedPath();
  const account = useRouteQuery('get-account');
  const [dismissed, setDismissed] = useState(readDismissed);
  const plan = account.data?.plan;
  if (!plan) return null;
  const tier = 'tier' in plan ? t(`billing:tiers.${plan.tier}`) : '';

  if (plan.kind === 'expired' || plan.kind === 'trial-ended') {
    const expired = plan.kind === 'expired';
    return (
      <Alert role="status" className="max-w-3xl border-red-300 bg-red-50 text-red-900" data-testid="renewal-banner">
        <AlertTriangle aria-hidden="true" />
        <AlertTitle className="line-clamp-none">
          {expired ? t('renewal.expired.title', { tier }) : t('renewal.trialEnded.title')}
        </AlertTitle>
        <AlertDescription className="grid gap-3 text-red-900">
          <p>
            {expired
              ? t('renewal.expired.description', { date: formatLongDate(plan.endedAt, language) })
              : t('renewal.trialEnded.description')}
          </p>
          <Button asChild className="w-fit">
            <Link to={to('/payments')}>
              <CreditCard aria-hidden="true" />
              {expired ? t('renewal.expired.action') : t('renewal.trialEnded.action')}
            </Link>
          </Button>
        </AlertDescription>
      </Alert>
    );
  }

  if (plan.kind !== 'active' || plan.daysRemaining > renewalReminderDays || dismissed === plan.activeUntil) return null;
  const dismiss = () => {
    try {
      window.localStorage.setItem(dismissedKey, plan.activeUntil);
    } catch {
      // Storage refused (private mode): dismissed for this visit only.
    }
    setDismissed(plan.activeUntil);
  };
  return (
    <Alert role="status" className={cn('max-w-3xl pr-12')} data-testid="renewal-reminder">
      <CalendarClock aria-hidden="true" />
      <AlertTitle className="line-clamp-none">
        {t('renewal.soon.title', {
          tier,
          date: formatLongDate(plan.activeUntil, language),
          count: plan.daysRemaining,
        })}
      </AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>{t('renewal.soon.description')}</p>
        <Button asChild variant="outline" className="w-fit">
          <Link to={to('/payments')}>
            <CreditCard aria-hidden="true" />
            {t('renewal.soon.action')}
          </Link>
        </Button>
      </AlertDescription>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="absolute top-2 right-2 size-8"
        onClick={dismiss}
        aria-label={t('renewal.soon.dismiss')}
      >
        <X aria-hidden="true" />
      </Button>
    </Alert>
  );
}
