import { stepCount, type Step } from '../lib/form-rules';
import { useI18n, type MessageKey } from '../lib/i18n';

const stepLabels: Record<Step, MessageKey> = { 1: 'steps.rate', 2: 'steps.comment', 3: 'steps.send' };

/** Three markers and the text "Step n of 3: …"; the markers are decoration, the text is what is read. */
export function StepIndicator({ step, primary, onPrimary }: { step: Step; primary: string; onPrimary: string }) {
  const { t } = useI18n();
  return (
    <div className="grid justify-items-center gap-2" data-testid="step-indicator" data-step={step}>
      <ol className="flex items-center gap-2" aria-hidden="true">
        {([1, 2, 3] as const).map((n) => (
          <li key={n} className="flex items-center gap-2">
            {n > 1 && <span className="h-0.5 w-6 rounded bg-current opacity-40" />}
            <span
              className="flex size-7 items-center justify-center rounded-full border-2 text-sm font-semibold"
              style={n <= step ? { background: primary, borderColor: primary, color: onPrimary } : undefined}
            >
              {n}
            </span>
          </li>
        ))}
      </ol>
      <p className="text-sm">
        {t('steps.progress', { step, total: stepCount })}: {t(stepLabels[step])}
      </p>
    </div>
  );
}
