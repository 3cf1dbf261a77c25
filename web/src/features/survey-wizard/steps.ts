/** The four wizard steps (spec 2) in order, with the progress each one shows (spec 9: 25 / 50 / 75 / 100 %). */
export const wizardSteps = [
  { id: 'business', path: '/survey-setup', progress: 25 },
  { id: 'landing', path: '/landing-page-preview', progress: 50 },
  { id: 'routing', path: '/review-routing-setup', progress: 75 },
  { id: 'distribution', path: '/distribution-instructions', progress: 100 },
] as const;

export type WizardStep = (typeof wizardSteps)[number];
export type WizardStepId = WizardStep['id'];

export const stepPath = (id: WizardStepId): string => wizardSteps.find((s) => s.id === id)!.path;

/** The step at an English (delocalized) path; undefined outside the wizard. */
export const stepAtPath = (englishPath: string): WizardStep | undefined =>
  wizardSteps.find((s) => s.path === englishPath);
