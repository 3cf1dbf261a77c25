import { ArrowUpCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useLocalizedPath } from '@/lib/use-language';

/** The API's refusals to publish one more survey (decisions 22): over the plan's active surveys, or expired. */
export type PlanRefusal = 'SURVEY_LIMIT_REACHED' | 'PLAN_EXPIRED';

export function planRefusalOf(error: unknown): PlanRefusal | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.code === 'SURVEY_LIMIT_REACHED' || error.code === 'PLAN_EXPIRED' ? error.code : undefined;
}

/**
 * Where publishing was refused by the plan: what happened (the survey is saved), and the way on, to /payments
 * (upgrade, or renew). Brought into view when it appears, so the owner at the bottom of the form sees it.
 */
export function PlanLimitPrompt({ refusal }: { refusal: PlanRefusal }) {
  const { t } = useTranslation('wizard');
  const to = useLocalizedPath();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A block body: Chromium's scrollIntoView may answer a promise, and an effect may return only a clean-up.
    ref.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, [refusal]);
  const expired = refusal === 'PLAN_EXPIRED';
  return (
    <Alert ref={ref} className="border-amber-300 bg-amber-50 text-amber-950" data-testid="plan-limit-prompt">
      <ArrowUpCircle aria-hidden="true" />
      <AlertTitle className="line-clamp-none">
        {t(expired ? 'planLimit.expiredTitle' : 'planLimit.limitTitle')}
      </AlertTitle>
      <AlertDescription className="grid gap-3 text-amber-950">
        <p>{t(expired ? 'planLimit.expiredText' : 'planLimit.limitText')}</p>
        <Button asChild size="sm" className="justify-self-start">
          <Link to={to('/payments')}>{t('planLimit.seePlans')}</Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}
