import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';

/**
 * The four wizard steps (spec 2) in order: the one list the routes, the step indicator, the page titles and
 * the next/back navigation are made from. Progress is what each step shows (spec 9: 25 / 50 / 75 / 100 %);
 * `title` is the step's name in the `wizard` namespace; `editsDraft` marks the steps whose form starts from
 * the draft. Pages load on demand, each in its own chunk.
 */
export const wizardSteps = [
  {
    id: 'business',
    path: '/survey-setup',
    progress: 25,
    title: 'steps.business',
    editsDraft: true,
    page: async () => (await import('./routes/business-step-page')).BusinessStepPage,
  },
  {
    id: 'landing',
    path: '/landing-page-preview',
    progress: 50,
    title: 'steps.landing',
    editsDraft: true,
    page: async () => (await import('./routes/landing-step-page')).LandingStepPage,
  },
  {
    id: 'routing',
    path: '/review-routing-setup',
    progress: 75,
    title: 'steps.routing',
    editsDraft: true,
    page: async () => (await import('./routes/routing-step-page')).RoutingStepPage,
  },
  {
    id: 'distribution',
    path: '/distribution-instructions',
    progress: 100,
    title: 'steps.distribution',
    editsDraft: false,
    page: async () => (await import('./routes/distribution-step-page')).DistributionStepPage,
  },
] as const satisfies readonly {
  id: string;
  path: string;
  progress: number;
  title: `steps.${string}`;
  editsDraft: boolean;
  page: () => Promise<ComponentType>;
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

/** The step pages as child routes of the wizard's layout, at `localize(path)` (the English or the Dutch copy). */
export const wizardStepRoutes = (localize: (englishPath: string) => string): RouteObject[] =>
  wizardSteps.map((step) => ({ path: localize(step.path), lazy: async () => ({ Component: await step.page() }) }));
