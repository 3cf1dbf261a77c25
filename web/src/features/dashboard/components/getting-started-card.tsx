import { CheckCircle2, Circle, PartyPopper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type Onboarding } from '@reviewroute/shared';
import { LoadingStatus } from '@/components/loading-status';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import { useUrlCopiedFlag } from '@/features/surveys/lib/survey-url-copied';
import { buildChecklist } from '../lib/checklist';

/** Spec 4 "Onboarding checklist": progress bar, four steps with their state, congratulations when done. */
export function GettingStartedCard({ onboarding }: { onboarding: Onboarding | undefined }) {
  const { t } = useTranslation('dashboard');
  const localUrlCopied = useUrlCopiedFlag();
  const checklist = onboarding && buildChecklist(onboarding, localUrlCopied);
  const progressText =
    checklist && t('gettingStarted.progressText', { done: checklist.doneCount, total: checklist.steps.length });
  return (
    <Card data-testid="getting-started">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{t('gettingStarted.title')}</h2>
        </CardTitle>
        <CardDescription>{t('gettingStarted.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!checklist ? (
          <LoadingStatus label={t('gettingStarted.loading')} shapes={['h-2 w-full', 'h-24 w-full']} />
        ) : (
          <>
            <div className="grid gap-1.5">
              <Progress
                value={checklist.percent}
                aria-label={t('gettingStarted.progress')}
                getValueLabel={() => progressText!}
              />
              <p className="text-muted-foreground text-xs" aria-hidden="true">
                {progressText}
              </p>
            </div>
            <ol className="grid gap-2">
              {checklist.steps.map((step, index) => (
                <li
                  key={step.id}
                  data-testid={`checklist-${step.id}`}
                  data-done={step.done}
                  className="flex items-start gap-3 text-sm"
                >
                  {step.done ? (
                    <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-600" />
                  ) : (
                    <Circle aria-hidden="true" className="text-muted-foreground mt-0.5 size-5 shrink-0" />
                  )}
                  <span className={cn(step.done && 'text-muted-foreground line-through')}>
                    <span className="sr-only">{step.done ? t('gettingStarted.done') : t('gettingStarted.todo')}: </span>
                    {index + 1}. {t(`gettingStarted.steps.${step.id}`)}
                  </span>
                </li>
              ))}
            </ol>
            <div aria-live="polite">
              {checklist.complete && (
                <p
                  className="flex items-center gap-2 rounded-md bg-green-50 p-3 text-sm font-medium text-green-800"
                  data-testid="onboarding-complete"
                >
                  <PartyPopper aria-hidden="true" className="size-5 shrink-0" />
                  {t('gettingStarted.congratulations')}
                </p>
              )}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
