import { createDomainHandler, type RouteRequest } from '../../lib/http';
import { requireEnv } from '../../lib/env';
import { createS3AssetStore } from '../../data/asset-store';
import { createDynamoProfileRepository } from '../../data/profile-repository';
import { createDynamoSurveyRepository } from '../../data/survey-repository';
import { createDashboardService, type DashboardService } from './dashboard-service';
import { createSurveyService, type SurveyService } from './service';

const params = ({ owner, pathParameters }: RouteRequest) => ({
  userId: owner!.userId,
  surveyId: pathParameters.surveyId ?? '',
});

/** The owner survey API (routes of domain `surveys`); the services are built on first use. */
export function createSurveysHandler(serviceOf: () => SurveyService, dashboardOf: () => DashboardService) {
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
    'get-survey-stats': async (request) => {
      const { userId, surveyId } = params(request);
      return { body: await dashboardOf().stats(userId, surveyId) };
    },
    'get-onboarding': async (request) => {
      const { userId, surveyId } = params(request);
      return { body: await dashboardOf().onboarding(userId, surveyId) };
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
let dashboard: DashboardService | undefined;

export const handler = createSurveysHandler(
  () =>
    (service ??= createSurveyService({
      surveys: createDynamoSurveyRepository(),
      assets: createS3AssetStore(),
      siteOrigin: () => requireEnv('SITE_ORIGIN'),
    })),
  () =>
    (dashboard ??= createDashboardService({
      surveys: createDynamoSurveyRepository(),
      profiles: createDynamoProfileRepository(),
    })),
);
