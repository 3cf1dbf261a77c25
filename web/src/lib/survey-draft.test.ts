import { afterEach, describe, expect, it } from 'vitest';
import { businessInformationSchema, surveyDefaultTexts, surveyWizardDefaults } from '@reviewroute/shared';
import { sampleSurvey } from '@testing/fixtures';
import {
  draftFromSurvey,
  draftValuesOf,
  emptySurveyDraft,
  hasStoredSurveyDraft,
  readSurveyDraft,
  reconciledDraft,
  surveyDraftStorageKey,
  surveyDraftStore,
} from './survey-draft';

/** The drafts as stored: `{ drafts: { [key]: draft } }` under surveyWizardData. */
const storedDrafts = (): Record<string, Record<string, unknown>> | undefined => {
  const raw = window.localStorage.getItem(surveyDraftStorageKey);
  return raw ? (JSON.parse(raw) as { drafts: Record<string, Record<string, unknown>> }).drafts : undefined;
};

afterEach(() => {
  window.localStorage.clear();
  // Back to the new survey's (now empty) draft.
  surveyDraftStore.clear();
});

describe('survey draft storage', () => {
  it('starts with the spec defaults and no survey id', () => {
    expect(readSurveyDraft()).toEqual({
      surveyId: null,
      savedSteps: [],
      baseVersion: null,
      unsaved: [],
      offered: null,
      ...surveyWizardDefaults,
    });
    expect(emptySurveyDraft().customPrompt).toBe('How was your experience with our business?');
    expect(emptySurveyDraft()).toMatchObject({
      lowRatingEnabled: true,
      midRatingEnabled: true,
      highRatingEnabled: true,
      collectContactOnLowRating: false,
    });
  });

  it('writes every change to surveyWizardData and restores it after a reload', () => {
    surveyDraftStore.update({ businessName: 'Bakery', surveyId: 's-1' });
    surveyDraftStore.update({ customPrompt: 'How did we do?' });
    expect(storedDrafts()).toEqual({
      's-1': expect.objectContaining({ surveyId: 's-1', businessName: 'Bakery', customPrompt: 'How did we do?' }),
    });
    surveyDraftStore.reload();
    expect(surveyDraftStore.getSnapshot().draft).toMatchObject({
      surveyId: 's-1',
      businessName: 'Bakery',
      customPrompt: 'How did we do?',
    });
  });

  it('clear removes the stored draft and bumps the revision so forms re-read it', () => {
    surveyDraftStore.update({ businessName: 'Bakery' });
    const before = surveyDraftStore.getSnapshot().revision;
    surveyDraftStore.clear();
    expect(window.localStorage.getItem(surveyDraftStorageKey)).toBeNull();
    expect(surveyDraftStore.getSnapshot().draft).toEqual(emptySurveyDraft());
    expect(surveyDraftStore.getSnapshot().revision).toBe(before + 1);
  });

  it('edits keep the revision; replacing the draft bumps it', () => {
    const { revision } = surveyDraftStore.getSnapshot();
    surveyDraftStore.update({ industry: 'Bakery' });
    expect(surveyDraftStore.getSnapshot().revision).toBe(revision);
    surveyDraftStore.replace({ ...emptySurveyDraft(), businessName: 'Other' });
    expect(surveyDraftStore.getSnapshot().revision).toBe(revision + 1);
  });

  it('survives garbage in storage, field by field', () => {
    window.localStorage.setItem(surveyDraftStorageKey, '{not json');
    expect(readSurveyDraft()).toEqual(emptySurveyDraft());
    window.localStorage.setItem(
      surveyDraftStorageKey,
      JSON.stringify({ businessName: 42, supportEmail: 'a@b.co', customColors: 'red' }),
    );
    expect(readSurveyDraft()).toMatchObject({
      businessName: '',
      supportEmail: 'a@b.co',
      customColors: surveyWizardDefaults.customColors,
    });
  });

  it('loads a stored survey (Edit survey) with its id and exactly the draft fields', () => {
    const survey = sampleSurvey({ id: 'abc', businessLogoUrl: 'http://x/logo.png', collectContactOnLowRating: true });
    const draft = draftFromSurvey(survey);
    expect(draft).toMatchObject({
      surveyId: 'abc',
      businessLogoUrl: 'http://x/logo.png',
      collectContactOnLowRating: true,
    });
    // A saved survey has step 1 done; a published one every step.
    expect(draftFromSurvey({ ...survey, status: 'draft' }).savedSteps).toEqual(['business']);
    expect(draftFromSurvey({ ...survey, status: 'active' }).savedSteps).toEqual(['business', 'landing', 'routing']);
    expect(Object.keys(draft).sort()).toEqual(Object.keys(emptySurveyDraft()).sort());
    expect(draft).not.toHaveProperty('status');
    // A text stored before it existed (read as empty) starts at the default of the survey's language.
    expect(draftFromSurvey({ ...survey, language: 'nl', contactFollowUpMessage: '' }).contactFollowUpMessage).toBe(
      surveyDefaultTexts.nl.contactFollowUpMessage,
    );
    expect(draftFromSurvey({ ...survey, contactFollowUpMessage: 'Own' }).contactFollowUpMessage).toBe('Own');
  });

  it('gives a schema the draft values of its fields', () => {
    const draft = { ...emptySurveyDraft(), businessName: 'Bakery', industry: 'Food' };
    expect(draftValuesOf(draft, businessInformationSchema)).toMatchObject({
      businessName: 'Bakery',
      businessOwnerName: '',
      googleBusinessUrl: '',
      supportEmail: '',
      industry: 'Food',
    });
  });
});

