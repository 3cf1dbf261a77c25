import type { Survey } from '@reviewroute/shared';
import { sampleSurvey } from '@reviewroute/shared/testing';
import type { MemorySurveyRepository } from './data/memory';

/**
 * The sample survey of every domain's tests, published under the code and ids the sample events in events/ use
 * (here, not in one domain's testing module, as domains do not import each other).
 */
export const sampleCode = 'k7m2p9qx';
export const sampleOwner = '8f1c2b4e-0000-4000-8000-000000000001';
export const sampleSurveyId = '0195a3c4-7b00-7000-8000-000000000001';
export const sampleResponseId = '0195a3c4-7b00-7000-8000-0000000000a1';

/** The sample survey, published under the sample events' code and ids. */
export const publishedSurvey = (overrides: Partial<Survey> = {}): Survey =>
  sampleSurvey({
    id: sampleSurveyId,
    userId: sampleOwner,
    businessName: "Joe's Pizza",
    status: 'active',
    isActive: true,
    surveyCode: sampleCode,
    businessSlug: 'joes-pizza',
    landingPageUrl: `https://app.example.com/surveys/${sampleCode}/joes-pizza`,
    ...overrides,
  });

/** Puts a survey into the fake as publish would: its code item with it. */
export function seed(surveys: MemorySurveyRepository, survey: Survey): void {
  surveys.surveys.set(`${survey.userId}/${survey.id}`, structuredClone(survey));
  if (survey.surveyCode) surveys.codes.set(survey.surveyCode, { userId: survey.userId, surveyId: survey.id });
}
