import { pathOf, surveySchema } from '@reviewroute/shared';
import { apiFetch } from '@/lib/api-client';

export const publishSurvey = (surveyId: string) =>
  apiFetch(pathOf('publish-survey', { surveyId }), { method: 'POST', schema: surveySchema });
