import { useQuery } from '@tanstack/react-query';
import { meResponseSchema } from '@reviewroute/shared';
import { apiFetch } from './api-client';

export const meQueryKey = ['me'] as const;

/** GET /api/me: the user as the API sees them (from the verified token), proving the browser -> API chain. */
export function useMe(enabled = true) {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => apiFetch('/api/me', { schema: meResponseSchema, signal }),
    enabled,
  });
}
