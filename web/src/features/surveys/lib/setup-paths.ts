import { resumeStepOf, type SurveySetupStep } from '@reviewroute/shared';
import { wizardPathFor } from '@/lib/survey-selection';

/** Each wizard step's English path (spec 2): the wizard's routes and every link into the wizard use these. */
export const setupStepPaths = {
  business: '/survey-setup',
  landing: '/landing-page-preview',
  routing: '/review-routing-setup',
  distribution: '/distribution-instructions',
} as const satisfies Record<SurveySetupStep | 'distribution', string>;

/**
 * "Finish setup": the wizard at the first step the survey has not completed (as the survey records it, so on
 * any device), with the survey named.
 */
export const resumeSetupPath = (survey: {
  id: string;
  status: string;
  completedSteps: readonly SurveySetupStep[];
}): string => wizardPathFor(setupStepPaths[resumeStepOf(survey)], survey.id);
