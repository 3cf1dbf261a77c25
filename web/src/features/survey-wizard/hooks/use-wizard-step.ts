import { type FieldValues, get, type Mode, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import type { z } from 'zod';
import type { Survey, SurveyUpdateInput } from '@reviewroute/shared';
import { ApiError } from '@/lib/api-client';
import { useLocalizedPath } from '@/lib/use-language';
import { neighboursOf, type WizardStepId } from '../steps';
import { useDraftForm } from './use-draft-form';
import { useSurveyMessage } from './use-survey-message';
import { useWizardSave } from './use-wizard-save';

interface WizardStepOptions<Output> {
  /**
   * What the step does with its valid values; the default saves them. May return a query string for the
   * next step's address.
   */
  complete?: (values: Output, save: (fields: SurveyUpdateInput) => Promise<Survey>) => Promise<string | void>;
  /** The success toast. */
  done: { title: string; description: string };
  /** The error toast's description. */
  failed: string;
  mode?: Mode;
  reValidateMode?: Exclude<Mode, 'onTouched' | 'all'>;
}

/**
 * One editing step of the wizard (spec 4): its form (see useDraftForm), its save and its place in the step
 * list. `submit` completes the step (by default: saves it), shows the success toast and opens the next step;
 * on failure the API's messages go on the form's fields, the error toast shows and the owner stays.
 * `errorOf` is a field's message in the page's language; `backPath` the previous step's English path.
 */
export function useWizardStep<Input extends FieldValues, Output>(
  id: WizardStepId,
  schema: z.ZodType<Output, Input> & { shape: z.ZodRawShape },
  { complete, done, failed, ...formOptions }: WizardStepOptions<Output>,
) {
  const { t } = useTranslation('wizard');
  const message = useSurveyMessage();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const { save } = useWizardSave();
  const form = useDraftForm(schema, formOptions);
  const { previous, next } = neighboursOf(id);

  const run = complete ?? (async (values: Output) => void (await save(values as SurveyUpdateInput)));
  const submit = form.handleSubmit(async (values) => {
    try {
      const query = (await run(values, save)) ?? '';
      toast.success(done.title, { description: done.description });
      if (next) void navigate(`${to(next.path)}${query}`);
    } catch (error) {
      showServerFieldErrors(error, form);
      toast.error(t('toasts.errorTitle'), { description: failed });
    }
  });

  const errorOf = (name: Path<Input>): string | undefined =>
    message((get(form.formState.errors, name) as { message?: string } | undefined)?.message);

  return { form, submit, errorOf, backPath: previous?.path };
}

/** Puts the API's per-field messages (VALIDATION_FAILED, keyed by field path) on the form's fields of that path. */
function showServerFieldErrors<T extends FieldValues>(error: unknown, form: UseFormReturn<T, unknown, unknown>): void {
  if (!(error instanceof ApiError) || !error.fields) return;
  for (const [field, message] of Object.entries(error.fields)) {
    const name = field as Path<T>;
    if (form.getValues(name) !== undefined) form.setError(name, { type: 'server', message });
  }
}
