import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Progress } from '@/components/ui/progress';
import { useLocalizedPath } from '@/lib/use-language';
import { cn } from '@/lib/utils';
import { type WizardStep, wizardSteps } from '../steps';

/** Four clickable step links (aria-current on the active one) and the 25 / 50 / 75 / 100 % progress bar. */
export function StepIndicator({ current }: { current: WizardStep }) {
  const { t } = useTranslation('wizard');
  const to = useLocalizedPath();
  const currentIndex = wizardSteps.indexOf(current);
  const progressText = t('steps.progress', { step: currentIndex + 1, total: wizardSteps.length });
  return (
    <div className="grid gap-3">
      <nav aria-label={t('steps.label')}>
        <ol className="grid grid-cols-4 gap-2">
          {wizardSteps.map((step, index) => {
            const active = index === currentIndex;
            const done = index < currentIndex;
            return (
              <li key={step.id} className="min-w-0">
                <Link
                  to={to(step.path)}
                  aria-current={active ? 'step' : undefined}
                  className={cn(
                    'hover:bg-accent focus-visible:ring-ring/50 flex flex-col items-center gap-1 rounded-md p-2 text-center text-xs outline-none focus-visible:ring-[3px] sm:flex-row sm:text-left sm:text-sm',
                    active ? 'text-foreground font-semibold' : 'text-muted-foreground',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                      active && 'bg-primary text-primary-foreground border-primary',
                      done && 'border-primary text-primary',
                    )}
                  >
                    {done ? <Check className="size-4" /> : index + 1}
                  </span>
                  {/* Phones show the numbers only; the current step's name is in the progress line below. */}
                  <span className="sr-only min-w-0 break-words sm:not-sr-only">
                    {t(step.title)}
                    {done && <span className="sr-only"> ({t('steps.completed')})</span>}
                  </span>
                </Link>
              </li>
            );
          })}
        </ol>
      </nav>
      <div className="flex items-center gap-3">
        <Progress
          value={current.progress}
          aria-label={t('steps.progressLabel')}
          aria-valuetext={`${progressText} (${current.progress}%)`}
          className="flex-1"
          data-testid="wizard-progress"
        />
        <span className="text-muted-foreground shrink-0 text-sm tabular-nums" aria-hidden="true">
          {current.progress}%
        </span>
      </div>
      <p className="text-muted-foreground text-sm">
        {progressText}
        <span className="sm:hidden">: {t(current.title)}</span>
      </p>
    </div>
  );
}