describe('presenting without storing', () => {
  it('replace with persist: false changes the draft but not the storage', () => {
    surveyDraftStore.replace({ ...emptySurveyDraft(), customPrompt: 'Hoe was het?' }, { persist: false });
    expect(surveyDraftStore.getSnapshot().draft.customPrompt).toBe('Hoe was het?');
    expect(window.localStorage.getItem(surveyDraftStorageKey)).toBeNull();
    surveyDraftStore.update({ businessName: 'Bakkerij' });
    expect(storedDrafts()?.new).toMatchObject({ customPrompt: 'Hoe was het?', businessName: 'Bakkerij' });
  });
});

describe('one draft per survey', () => {
  const surveyA = () => draftFromSurvey(sampleSurvey({ id: 'a', businessName: 'Shop A', status: 'active' }));

  it('keeps an edited survey and the new survey apart: the new one starts empty and saves nowhere', () => {
    // "Edit survey" on A, a change to A.
    surveyDraftStore.replace(surveyA());
    surveyDraftStore.update({ customPrompt: 'Changed A' });
    // "Create new survey": the new survey's draft, empty, with no survey to save into.
    expect(surveyDraftStore.open('new')).toBe(true);
    expect(surveyDraftStore.getSnapshot().draft).toEqual(emptySurveyDraft());
    surveyDraftStore.update({ businessName: 'Shop B' });
    expect(storedDrafts()).toEqual({
      a: expect.objectContaining({ surveyId: 'a', businessName: 'Shop A', customPrompt: 'Changed A' }),
      new: expect.objectContaining({ surveyId: null, businessName: 'Shop B' }),
    });
    // Back to A: its own draft, untouched by B.
    expect(surveyDraftStore.open('a')).toBe(true);
    expect(surveyDraftStore.getSnapshot().draft).toMatchObject({ surveyId: 'a', businessName: 'Shop A' });
  });

  it('moves the new draft to its survey at the first save, leaving the new draft empty', () => {
    surveyDraftStore.update({ businessName: 'Shop B' });
    surveyDraftStore.update({ surveyId: 'b' });
    expect(Object.keys(storedDrafts()!)).toEqual(['b']);
    expect(readSurveyDraft('new')).toEqual(emptySurveyDraft());
    expect(readSurveyDraft('b')).toMatchObject({ surveyId: 'b', businessName: 'Shop B' });
  });

  it('opens the current draft again without a new revision; a survey without a stored draft needs loading', () => {
    surveyDraftStore.replace(surveyA());
    const { revision } = surveyDraftStore.getSnapshot();
    expect(surveyDraftStore.open('a')).toBe(true);
    expect(surveyDraftStore.getSnapshot().revision).toBe(revision);
    expect(surveyDraftStore.open('unknown')).toBe(false);
    // Nothing was loaded: the current draft stays A's until the caller replaces it.
    expect(surveyDraftStore.getSnapshot().draft.surveyId).toBe('a');
  });

  it('a stored draft saves into the survey of its key, whatever its own id says', () => {
    window.localStorage.setItem(
      surveyDraftStorageKey,
      JSON.stringify({ drafts: { new: { ...emptySurveyDraft(), surveyId: 'a', businessName: 'X' } } }),
    );
    expect(readSurveyDraft('new')).toMatchObject({ surveyId: null, businessName: 'X' });
  });

  it('reads an older single stored draft as the draft of the survey it names', () => {
    window.localStorage.setItem(surveyDraftStorageKey, JSON.stringify({ surveyId: 'a', businessName: 'Old' }));
    expect(readSurveyDraft('new')).toEqual(emptySurveyDraft());
    expect(readSurveyDraft('a')).toMatchObject({ surveyId: 'a', businessName: 'Old' });
  });

  it("clear removes only the current draft; discard removes a deleted survey's", () => {
    surveyDraftStore.update({ businessName: 'Unsaved new' });
    surveyDraftStore.replace(surveyA());
    surveyDraftStore.replace({ ...surveyA(), surveyId: 'c' });
    surveyDraftStore.clear();
    expect(Object.keys(storedDrafts()!).sort()).toEqual(['a', 'new']);
    expect(surveyDraftStore.getSnapshot().draft).toMatchObject({ surveyId: null, businessName: 'Unsaved new' });
    expect(hasStoredSurveyDraft()).toBe(true);
    surveyDraftStore.discard('a');
    expect(Object.keys(storedDrafts()!)).toEqual(['new']);
  });
});

