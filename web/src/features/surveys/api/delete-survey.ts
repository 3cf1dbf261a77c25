import { pathOf } from '@reviewroute/shared';
import { apiFetch } from '@/lib/api-client';

export const deleteSurvey = (surveyId: string) =>
  apiFetch<void>(pathOf('delete-survey', { surveyId }), { method: 'DELETE' });
