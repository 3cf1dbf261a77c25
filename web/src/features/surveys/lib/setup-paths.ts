import { type Page, pages, resumeStepOf, type SurveySetupStep } from '@reviewroute/shared';
import { wizardPathFor } from '@/lib/survey-selection';

/** Each wizard step's page in the page table (spec 2): the wizard's routes are made from these. */
export const setupStepPages = {
  business: 'surveySetup',
  landing: 'landingPagePreview',
  routing: 'reviewRoutingSetup',
  distribution: 'distributionInstructions',
} as const satisfies Record<SurveySetupStep | 'distribution', Page>;

/** Each wizard step's English path: every link into the wizard uses these. */
export const setupStepPaths = {
  business: pages[setupStepPages.business],
  landing: pages[setupStepPages.landing],
  routing: pages[setupStepPages.routing],
  distribution: pages[setupStepPages.distribution],
} as const;

/**
 * "Finish setup": the wizard at the first step the survey has not completed (as the survey records it, so on
 * any device), with the survey named.
 */
export const resumeSetupPath = (survey: {
  id: string;
  status: string;
  completedSteps: readonly SurveySetupStep[];
}): string => wizardPathFor(setupStepPaths[resumeStepOf(survey)], survey.id);
