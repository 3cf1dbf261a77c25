import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Mode } from 'react-hook-form';
import type { z } from 'zod';
import { draftValuesOf, surveyDraftStore, type SurveyDraftValues } from '@/lib/survey-draft';

/**
 * A wizard step's form: validated by the step's shared zod schema (the API validates with the same one),
 * started from the draft's values of the schema's fields, and writing every change back to the draft (spec 4:
 * saved to local storage on every change), so a reload keeps what was typed.
 */
export function useDraftForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input> & { shape: z.ZodRawShape },
  options: { mode?: Mode; reValidateMode?: Exclude<Mode, 'onTouched' | 'all'> } = {},
) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: draftValuesOf(surveyDraftStore.getSnapshot().draft, schema) as DefaultValues<Input>,
    mode: options.mode ?? 'onChange',
    ...(options.reValidateMode ? { reValidateMode: options.reValidateMode } : {}),
  });
  const { subscribe } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        // The form's fields are draft fields, kept as typed; the ones changed are the owner's unsaved edits.
        callback: ({ values }) => surveyDraftStore.edit(values as SurveyDraftValues),
      }),
    [subscribe],
  );
  return form;
}
