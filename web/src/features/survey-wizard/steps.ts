import { type Page } from '@reviewroute/shared';
import { setupStepPages, setupStepPaths } from '@/features/surveys/lib/setup-paths';

/**
 * The four wizard steps (spec 2) in order: the one list the routes, the step indicator, the page titles and
 * the next/back navigation are made from. Progress is what each step shows (spec 9: 25 / 50 / 75 / 100 %);
 * `title` is the step's name in the `wizard` namespace; `editsDraft` marks the steps whose form starts from
 * the draft. The pages themselves are attached in `step-routes.ts`: the pages import this list (for their
 * neighbours), so the list must not import the pages.
 */
export const wizardSteps = [
  {
    id: 'business',
    page: setupStepPages.business,
    path: setupStepPaths.business,
    progress: 25,
    title: 'steps.business',
    editsDraft: true,
  },
  {
    id: 'landing',
    page: setupStepPages.landing,
    path: setupStepPaths.landing,
    progress: 50,
    title: 'steps.landing',
    editsDraft: true,
  },
  {
    id: 'routing',
    page: setupStepPages.routing,
    path: setupStepPaths.routing,
    progress: 75,
    title: 'steps.routing',
    editsDraft: true,
  },
  {
    id: 'distribution',
    page: setupStepPages.distribution,
    path: setupStepPaths.distribution,
    progress: 100,
    title: 'steps.distribution',
    editsDraft: false,
  },
] as const satisfies readonly {
  id: string;
  page: Page;
  path: string;
  progress: number;
  title: `steps.${string}`;
  editsDraft: boolean;
}[];

export type WizardStep = (typeof wizardSteps)[number];
export type WizardStepId = WizardStep['id'];

export const firstWizardStep = wizardSteps[0];

/** The steps before and after `id` (none before the first, none after the last). */
export function neighboursOf(id: WizardStepId): { previous?: WizardStep; next?: WizardStep } {
  const index = wizardSteps.findIndex((s) => s.id === id);
  return { previous: wizardSteps[index - 1], next: wizardSteps[index + 1] };
}

/** The step at an English (delocalized) path; undefined outside the wizard. */
export const stepAtPath = (englishPath: string): WizardStep | undefined =>
  wizardSteps.find((s) => s.path === englishPath);
