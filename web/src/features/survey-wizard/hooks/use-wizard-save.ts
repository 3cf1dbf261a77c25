import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { type Survey, type SurveyCreateInput, type SurveyUpdateInput } from '@reviewroute/shared';
import { ApiError } from '@/lib/api-client';
import { type SurveyDraft, surveyDraftStore } from '@/lib/survey-draft';
import { createSurvey, invalidateSurveys, isNotFound, updateSurvey } from '@/lib/surveys-api';

/** Everything a new survey can carry from the draft: a survey lost on the server is re-created whole. */
export function createInputOf(draft: SurveyDraft): SurveyCreateInput {
  return {
    businessName: draft.businessName,
    businessOwnerName: draft.businessOwnerName,
    googleBusinessUrl: draft.googleBusinessUrl,
    supportEmail: draft.supportEmail,
    industry: draft.industry,
    customPrompt: draft.customPrompt,
    customColors: draft.customColors,
    lowRatingMessage: draft.lowRatingMessage,
    midRatingMessage: draft.midRatingMessage,
    highRatingMessage: draft.highRatingMessage,
    googleReviewPrompt: draft.googleReviewPrompt,
    collectContactOnLowRating: draft.collectContactOnLowRating,
    offerPublicReviewToEveryone: draft.offerPublicReviewToEveryone,
    lowRatingEnabled: draft.lowRatingEnabled,
    midRatingEnabled: draft.midRatingEnabled,
    highRatingEnabled: draft.highRatingEnabled,
  };
}

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
      // Image URLs come from the server only (a re-created survey has none).
      surveyDraftStore.update({
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

/** Puts the API's per-field messages (VALIDATION_FAILED) on the form fields that exist there. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  names: readonly Path<T>[],
  setError: UseFormSetError<T>,
): void {
  if (!(error instanceof ApiError) || !error.fields) return;
  for (const [field, message] of Object.entries(error.fields)) {
    const name = names.find((n) => n === field);
    if (name) setError(name, { type: 'server', message });
  }
}
