import { pathOf, surveySchema, type SurveyCreateInput } from '@reviewroute/shared';
import { apiFetch } from '@/lib/api-client';

export const createSurvey = (input: SurveyCreateInput) =>
  apiFetch(pathOf('create-survey'), { method: 'POST', body: input, schema: surveySchema });
