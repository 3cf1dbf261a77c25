import { describe, expect, it } from 'vitest';
import { resumeSetupPath } from './setup-paths';

describe('Finish setup', () => {
  it('opens the first step the survey has not completed, with the survey named', () => {
    expect(resumeSetupPath({ id: 's1', status: 'draft', completedSteps: [] })).toBe('/survey-setup?survey=s1');
    expect(resumeSetupPath({ id: 's1', status: 'draft', completedSteps: ['business'] })).toBe(
      '/landing-page-preview?survey=s1',
    );
    expect(resumeSetupPath({ id: 's1', status: 'draft', completedSteps: ['business', 'landing'] })).toBe(
      '/review-routing-setup?survey=s1',
    );
    expect(resumeSetupPath({ id: 's1', status: 'active', completedSteps: ['business'] })).toBe(
      '/distribution-instructions?survey=s1',
    );
  });
});
