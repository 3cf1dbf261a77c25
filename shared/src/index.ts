export * from './routes';
export * from './errors';
export * from './primitives';
export * from './table';
export * from './api';
export * from './domain/rating';
export * from './domain/survey-link';
export * from './domain/plans';
