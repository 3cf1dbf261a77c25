import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { surveyCreateSchema, type Survey, type SurveyCreateInput, type SurveyUpdateInput } from '@reviewroute/shared';
import { isNotFound } from '@/lib/api-errors';
import { draftValuesOf, type SurveyDraft, surveyDraftStore } from '@/lib/survey-draft';
import { surveySearchParam } from '@/lib/survey-selection';
import { createSurvey } from '@/features/surveys/api/create-survey';
import { invalidateSurveys } from '@/features/surveys/api/invalidate-surveys';
import { updateSurvey } from '@/features/surveys/api/update-survey';

/** Everything a new survey can carry from the draft: a survey lost on the server is re-created whole. */
export const createInputOf = (draft: SurveyDraft): SurveyCreateInput => draftValuesOf(draft, surveyCreateSchema);

/**
 * Saves one step (spec 4): the first save creates the draft survey, later ones update it; a saved survey id
 * that no longer exists (404) makes a new survey from the whole draft. Resolves with the stored survey.
 * A draft that got a (new) survey id moves to that survey, and so does the address: a reload, Back or the
 * step links then stay on this survey instead of starting a new one.
 */
export function useWizardSave() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  const save = useCallback(
    async (fields: SurveyUpdateInput): Promise<Survey> => {
      const { draft } = surveyDraftStore.getSnapshot();
      let saved: Survey | undefined;
      if (draft.surveyId) {
        try {
          saved = await updateSurvey(draft.surveyId, fields);
        } catch (error) {
          if (!isNotFound(error)) throw error;
        }
      }
      saved ??= await createSurvey({ ...createInputOf(draft), ...(fields as Partial<SurveyCreateInput>) });
      // The saved values (trimmed, the URL with its scheme) replace the typed ones; image URLs come from the
      // server only (a re-created survey has none).
      surveyDraftStore.update({
        ...definedOnly(fields as Partial<SurveyDraft>),
        surveyId: saved.id,
        businessLogoUrl: saved.businessLogoUrl,
        highRatingPhotoUrl: saved.highRatingPhotoUrl,
      });
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
