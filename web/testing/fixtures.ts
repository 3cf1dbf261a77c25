import { type AppConfig, publicSurveySchema, type PublicSurvey } from '@reviewroute/shared';
import { emptySurveyStats, sampleSurvey } from '@reviewroute/shared/testing';

export { emptySurveyStats, sampleSurvey };

/** What the public page receives of `sampleSurvey()` once it is published (code `abcd2345`), with `overrides`. */
export const samplePublicSurvey = (overrides: Partial<PublicSurvey> = {}): PublicSurvey => ({
  ...publicSurveySchema.parse(
    sampleSurvey({
      status: 'active',
      isActive: true,
      surveyCode: 'abcd2345',
      businessSlug: 'bakery',
      landingPageUrl: 'https://app.example/surveys/abcd2345/bakery',
    }),
  ),
  ...overrides,
});

/** A /config.json for the owner pages' loader (Amplify itself is mocked in the tests that serve it). */
export const sampleAppConfig: AppConfig = {
  region: 'eu-west-1',
  userPoolId: 'pool',
  userPoolClientId: 'client',
  authFlowType: 'USER_PASSWORD_AUTH',
  placeSearch: true,
};
