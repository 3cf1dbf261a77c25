export * from './routes';
export * from './errors';
export * from './primitives';
export * from './table';
export * from './api';
