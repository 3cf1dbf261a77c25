import { Logger } from '@aws-lambda-powertools/logger';

/** One logger for every handler; service name and level come from POWERTOOLS_* env vars. */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'reviewroute' });
