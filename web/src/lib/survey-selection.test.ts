import { describe, expect, it } from 'vitest';
import { dashboardPathFor, selectSurvey, wizardPathFor } from './survey-selection';

const newestFirst = [
  { id: 'c', status: 'active' },
  { id: 'b', status: 'active' },
  { id: 'a', status: 'draft' },
];

describe('selectSurvey (spec 2: the first survey, newest first, when none is selected)', () => {
  it('selects the newest when none is named', () => {
    expect(selectSurvey(newestFirst, null)?.id).toBe('c');
  });
  it('selects the newest published survey before any draft, and a draft only when nothing is published', () => {
    const abandonedDraftFirst = [{ id: 'd', status: 'draft' }, ...newestFirst];
    expect(selectSurvey(abandonedDraftFirst, null)?.id).toBe('c');
    expect(selectSurvey(abandonedDraftFirst, 'gone')?.id).toBe('c');
    expect(selectSurvey(abandonedDraftFirst, 'd')?.id).toBe('d');
    expect(selectSurvey([{ id: 'd', status: 'draft' }, newestFirst[2]!], null)?.id).toBe('d');
  });
  it('keeps the one named in the address', () => {
    expect(selectSurvey(newestFirst, 'a')?.id).toBe('a');
  });
  it('falls back to the newest for an unknown or deleted id', () => {
    expect(selectSurvey(newestFirst, 'gone')?.id).toBe('c');
    expect(selectSurvey(newestFirst.slice(1), 'c')?.id).toBe('b');
  });
  it('selects nothing without surveys', () => {
    expect(selectSurvey([], 'a')).toBeUndefined();
  });
  it('builds the address that selects a survey', () => {
    expect(dashboardPathFor('a b')).toBe('/dashboard?survey=a%20b');
  });
});

describe('wizardPathFor', () => {
  it('names the survey the wizard edits, or none for a new survey', () => {
    expect(wizardPathFor('/survey-setup', 'a b')).toBe('/survey-setup?survey=a%20b');
    expect(wizardPathFor('/survey-setup', null)).toBe('/survey-setup');
  });
});
