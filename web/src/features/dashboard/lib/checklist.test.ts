import { describe, expect, it } from 'vitest';
import { buildChecklist } from './checklist';

const none = { hasActiveSurvey: false, urlCopied: false, hasResponse: false, hasReviewClick: false };

describe('buildChecklist (spec 4 onboarding checklist)', () => {
  it('starts at zero with four open steps', () => {
    const c = buildChecklist(none, false);
    expect(c.steps.map((s) => [s.id, s.done])).toEqual([
      ['activeSurvey', false],
      ['urlCopied', false],
      ['response', false],
      ['reviewClick', false],
    ]);
    expect([c.doneCount, c.percent, c.complete]).toEqual([0, 0, false]);
  });

  it('counts a quarter per step', () => {
    const c = buildChecklist({ ...none, hasActiveSurvey: true, hasResponse: true }, false);
    expect([c.doneCount, c.percent]).toEqual([2, 50]);
  });

  it('step 2 is done by the profile flag or by the local flag', () => {
    expect(buildChecklist({ ...none, urlCopied: true }, false).steps[1]!.done).toBe(true);
    expect(buildChecklist(none, true).steps[1]!.done).toBe(true);
    expect(buildChecklist(none, false).steps[1]!.done).toBe(false);
  });

  it('is complete when all four are done', () => {
    const all = { hasActiveSurvey: true, urlCopied: false, hasResponse: true, hasReviewClick: true };
    expect(buildChecklist(all, false).complete).toBe(false);
    const c = buildChecklist(all, true);
    expect([c.doneCount, c.percent, c.complete]).toEqual([4, 100, true]);
  });
});