describe('one truth for a draft', () => {
  const teal = { primaryColor: '#0f766e', backgroundColor: '#ffffff' };
  const violet = { primaryColor: '#7c3aed', backgroundColor: '#ffffff' };
  const server = (overrides: Parameters<typeof sampleSurvey>[0] = {}) =>
    sampleSurvey({ id: 'a', customPrompt: 'Saved?', customColors: teal, version: 1, ...overrides });

  it('remembers the fields the owner changed until a save stores them, and follows the saved version', () => {
    surveyDraftStore.openSaved(server());
    expect(surveyDraftStore.getSnapshot().draft).toMatchObject({ surveyId: 'a', baseVersion: 1, unsaved: [] });
    surveyDraftStore.edit({ customPrompt: 'Typed here?', businessName: 'Bakery' });
    // businessName did not change: not an edit.
    expect(surveyDraftStore.getSnapshot().draft.unsaved).toEqual(['customPrompt']);
    surveyDraftStore.saved(server({ customPrompt: 'Typed here?', version: 2 }), { customPrompt: 'Typed here?' });
    expect(surveyDraftStore.getSnapshot().draft).toMatchObject({ baseVersion: 2, unsaved: [] });
    // An upload's answer after a save elsewhere (version 4, not 3): the draft keeps the version it started from.
    surveyDraftStore.saved(server({ version: 4, businessLogoUrl: 'https://cdn/files/x.png' }), {});
    expect(surveyDraftStore.getSnapshot().draft).toMatchObject({
      baseVersion: 2,
      businessLogoUrl: 'https://cdn/files/x.png',
    });
    // An update that named the draft's version is the draft's next version, whatever the draft held before.
    surveyDraftStore.update({ baseVersion: null });
    surveyDraftStore.saved(server({ version: 1 }), {}, { ours: true });
    expect(surveyDraftStore.getSnapshot().draft.baseVersion).toBe(1);
  });

  it('keeps the draft while the server holds the version it started from', () => {
    const draft = { ...draftFromSurvey(server()), customPrompt: 'Newer here?', unsaved: ['customPrompt' as const] };
    expect(reconciledDraft(draft, server())).toBe(draft);
  });

  it('shows a newer server version and sets the unsaved changes aside, never the untouched fields', () => {
    const draft = {
      ...draftFromSurvey(server()),
      customPrompt: 'Typed here?',
      industry: 'Not typed, stale',
      unsaved: ['customPrompt' as const],
    };
    const newer = server({ customPrompt: 'Saved elsewhere?', customColors: violet, version: 3 });
    expect(reconciledDraft(draft, newer)).toEqual({
      ...draftFromSurvey(newer),
      offered: { customPrompt: 'Typed here?' },
    });
    // Nothing unsaved: simply the server's values.
    expect(reconciledDraft({ ...draft, unsaved: [] }, newer)).toEqual(draftFromSurvey(newer));
    // A draft stored before versions offers whatever it holds that differs (the images never).
    const legacy = { ...draftFromSurvey(server()), baseVersion: null, businessLogoUrl: 'https://old/x.png' };
    expect(reconciledDraft(legacy, newer).offered).toEqual({ customPrompt: 'Saved?', customColors: teal });
  });

  it('offers the set-aside changes until the owner applies or discards them, over a reload', () => {
    surveyDraftStore.openSaved(server());
    surveyDraftStore.edit({ customPrompt: 'Mine?' });
    const { revision } = surveyDraftStore.getSnapshot();
    surveyDraftStore.openSaved(server({ customPrompt: 'Theirs?', customColors: violet, version: 2 }), {
      persist: false,
    });
    surveyDraftStore.reload();
    expect(surveyDraftStore.getSnapshot().draft).toMatchObject({
      customPrompt: 'Theirs?',
      customColors: violet,
      baseVersion: 2,
      offered: { customPrompt: 'Mine?' },
    });
    expect(surveyDraftStore.getSnapshot().revision).toBeGreaterThan(revision);
    surveyDraftStore.applyOffered();
    expect(surveyDraftStore.getSnapshot().draft).toMatchObject({
      customPrompt: 'Mine?',
      customColors: violet,
      baseVersion: 2,
      unsaved: ['customPrompt'],
      offered: null,
    });

    surveyDraftStore.openSaved(server({ customPrompt: 'Theirs again?', version: 5 }));
    expect(surveyDraftStore.getSnapshot().draft.offered).toEqual({ customPrompt: 'Mine?' });
    surveyDraftStore.discardOffered();
    expect(surveyDraftStore.getSnapshot().draft).toMatchObject({ customPrompt: 'Theirs again?', offered: null });
  });

  it('ticks the steps the survey records as completed', () => {
    expect(draftFromSurvey(server({ completedSteps: ['business', 'landing'] })).savedSteps).toEqual([
      'business',
      'landing',
    ]);
    expect(draftFromSurvey(server({ status: 'active', completedSteps: [] })).savedSteps).toEqual([
      'business',
      'landing',
      'routing',
    ]);
  });
});
