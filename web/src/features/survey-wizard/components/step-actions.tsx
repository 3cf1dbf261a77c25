import { ArrowLeft, ArrowRight, Loader2 } from 'lucide-react';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useLocalizedPath } from '@/lib/use-language';

interface StepActionsProps {
  /** English path of the previous step; none on step 1. */
  backTo?: string;
  busy: boolean;
  submitLabel: ReactNode;
  busyLabel: ReactNode;
}

/** The footer of steps 1-3: back, save for later (to the dashboard, spec 2) and the saving submit button. */
export function StepActions({ backTo, busy, submitLabel, busyLabel }: StepActionsProps) {
  const { t } = useTranslation('wizard');
  const to = useLocalizedPath();
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        {backTo && (
          <Button asChild variant="ghost">
            <Link to={to(backTo)}>
              <ArrowLeft aria-hidden="true" />
              {t('actions.back')}
            </Link>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to={to('/dashboard')}>{t('actions.saveForLater')}</Link>
        </Button>
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
        {busy ? busyLabel : submitLabel}
        {!busy && <ArrowRight aria-hidden="true" />}
      </Button>
    </div>
  );
}
