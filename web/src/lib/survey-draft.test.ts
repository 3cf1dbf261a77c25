import { afterEach, describe, expect, it } from 'vitest';
import { businessInformationSchema, surveyWizardDefaults } from '@reviewroute/shared';
import { sampleSurvey } from '@/testing/fixtures';
import {
  draftFromSurvey,
  draftValuesOf,
  emptySurveyDraft,
  readSurveyDraft,
  surveyDraftStorageKey,
  surveyDraftStore,
} from './survey-draft';

afterEach(() => {
  window.localStorage.clear();
  surveyDraftStore.reload();
});

describe('survey draft storage', () => {
  it('starts with the spec defaults and no survey id', () => {
    expect(readSurveyDraft()).toEqual({ surveyId: null, ...surveyWizardDefaults });
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
    const stored = JSON.parse(window.localStorage.getItem(surveyDraftStorageKey)!);
    expect(stored).toMatchObject({ surveyId: 's-1', businessName: 'Bakery', customPrompt: 'How did we do?' });
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

  it('loads a stored survey (Edit Survey) with its id and exactly the draft fields', () => {
    const survey = sampleSurvey({ id: 'abc', businessLogoUrl: 'http://x/logo.png', collectContactOnLowRating: true });
    const draft = draftFromSurvey(survey);
    expect(draft).toMatchObject({
      surveyId: 'abc',
      businessLogoUrl: 'http://x/logo.png',
      collectContactOnLowRating: true,
    });
    expect(Object.keys(draft).sort()).toEqual(Object.keys(emptySurveyDraft()).sort());
    expect(draft).not.toHaveProperty('status');
  });

  it('gives a schema the draft values of its fields', () => {
    const draft = { ...emptySurveyDraft(), businessName: 'Bakery', industry: 'Food' };
    expect(draftValuesOf(draft, businessInformationSchema)).toEqual({
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
    expect(JSON.parse(window.localStorage.getItem(surveyDraftStorageKey)!)).toMatchObject({
      customPrompt: 'Hoe was het?',
      businessName: 'Bakkerij',
    });
  });
});
