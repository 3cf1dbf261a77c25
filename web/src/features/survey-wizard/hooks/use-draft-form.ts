import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Mode } from 'react-hook-form';
import type { z } from 'zod';
import { surveyDraftStore, type SurveyDraft } from '@/lib/survey-draft';

/**
 * A wizard step's form: validated by the step's shared zod schema (the API validates with the same one),
 * started from the local draft, and writing every change back to the draft (spec 4: saved to local
 * storage on every change), so a reload keeps what was typed.
 */
export function useDraftForm<Input extends FieldValues, Output>(options: {
  schema: z.ZodType<Output, Input>;
  defaults: (draft: SurveyDraft) => DefaultValues<Input>;
  /** The draft fields a change of the form's (partial) values sets; a module-level (stable) function. */
  toDraft: (values: Partial<Input>) => Partial<SurveyDraft>;
  mode?: Mode;
  reValidateMode?: Exclude<Mode, 'onTouched' | 'all'>;
}) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(options.schema),
    defaultValues: options.defaults(surveyDraftStore.getSnapshot().draft),
    mode: options.mode ?? 'onChange',
    ...(options.reValidateMode ? { reValidateMode: options.reValidateMode } : {}),
  });
  const { subscribe } = form;
  const { toDraft } = options;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => surveyDraftStore.update(toDraft(values as Partial<Input>)),
      }),
    [subscribe, toDraft],
  );
  return form;
}
