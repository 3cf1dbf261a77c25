import { call } from '@/lib/api-client';

export const publishSurvey = (surveyId: string) => call('publish-survey', { params: { surveyId } });
