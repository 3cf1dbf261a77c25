import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { surveyKeys } from '@/lib/query-keys';

// The route's answer reads a status this client does not know yet as any string (spec 4: "other", shown blue).
export type { ListedSurvey } from '@reviewroute/shared';

export const listSurveysQueryOptions = () =>
  queryOptions({
    queryKey: surveyKeys.all(),
    queryFn: ({ signal }) => call('list-surveys', { signal }).then((r) => r.surveys),
  });

/** The owner's surveys, newest first (the sidebar list and the dashboard's selection). */
export const useSurveys = () => useQuery(listSurveysQueryOptions());

/** The sidebar and the dashboard page may both report a failed survey list: sonner shows one toast per id. */
export const surveysLoadFailedToastId = 'surveys-load-failed';
