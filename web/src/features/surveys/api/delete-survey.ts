import { call } from '@/lib/api-client';

export const deleteSurvey = (surveyId: string) => call('delete-survey', { params: { surveyId } });
