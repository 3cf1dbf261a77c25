import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  surveyCreateSchema,
  type Survey,
  type SurveyCreateInput,
  type SurveySetupStep,
  type SurveyUpdateInput,
} from '@reviewroute/shared';
import { ApiError } from '@/lib/api-client';
import { isNotFound } from '@/lib/api-errors';
import { draftValuesOf, type SurveyDraft, type SurveyDraftValues, surveyDraftStore } from '@/lib/survey-draft';
import { surveySearchParam } from '@/lib/survey-selection';
import { createSurvey } from '@/features/surveys/api/create-survey';
import { getSurveyQueryOptions } from '@/features/surveys/api/get-survey';
import { invalidateSurveys } from '@/features/surveys/api/invalidate-surveys';
import { updateSurvey } from '@/features/surveys/api/update-survey';

/** What a step saves: some of its fields (the version and the completed step are the save's to add). */
export type StepFields = Omit<SurveyUpdateInput, 'version' | 'completedStep'>;

/** Everything a new survey can carry from the draft: a survey lost on the server is re-created whole. */
export const createInputOf = (draft: SurveyDraft): SurveyCreateInput => draftValuesOf(draft, surveyCreateSchema);

/** The API refused an update made from an older version of the survey (saved elsewhere meanwhile). */
export const isSurveyChanged = (error: unknown): boolean =>
  error instanceof ApiError && error.code === 'SURVEY_CHANGED';

/**
 * Saves one step (spec 4): the first save creates the draft survey, later ones update it, each from the version
 * the draft started from; a saved survey id that no longer exists (404) makes a new survey from the whole draft.
 * Resolves with the stored survey. `completes` records the step as completed on the survey ("Finish setup"
 * resumes after it, on any device).
 * A survey saved elsewhere since (409 SURVEY_CHANGED) is not overwritten: the draft takes the server's values,
 * the owner's unsaved changes are offered (see the wizard layout), and the save fails.
 * A draft that got a (new) survey id moves to that survey, and so does the address: a reload, Back or the
 * step links then stay on this survey instead of starting a new one.
 */
export function useWizardSave() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  const save = useCallback(
    async (fields: StepFields, { completes }: { completes?: SurveySetupStep } = {}): Promise<Survey> => {
      const { draft } = surveyDraftStore.getSnapshot();
      let saved: Survey | undefined;
      if (draft.surveyId) {
        try {
          saved = await updateSurvey(draft.surveyId, {
            ...fields,
            // A draft stored before versions claims none, which only a survey stored before them matches.
            version: draft.baseVersion ?? 0,
            ...(completes ? { completedStep: completes } : {}),
          });
        } catch (error) {
          if (isSurveyChanged(error)) {
            const server = await queryClient.fetchQuery({ ...getSurveyQueryOptions(draft.surveyId), staleTime: 0 });
            surveyDraftStore.reconcile(server);
          }
          if (!isNotFound(error)) throw error;
        }
      }
      const created = !saved;
      saved ??= await createSurvey({ ...createInputOf(draft), ...(fields as Partial<SurveyCreateInput>) });
      // The saved values (trimmed, the URL with its scheme) replace the typed ones; image URLs come from the
      // server only (a re-created survey has none). A new survey stored the whole draft.
      surveyDraftStore.saved(saved, definedOnly(fields as SurveyDraftValues), { whole: created, ours: true });
      const params = new URLSearchParams(search);
      if (params.get(surveySearchParam) !== saved.id) {
        params.set(surveySearchParam, saved.id);
        await navigate({ pathname, search: `?${params}` }, { replace: true });
      }
      await invalidateSurveys(queryClient, saved);
      return saved;
    },
    [navigate, pathname, queryClient, search],
  );

  /**
   * The survey id uploads need: the saved one, or a new survey from the draft's step 1. `recheck` (after an
   * upload found the survey gone) saves through `save`, which re-creates a survey that no longer exists.
   */
  const ensureSurveyId = useCallback(
    async ({ recheck = false }: { recheck?: boolean } = {}): Promise<string> => {
      const { draft } = surveyDraftStore.getSnapshot();
      if (draft.surveyId && !recheck) return draft.surveyId;
      return (await save({})).id;
    },
    [save],
  );

  return { save, ensureSurveyId };
}

const definedOnly = <T extends object>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
