import { useMutation } from '@tanstack/react-query';
import { type ContactRequest } from '@reviewroute/shared';
import { call } from '@/lib/api-client';

/** The API mails the operator (no answer body). */
export const sendContactMessage = (request: ContactRequest) => call('send-contact-email', { body: request });

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
