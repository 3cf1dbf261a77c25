import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** Puts the address of the review request the token names on its business's suppression list. */
export const unsubscribe = (token: string) => call('unsubscribe', { params: { token } });

export const useUnsubscribe = (token: string) => useMutation({ mutationFn: () => unsubscribe(token) });
