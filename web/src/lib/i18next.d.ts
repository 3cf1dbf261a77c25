import 'i18next';
import { type resources } from './i18n';

// Typed translation keys: a missing or misspelt key fails the typecheck.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['en'];
  }
}
