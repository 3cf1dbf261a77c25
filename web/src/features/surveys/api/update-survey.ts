import { pathOf, surveySchema, type SurveyUpdateInput } from '@reviewroute/shared';
import { apiFetch } from '@/lib/api-client';

export const updateSurvey = (surveyId: string, input: SurveyUpdateInput) =>
  apiFetch(pathOf('update-survey', { surveyId }), { method: 'PATCH', body: input, schema: surveySchema });
