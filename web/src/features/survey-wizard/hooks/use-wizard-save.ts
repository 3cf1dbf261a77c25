import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { surveyCreateSchema, type Survey, type SurveyCreateInput, type SurveyUpdateInput } from '@reviewroute/shared';
import { isNotFound } from '@/lib/api-errors';
import { draftValuesOf, type SurveyDraft, surveyDraftStore } from '@/lib/survey-draft';
import { createSurvey } from '@/features/surveys/api/create-survey';
import { invalidateSurveys } from '@/features/surveys/api/invalidate-surveys';
import { updateSurvey } from '@/features/surveys/api/update-survey';

/** Everything a new survey can carry from the draft: a survey lost on the server is re-created whole. */
export const createInputOf = (draft: SurveyDraft): SurveyCreateInput => draftValuesOf(draft, surveyCreateSchema);

/**
 * Saves one step (spec 4): the first save creates the draft survey, later ones update it; a saved survey id
 * that no longer exists (404) makes a new survey from the whole draft. Resolves with the stored survey.
 */
export function useWizardSave() {
  const queryClient = useQueryClient();

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
      await invalidateSurveys(queryClient, saved);
      return saved;
    },
    [queryClient],
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
