import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { pathOf, surveyListItemSchema } from '@reviewroute/shared';
import { apiFetch } from '@/lib/api-client';

/** Every survey query sits under this key: invalidating it refreshes the list and each survey. */
export const surveysQueryKey = ['surveys'] as const;

/**
 * The list as the sidebar reads it: a status this client does not know yet (spec 4: "other", shown blue)
 * must not make the whole list unreadable, so the status is any string here.
 */
const lenientListSchema = z.object({
  surveys: z.array(surveyListItemSchema.extend({ status: z.string() })),
});
export type ListedSurvey = z.infer<typeof lenientListSchema>['surveys'][number];

export const listSurveys = (signal?: AbortSignal): Promise<ListedSurvey[]> =>
  apiFetch(pathOf('list-surveys'), { schema: lenientListSchema, signal }).then((r) => r.surveys);

export const listSurveysQueryOptions = () =>
  queryOptions({ queryKey: surveysQueryKey, queryFn: ({ signal }) => listSurveys(signal) });

/** The owner's surveys, newest first (the sidebar list and the dashboard's selection). */
export const useSurveys = () => useQuery(listSurveysQueryOptions());

/** The sidebar and the dashboard page may both report a failed survey list: sonner shows one toast per id. */
export const surveysLoadFailedToastId = 'surveys-load-failed';
