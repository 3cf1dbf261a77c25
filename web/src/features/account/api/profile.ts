import { useQueryClient } from '@tanstack/react-query';
import { routeQueryOptions, useRouteMutation } from '@/lib/route-query';

/**
 * Saves profile changes from the profile tab; the saved profile becomes the cached one of every reader of
 * `get-profile` (the invoice reads it too). The other profile writes (a recorded interface language, the
 * copied-link flag) leave the cache alone, so an owner typing in this form is not reset under their hands.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useRouteMutation('update-profile', {
    onSuccess: (profile) => queryClient.setQueryData(routeQueryOptions('get-profile').queryKey, profile),
  });
}
