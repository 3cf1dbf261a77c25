import { type QueryClient, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  profileSchema,
  surveyListItemSchema,
  surveySchema,
  type ProfileUpdateInput,
  type Survey,
  type SurveyCreateInput,
  type SurveyUpdateInput,
} from '@reviewroute/shared';
import { apiFetch, ApiError } from './api-client';

/**
 * The owner survey API (spec 7 "Surveys"), shared by the wizard and the dashboard sidebar. Every call goes
 * through apiFetch, so failures are ApiErrors carrying the server's `{ code, message, fields }`.
 */

export const surveysQueryKey = ['surveys'] as const;
export const surveyQueryKey = (surveyId: string) => ['surveys', 'detail', surveyId] as const;

const surveyPath = (surveyId: string) => `/api/surveys/${encodeURIComponent(surveyId)}`;

/**
 * The list as the sidebar reads it: a status this client does not know yet (spec 4: "other", shown blue)
 * must not make the whole list unreadable, so the status is any string here.
 */
const lenientListSchema = z.object({
  surveys: z.array(surveyListItemSchema.extend({ status: z.string() })),
});
export type ListedSurvey = z.infer<typeof lenientListSchema>['surveys'][number];

export const listSurveys = (signal?: AbortSignal): Promise<ListedSurvey[]> =>
  apiFetch('/api/surveys', { schema: lenientListSchema, signal }).then((r) => r.surveys);

export const getSurvey = (surveyId: string, signal?: AbortSignal) =>
  apiFetch(surveyPath(surveyId), { schema: surveySchema, signal });

export const createSurvey = (input: SurveyCreateInput) =>
  apiFetch('/api/surveys', { method: 'POST', body: input, schema: surveySchema });

export const updateSurvey = (surveyId: string, input: SurveyUpdateInput) =>
  apiFetch(surveyPath(surveyId), { method: 'PATCH', body: input, schema: surveySchema });

export const publishSurvey = (surveyId: string) =>
  apiFetch(`${surveyPath(surveyId)}/publish`, { method: 'POST', schema: surveySchema });

export const deleteSurvey = (surveyId: string) => apiFetch<void>(surveyPath(surveyId), { method: 'DELETE' });

export const updateProfile = (input: ProfileUpdateInput) =>
  apiFetch('/api/profile', { method: 'PATCH', body: input, schema: profileSchema });

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/** The owner's surveys, newest first (the sidebar list). */
export function useSurveys() {
  return useQuery({ queryKey: surveysQueryKey, queryFn: ({ signal }) => listSurveys(signal) });
}

export function useSurvey(surveyId: string | null | undefined) {
  return useQuery({
    queryKey: surveyQueryKey(surveyId ?? ''),
    queryFn: ({ signal }) => getSurvey(surveyId!, signal),
    enabled: Boolean(surveyId),
  });
}

/** After a create, publish, upload or delete: the list and that survey are fetched again when shown. */
export function invalidateSurveys(queryClient: QueryClient, saved?: Survey): Promise<void> {
  if (saved) queryClient.setQueryData(surveyQueryKey(saved.id), saved);
  return queryClient.invalidateQueries({ queryKey: surveysQueryKey });
}
