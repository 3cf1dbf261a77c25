import type { BaseSyntheticEvent } from 'react';
import { type FieldValues, get, type Mode, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import type { z } from 'zod';
import type { Survey } from '@reviewroute/shared';
import { ApiError } from '@/lib/api-client';
import { type SavedStepId, savedStepIds, surveyDraftStore } from '@/lib/survey-draft';
import { maxLengthOf } from '@/lib/max-length';
import { dashboardPathFor, wizardPathFor } from '@/lib/survey-selection';
import { useLocalizedPath } from '@/lib/use-language';
import { neighboursOf, type WizardStepId } from '../steps';
import { useDraftForm } from './use-draft-form';
import { useSurveyMessage } from './use-survey-message';
import { isSurveyChanged, type StepFields, useWizardSave } from './use-wizard-save';

interface WizardStepOptions<Output> {
  /**
   * What the step does with its valid values; the default saves them. May return a query string for the
   * next step's address (by default it names the saved survey).
   */
  complete?: (values: Output, save: (fields: StepFields) => Promise<Survey>) => Promise<string | void>;
  /** The success toast. */
  done: { title: string; description: string };
  /** The error toast's description (or, from the error, e.g. a refusal the page explains itself). */
  failed: string | ((error: unknown) => string);
  mode?: Mode;
  reValidateMode?: Exclude<Mode, 'onTouched' | 'all'>;
}

/**
 * One editing step of the wizard (spec 4): its form (see useDraftForm), its save and its place in the step
 * list. `submit` completes the step (by default: saves it), shows the success toast and opens the next step;
 * on failure the API's messages go on the form's fields, the error toast shows and the owner stays.
 * "Save for later" (the submit button with `name="intent" value="later"`) saves the valid values without
 * completing the step and goes to the dashboard; with invalid values it saves the fields that are valid (on a
 * saved survey; a new one keeps its draft in the browser) and goes too; on an empty new step it says so and stays.
 * `errorOf` is a field's message in the page's language; `backPath` the previous step's English path (with
 * the survey named, as every wizard address is).
 */
export function useWizardStep<Input extends FieldValues, Output>(
  id: WizardStepId,
  schema: z.ZodType<Output, Input> & { shape: z.ZodRawShape },
  { complete, done, failed, ...formOptions }: WizardStepOptions<Output>,
) {
  const { t } = useTranslation('wizard');
  const { t: tErrors } = useTranslation('errors');
  const message = useSurveyMessage();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const { save } = useWizardSave();
  const form = useDraftForm(schema, formOptions);
  const { previous, next } = neighboursOf(id);

  // A step is ticked once its values were saved, never on a visit alone; the survey records it too.
  const saveStep = async (fields: StepFields): Promise<Survey> => {
    const saved = await save(fields, isSavedStep(id) ? { completes: id } : {});
    if (isSavedStep(id)) {
      const { savedSteps } = surveyDraftStore.getSnapshot().draft;
      if (!savedSteps.includes(id)) surveyDraftStore.update({ savedSteps: [...savedSteps, id] });
    }
    return saved;
  };
  const run = complete ?? (async (values: Output) => void (await saveStep(values as StepFields)));
  // A survey saved elsewhere meanwhile: the step now shows the saved version, and the toast says why.
  const failure = (error: unknown) =>
    isSurveyChanged(error) ? tErrors('api.SURVEY_CHANGED') : typeof failed === 'function' ? failed(error) : failed;

  const submit = form.handleSubmit(
    async (values, event) => {
      const later = isSaveForLater(event);
      try {
        if (later) {
          const saved = await saveStep(values as StepFields);
          toast.success(t('toasts.savedTitle'), { description: t('toasts.savedForLater') });
          void navigate(to(dashboardPathFor(saved.id)));
          return;
        }
        const query = (await run(values, saveStep)) ?? '';
        toast.success(done.title, { description: done.description });
        if (next) {
          const target = query ? `${next.path}${query}` : wizardPathFor(next.path, surveyIdNow());
          void navigate(to(target));
        }
      } catch (error) {
        showServerFieldErrors(error, form);
        toast.error(t('toasts.errorTitle'), { description: failure(error) });
      }
    },
    async (_errors, event) => {
      // Next shows the messages on the fields and stays. Save for later keeps what was typed: the fields that
      // are valid go to the saved survey, the rest stay as typed in this browser's draft (every keystroke is
      // already there), and the owner goes to the dashboard.
      if (!isSaveForLater(event)) return;
      const { surveyId } = surveyDraftStore.getSnapshot().draft;
      const values = form.getValues() as Record<string, unknown>;
      if (!surveyId && !Object.keys(schema.shape).some((name) => isTyped(schema.shape[name], values[name]))) {
        toast.error(t('toasts.notSavedTitle'), { description: t('toasts.notSavedDescription') });
        return;
      }
      try {
        // A new survey needs a complete step 1 before the server keeps it; until then the draft is local.
        if (surveyId) await save(validFieldsOf(schema, values));
        toast.success(t('toasts.keptTitle'), {
          description: t(surveyId ? 'toasts.keptSaved' : 'toasts.keptOnDevice'),
        });
        void navigate(to(surveyId ? dashboardPathFor(surveyId) : '/dashboard'));
      } catch (error) {
        showServerFieldErrors(error, form);
        toast.error(t('toasts.errorTitle'), { description: failure(error) });
      }
    },
  );

  const errorOf = (name: Path<Input>): string | undefined =>
    message(
      (get(form.formState.errors, name) as { message?: string } | undefined)?.message,
      maxLengthOf(schema.shape[name] as z.ZodType | undefined),
    );

  return { form, submit, errorOf, backPath: previous ? wizardPathFor(previous.path, surveyIdNow()) : undefined };
}

const surveyIdNow = () => surveyDraftStore.getSnapshot().draft.surveyId;

/** Text the owner typed in a free-text field (a choice such as the language has a default, so it is not typed). */
const isTyped = (rule: unknown, value: unknown) =>
  maxLengthOf(rule as z.ZodType) !== undefined && typeof value === 'string' && value.trim() !== '';

/** The step's fields whose values pass their own rule: what Save for later can store of an invalid step. */
function validFieldsOf(schema: { shape: z.ZodRawShape }, values: Record<string, unknown>): StepFields {
  return Object.fromEntries(
    Object.entries(schema.shape).flatMap(([name, rule]) => {
      const parsed = (rule as z.ZodType).safeParse(values[name]);
      return parsed.success && values[name] !== undefined ? [[name, values[name]]] : [];
    }),
  ) as StepFields;
}

const isSavedStep = (id: WizardStepId): id is SavedStepId => (savedStepIds as readonly string[]).includes(id);

/** The value the "Save for later" submit button sends. */
export const saveForLaterIntent = 'later';

function isSaveForLater(event: BaseSyntheticEvent | undefined): boolean {
  const submitter = (event?.nativeEvent as SubmitEvent | undefined)?.submitter;
  return submitter instanceof HTMLButtonElement && submitter.value === saveForLaterIntent;
}

/** Puts the API's per-field messages (VALIDATION_FAILED, keyed by field path) on the form's fields of that path. */
function showServerFieldErrors<T extends FieldValues>(error: unknown, form: UseFormReturn<T, unknown, unknown>): void {
  if (!(error instanceof ApiError) || !error.fields) return;
  for (const [field, message] of Object.entries(error.fields)) {
    const name = field as Path<T>;
    if (form.getValues(name) !== undefined) form.setError(name, { type: 'server', message });
  }
}
