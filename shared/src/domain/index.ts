// The zod-free part of shared: pure rules that even the smallest bundle (the public survey page) may import.
export * from './rating';
export * from './survey-link';
export * from './plans';
export * from './entitlements';
export * from './vat';
export * from './public-survey-rules';
export * from './language';
export * from './page-paths';
export * from './palette';
export * from './site';
export * from './html';
export * from './survey-texts';
export * from './iso-week';
export * from './date-time';
export * from './payment-methods';
export * from './money';
