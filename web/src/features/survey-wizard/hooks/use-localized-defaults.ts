import { useEffect, useRef } from 'react';
import { type Language, surveyDefaultTexts, type SurveyDefaultText } from '@reviewroute/shared';
import {
  hasStoredSurveyDraft,
  type SurveyDraft,
  surveyDraftStore,
  useSurveyDraftRevision,
  useSurveyDraftValue,
} from '@/lib/survey-draft';
import { useLanguage } from '@/lib/use-language';

const textDefaults = Object.keys(surveyDefaultTexts.en) as SurveyDefaultText[];

/** A text still at the default of some language: the owner never wrote it, so it may follow the language. */
const isDefaultText = (key: SurveyDefaultText, text: string) =>
  Object.values(surveyDefaultTexts).some((texts) => texts[key] === text);

/** The draft's texts still at a default, in `language`: what changes when the survey's language does. */
export function defaultTextsIn(draft: SurveyDraft, language: Language): Partial<Record<SurveyDefaultText, string>> {
  const wanted = surveyDefaultTexts[language];
  return Object.fromEntries(
    textDefaults.filter((key) => isDefaultText(key, draft[key])).map((key) => [key, wanted[key]]),
  );
}

/**
 * A survey has a language (decisions 17): a new, untouched draft starts in the owner's interface language
 * with its default texts (spec 3); when the owner changes the language in step 1, the texts still at a
 * default follow it, never what the owner wrote. A survey opened for editing keeps its texts as stored.
 */
export function useLocalizedDefaults(): void {
  const interfaceLanguage = useLanguage();
  // Re-checked after a reset or another survey opened (a new revision) and when the language changes; not
  // on every keystroke.
  const revision = useSurveyDraftRevision();
  const surveyLanguage = useSurveyDraftValue((draft) => draft.language);
  const seen = useRef<{ revision: number; language: Language }>(undefined);
  useEffect(() => {
    const { draft } = surveyDraftStore.getSnapshot();
    const before = seen.current;
    seen.current = { revision, language: surveyLanguage };
    if (!draft.surveyId && !hasStoredSurveyDraft()) {
      const texts = defaultTextsIn(draft, interfaceLanguage);
      if (
        draft.language === interfaceLanguage &&
        textDefaults.every((key) => !(key in texts) || texts[key] === draft[key])
      )
        return;
      // Only presented: storage is written at the owner's first change, so a cleared draft stays cleared.
      surveyDraftStore.replace({ ...draft, ...texts, language: interfaceLanguage }, { persist: false });
      return;
    }
    // The owner picked another language for this same draft: an edit, so open forms keep their focus.
    if (before?.revision === revision && before.language !== surveyLanguage) {
      surveyDraftStore.update(defaultTextsIn(draft, surveyLanguage));
    }
  }, [interfaceLanguage, revision, surveyLanguage]);
}
