import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Page } from '@reviewroute/shared';
import { type WizardStepId, wizardSteps } from './steps';

/** Each step's page, loaded on demand in its own chunk; the record type makes a step without a page a type error. */
const stepPages: Record<WizardStepId, () => Promise<ComponentType>> = {
  business: async () => (await import('./routes/business-step-page')).BusinessStepPage,
  landing: async () => (await import('./routes/landing-step-page')).LandingStepPage,
  routing: async () => (await import('./routes/routing-step-page')).RoutingStepPage,
  distribution: async () => (await import('./routes/distribution-step-page')).DistributionStepPage,
};

/** The step pages as child routes of the wizard's layout, at `pathOf(page)` (the English or the Dutch copy). */
export const wizardStepRoutes = (pathOf: (page: Page) => string): RouteObject[] =>
  wizardSteps.map((step) => ({
    path: pathOf(step.page),
    lazy: async () => ({ Component: await stepPages[step.id]() }),
  }));
