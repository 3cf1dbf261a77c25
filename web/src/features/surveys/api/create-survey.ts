import { type SurveyCreateInput } from '@reviewroute/shared';
import { call } from '@/lib/api-client';

export const createSurvey = (input: SurveyCreateInput) => call('create-survey', { body: input });
