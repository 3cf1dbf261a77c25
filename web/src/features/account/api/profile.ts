import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ProfileUpdateInput } from '@reviewroute/shared';
import { call } from '@/lib/api-client';
import { profileKeys } from '@/lib/query-keys';

// The profile tab's read and write. The key is the app's one profile key (the invoice reads it too), so a
// save refreshes every reader.

export const profileQueryOptions = () =>
  queryOptions({ queryKey: profileKeys.profile(), queryFn: ({ signal }) => call('get-profile', { signal }) });

/** The profile (one never saved reads as empty). */
export const useProfile = () => useQuery(profileQueryOptions());

/** Saves profile changes; the saved profile becomes the cached one. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdateInput) => call('update-profile', { body: input }),
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions().queryKey, profile),
  });
}
