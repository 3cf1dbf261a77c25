import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, type Language, languages } from '@reviewroute/shared';
import enAccount from '@/locales/en/account.json';
import enAuth from '@/locales/en/auth.json';
import enBilling from '@/locales/en/billing.json';
import enCommon from '@/locales/en/common.json';
import enDashboard from '@/locales/en/dashboard.json';
import enErrors from '@/locales/en/errors.json';
import enInbox from '@/locales/en/inbox.json';
import enMarketing from '@/locales/en/marketing.json';
import enRequests from '@/locales/en/requests.json';
import enSecurity from '@/locales/en/security.json';
import enWizard from '@/locales/en/wizard.json';
import nlAccount from '@/locales/nl/account.json';
import nlAuth from '@/locales/nl/auth.json';
import nlBilling from '@/locales/nl/billing.json';
import nlCommon from '@/locales/nl/common.json';
import nlDashboard from '@/locales/nl/dashboard.json';
import nlErrors from '@/locales/nl/errors.json';
import nlInbox from '@/locales/nl/inbox.json';
import nlMarketing from '@/locales/nl/marketing.json';
import nlRequests from '@/locales/nl/requests.json';
import nlSecurity from '@/locales/nl/security.json';
import nlWizard from '@/locales/nl/wizard.json';
import { languageOfPath } from './language';

/**
 * Catalogues are bundled (spec 7: no network call for translations) and split into namespaces per area, so a
 * page such as the public survey can later ship with only its own namespace.
 */
export const resources = {
  en: {
    common: enCommon,
    account: enAccount,
    auth: enAuth,
    billing: enBilling,
    security: enSecurity,
    dashboard: enDashboard,
    errors: enErrors,
    marketing: enMarketing,
    wizard: enWizard,
    inbox: enInbox,
    requests: enRequests,
  },
  nl: {
    common: nlCommon,
    account: nlAccount,
    auth: nlAuth,
    billing: nlBilling,
    security: nlSecurity,
    dashboard: nlDashboard,
    errors: nlErrors,
    marketing: nlMarketing,
    wizard: nlWizard,
    inbox: nlInbox,
    requests: nlRequests,
  },
} as const;

export const namespaces = Object.keys(resources.en) as (keyof (typeof resources)['en'])[];

/** Initialises i18next synchronously in the language of the current path, so the first render is right. */
export function initI18n(language: Language = languageOfPath(window.location.pathname)) {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: defaultLanguage,
      supportedLngs: [...languages],
      ns: namespaces,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
  } else if (i18next.language !== language) {
    void i18next.changeLanguage(language);
  }
  setDocumentLanguage(language);
  return i18next;
}

/** Keeps <html lang> in step with the shown language (screen readers and axe rely on it). */
export function setDocumentLanguage(language: Language): void {
  // The build's prerender has no document; its HTML gets the language from the page it writes.
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export { i18next };
