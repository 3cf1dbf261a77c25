import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf, profileSchema, type ProfileUpdateInput } from '@reviewroute/shared';
import { apiFetch } from '@/lib/api-client';

// The profile tab's read and write. The key is the app's one profile key (the invoice reads it too), so a
// save refreshes every reader.

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: ({ signal }) => apiFetch(pathOf('get-profile'), { schema: profileSchema, signal }),
  });

/** GET /api/profile (a profile never saved reads as empty). */
export const useProfile = () => useQuery(profileQueryOptions());

/** PATCH /api/profile; the saved profile becomes the cached one. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdateInput) =>
      apiFetch(pathOf('update-profile'), { method: 'PATCH', body: input, schema: profileSchema }),
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions().queryKey, profile),
  });
}
