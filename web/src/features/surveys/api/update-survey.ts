import { type SurveyUpdateInput } from '@reviewroute/shared';
import { call } from '@/lib/api-client';

export const updateSurvey = (surveyId: string, input: SurveyUpdateInput) =>
  call('update-survey', { params: { surveyId }, body: input });
