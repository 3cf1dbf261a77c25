import { ArrowLeft, ArrowRight, Loader2 } from 'lucide-react';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useLocalizedPath } from '@/lib/use-language';
import { saveForLaterIntent } from '../hooks/use-wizard-step';

interface StepActionsProps {
  /** English address of the previous step; none on step 1. */
  backTo?: string;
  busy: boolean;
  submitLabel: ReactNode;
  busyLabel: ReactNode;
}

/**
 * The footer of steps 1-3: back, save for later and the saving submit button. Save for later submits the
 * form too (`intent=later`): the step's values are checked and saved before the owner goes to the dashboard
 * (spec 2). Next comes first in the document, so Enter in a field means Next (a form's default button is its
 * first submit button); the row shows it last.
 */
export function StepActions({ backTo, busy, submitLabel, busyLabel }: StepActionsProps) {
  const { t } = useTranslation('wizard');
  const to = useLocalizedPath();
  return (
    <div className="flex flex-col gap-2 sm:flex-row-reverse sm:items-center sm:justify-between">
      <Button type="submit" disabled={busy}>
        {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
        {busy ? busyLabel : submitLabel}
        {!busy && <ArrowRight aria-hidden="true" />}
      </Button>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        {backTo && (
          <Button asChild variant="ghost">
            <Link to={to(backTo)}>
              <ArrowLeft aria-hidden="true" />
              {t('actions.back')}
            </Link>
          </Button>
        )}
        <Button type="submit" name="intent" value={saveForLaterIntent} variant="outline" disabled={busy}>
          {t('actions.saveForLater')}
        </Button>
      </div>
    </div>
  );
}
