import type { LambdaEnv } from '@reviewroute/shared';
import { tableEntities } from '../../data/client';
import { ownerRequestLimitOf } from '../../data/owner-request-limit';
import { createDynamoErasureRepository } from '../../data/erasure-repository';
import { createDynamoExportJobStore } from '../../data/export-jobs';
import { createCognitoOwnerContacts } from '../../data/owner-contacts';
import { createDynamoRateLimiter } from '../../data/rate-window';
import { createDynamoSurveyRepository } from '../../data/survey-repository';
import { processLambdaEnv } from '../../lib/env';
import { erasedCheckOf } from '../../lib/erasure-guard';
import { createDomainHandler, type DomainHandlerOptions } from '../../lib/http';
import { configureLogger } from '../../lib/logger';
import { originCheckOf } from '../../lib/origin-verify';
import { exportFilesOf } from './export-files-of';
import { createExportService, type ExportService } from './service';

/** The CSV export API (domain `exports`); the service is built on first use. */
export function createExportsHandler(serviceOf: () => ExportService, options?: DomainHandlerOptions) {
  return createDomainHandler(
    'exports',
    {
      'start-export': async ({ owner, params: { surveyId }, body }) => ({
        status: 202,
        body: await serviceOf().start(owner.userId, surveyId, body),
      }),
      'get-export': async ({ owner, params: { surveyId, exportId } }) => ({
        body: await serviceOf().status(owner.userId, surveyId, exportId),
      }),
    },
    options,
  );
}

/** The exports Lambda for one environment (the local stack passes its own). */
export function createHandler(env: LambdaEnv) {
  configureLogger(env);
  const entities = tableEntities(env);
  let service: ExportService | undefined;
  return createExportsHandler(
    () =>
      (service ??= createExportService({
        surveys: createDynamoSurveyRepository(entities),
        jobs: createDynamoExportJobStore(entities),
        limiter: createDynamoRateLimiter(entities),
        files: exportFilesOf(env),
        contacts: createCognitoOwnerContacts(env),
      })),
    {
      originCheck: originCheckOf(env),
      isErased: erasedCheckOf(createDynamoErasureRepository(entities)),
      ownerLimit: ownerRequestLimitOf(env, entities),
    },
  );
}

/** Lambda's entry: process.env, read when a variable is first needed. */
export const handler = createHandler(processLambdaEnv);
