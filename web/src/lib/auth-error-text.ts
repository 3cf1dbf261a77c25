import { type AuthFlow, authErrorKey } from './auth-errors';
import { i18next } from './i18n';

/**
 * What a failed Amplify call means, as one translated sentence for a toast's description (spec 8: toasts show the
 * server's message when there is one): the mapped title and advice in the page's language, never the service's
 * English text.
 */
export function authErrorText(error: unknown, flow: AuthFlow): string {
  const key = authErrorKey(error, flow);
  if (key === 'unexpected') {
    console.error('Auth call failed', error);
    return i18next.t('errors:unexpected');
  }
  return `${i18next.t(`auth:errors.${key}.title`)}. ${i18next.t(`auth:errors.${key}.description`)}`;
}
