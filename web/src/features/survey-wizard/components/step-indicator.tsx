import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Progress } from '@/components/ui/progress';
import { wizardPathFor } from '@/lib/survey-selection';
import { useLocalizedPath } from '@/lib/use-language';
import { cn } from '@/lib/utils';
import { type WizardStep, wizardSteps } from '../steps';

interface StepIndicatorProps {
  current: WizardStep;
  /** The survey in the wizard (null: a new one); the links stay on it. */
  surveyId: string | null;
  /** Steps really done (saved, or published): only these get a tick. */
  done: ReadonlySet<WizardStep['id']>;
  /** Steps that can be opened now; the others are shown without a link (they need an earlier step first). */
  open: ReadonlySet<WizardStep['id']>;
}

/**
 * The step links (aria-current on the active one) and the 25 / 50 / 75 / 100 % progress bar. A tick means
 * the step was saved, never just that it comes before the current one.
 */
export function StepIndicator({ current, surveyId, done: doneSteps, open }: StepIndicatorProps) {
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
            const done = doneSteps.has(step.id);
            const className = cn(
              'flex flex-col items-center gap-1 rounded-md p-2 text-center text-xs sm:flex-row sm:text-left sm:text-sm',
              active ? 'text-foreground font-semibold' : 'text-muted-foreground',
            );
            const content = (
              <>
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                    active && 'bg-primary text-primary-foreground border-primary',
                    done && !active && 'border-primary text-primary',
                  )}
                >
                  {done ? <Check className="size-4" /> : index + 1}
                </span>
                {/* Phones show the numbers only; the current step's name is in the progress line below. */}
                <span className="sr-only min-w-0 break-words sm:not-sr-only">
                  {t(step.title)}
                  {done && <span className="sr-only"> ({t('steps.completed')})</span>}
                  {!active && !open.has(step.id) && <span className="sr-only"> ({t('steps.locked')})</span>}
                </span>
              </>
            );
            return (
              <li key={step.id} className="min-w-0" data-testid="wizard-step" data-done={done}>
                {active || open.has(step.id) ? (
                  <Link
                    to={to(wizardPathFor(step.path, surveyId))}
                    aria-current={active ? 'step' : undefined}
                    className={cn(
                      className,
                      'hover:bg-accent focus-visible:ring-ring/50 outline-none focus-visible:ring-[3px]',
                    )}
                  >
                    {content}
                  </Link>
                ) : (
                  <span className={className}>{content}</span>
                )}
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
