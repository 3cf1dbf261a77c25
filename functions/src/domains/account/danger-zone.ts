import type { LambdaEnv } from '@reviewroute/shared';
import { createCognitoAccountAdmin } from '../../data/account-admin';
import { tableEntities } from '../../data/client';
import { createDynamoErasureRepository } from '../../data/erasure-repository';
import { createDynamoSurveyRepository } from '../../data/survey-repository';
import { ownerDataPartsOf } from '../../owner-data';
import { createErasureService, type ErasureService } from './erasure-service';
import { createExportService, type ExportService } from './export-service';

/** The danger zone's services: the account export and the account erasure. */
export interface DangerZone {
  exports: ExportService;
  erasure: ErasureService;
}

/**
 * Both services on the environment's table, bucket and user pool (the API handler and the worker share it), over
 * every domain's part of the owner's data (the registry, functions/src/owner-data.ts).
 */
export function createDangerZone(env: LambdaEnv): DangerZone {
  const entities = tableEntities(env);
  const surveys = createDynamoSurveyRepository(entities);
  const parts = ownerDataPartsOf(entities, env);
  return {
    exports: createExportService({ surveys, parts }),
    erasure: createErasureService({
      erasures: createDynamoErasureRepository(entities),
      surveys,
      parts,
      admin: createCognitoAccountAdmin(env),
    }),
  };
}
