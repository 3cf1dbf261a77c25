import { type Onboarding } from '@reviewroute/shared';

export const checklistStepIds = ['activeSurvey', 'urlCopied', 'response', 'reviewClick'] as const;
export type ChecklistStepId = (typeof checklistStepIds)[number];

export interface ChecklistStep {
  id: ChecklistStepId;
  done: boolean;
}

export interface Checklist {
  steps: ChecklistStep[];
  doneCount: number;
  /** 0-100, a quarter per step. */
  percent: number;
  complete: boolean;
}

/**
 * The Getting Started card (spec 4 "Onboarding checklist"): the API's four answers, where step 2 also counts
 * when this browser copied the URL (the local `survey_url_copied` flag) before the profile flag arrived.
 */
export function buildChecklist(onboarding: Onboarding, localUrlCopied: boolean): Checklist {
  const done: Record<ChecklistStepId, boolean> = {
    activeSurvey: onboarding.hasActiveSurvey,
    urlCopied: onboarding.urlCopied || localUrlCopied,
    response: onboarding.hasResponse,
    reviewClick: onboarding.hasReviewClick,
  };
  const steps = checklistStepIds.map((id) => ({ id, done: done[id] }));
  const doneCount = steps.filter((s) => s.done).length;
  return {
    steps,
    doneCount,
    percent: (doneCount / steps.length) * 100,
    complete: doneCount === steps.length,
  };
}
