import { ApiError } from '../../lib/api-error';
import { createDomainHandler, type RouteRequest } from '../../lib/http';
import { requireEnv } from '../../lib/env';
import { createS3AssetStore } from '../../data/asset-store';
import { createDynamoSurveyRepository } from '../../data/survey-repository';
import { createSurveyService, type SurveyService } from './service';

const params = ({ owner, pathParameters }: RouteRequest) => ({
  userId: owner!.userId,
  surveyId: pathParameters.surveyId ?? '',
});

/** The owner survey API (routes of domain `surveys`); the service is built on first use. */
export function createSurveysHandler(serviceOf: () => SurveyService) {
  return createDomainHandler('surveys', {
    'list-surveys': async ({ owner }) => ({ body: { surveys: await serviceOf().list(owner!.userId) } }),
    'create-survey': async ({ owner, body }) => ({ status: 201, body: await serviceOf().create(owner!.userId, body) }),
    'get-survey': async (request) => {
      const { userId, surveyId } = params(request);
      return { body: await serviceOf().get(userId, surveyId) };
    },
    'update-survey': async (request) => {
      const { userId, surveyId } = params(request);
      return { body: await serviceOf().update(userId, surveyId, request.body) };
    },
    // Placeholders until the dashboard's stats and onboarding are implemented.
    'get-survey-stats': () => {
      throw new ApiError('NOT_FOUND');
    },
    'get-onboarding': () => {
      throw new ApiError('NOT_FOUND');
    },
    'delete-survey': async (request) => {
      const { userId, surveyId } = params(request);
      await serviceOf().remove(userId, surveyId);
      return { status: 204 };
    },
    'publish-survey': async (request) => {
      const { userId, surveyId } = params(request);
      return { body: await serviceOf().publish(userId, surveyId) };
    },
    'create-upload': async (request) => {
      const { userId, surveyId } = params(request);
      return { status: 201, body: await serviceOf().createUpload(userId, surveyId, request.body) };
    },
    'confirm-upload': async (request) => {
      const { userId, surveyId } = params(request);
      return { body: await serviceOf().confirmUpload(userId, surveyId, request.body) };
    },
  });
}

let service: SurveyService | undefined;

export const handler = createSurveysHandler(
  () =>
    (service ??= createSurveyService({
      surveys: createDynamoSurveyRepository(),
      assets: createS3AssetStore(),
      siteOrigin: () => requireEnv('SITE_ORIGIN'),
    })),
);
