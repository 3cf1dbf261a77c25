import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** Switches the low-rating alerts of the survey the mail's link names (no session: the token is the proof). */
export const setAlertsByLink = (token: string, lowRatingAlerts: boolean) =>
  call('set-alerts-by-link', { params: { token }, body: { lowRatingAlerts } });

export const useSetAlertsByLink = (token: string) =>
  useMutation({ mutationFn: (lowRatingAlerts: boolean) => setAlertsByLink(token, lowRatingAlerts) });
