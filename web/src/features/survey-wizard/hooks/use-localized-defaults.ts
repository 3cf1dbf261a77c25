import { useEffect } from 'react';
import { surveyDefaults } from '@reviewroute/shared';
import { resources } from '@/lib/i18n';
import { hasStoredSurveyDraft, surveyDraftStore, useSurveyDraftRevision } from '@/lib/survey-draft';
import { useLanguage } from '@/lib/use-language';

const textDefaults = [
  'customPrompt',
  'lowRatingMessage',
  'midRatingMessage',
  'highRatingMessage',
  'googleReviewPrompt',
] as const;
type TextDefault = (typeof textDefaults)[number];

/**
 * The spec's default texts (spec 3) are English; customers of a Dutch owner read Dutch. A new draft opened in
 * Dutch gets the Dutch defaults (and back): only texts still at a default change, never what the owner typed.
 */
export function useLocalizedDefaults(): void {
  const language = useLanguage();
  // Also after a reset or a loaded survey (a new revision), not on every keystroke.
  const revision = useSurveyDraftRevision();
  useEffect(() => {
    const { draft } = surveyDraftStore.getSnapshot();
    if (draft.surveyId) return;
    const wanted = resources[language].wizard.defaults;
    const isDefault = (key: TextDefault) =>
      draft[key] === surveyDefaults[key] || Object.values(resources).some((r) => r.wizard.defaults[key] === draft[key]);
    const patch: Partial<Record<TextDefault, string>> = {};
    for (const key of textDefaults) if (isDefault(key) && draft[key] !== wanted[key]) patch[key] = wanted[key];
    if (Object.keys(patch).length === 0) return;
    surveyDraftStore.replace({ ...draft, ...patch }, { persist: hasStoredSurveyDraft() });
  }, [language, revision]);
}
