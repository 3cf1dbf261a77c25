import { useMutation } from '@tanstack/react-query';
import { type ContactRequest } from '@reviewroute/shared';
import { pathOf } from '@reviewroute/shared/routes';
import { apiFetch } from '@/lib/api-client';

/** POST /api/public/contact: the API mails the operator (204, no body). */
export const sendContactMessage = (request: ContactRequest) =>
  apiFetch<void>(pathOf('send-contact-email'), { method: 'POST', body: request, anonymous: true });

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
