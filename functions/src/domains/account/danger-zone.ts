import type { LambdaEnv } from '@reviewroute/shared';
import { createCognitoAccountAdmin } from '../../data/account-admin';
import { createDynamoAccountDataRepository } from '../../data/account-data-repository';
import { createAssetCdn } from '../../data/asset-cdn';
import { assetStoreConfigFromEnv, createS3AssetStore, s3ClientOf } from '../../data/asset-store';
import { createDynamoBillingRepository } from '../../data/billing-repository';
import { tableEntities } from '../../data/client';
import { createDynamoProfileRepository } from '../../data/profile-repository';
import { createDynamoSurveyRepository } from '../../data/survey-repository';
import { createErasureService, type ErasureService } from './erasure-service';
import { createExportService, type ExportService } from './export-service';

/** The danger zone's services: the account export and the account erasure. */
export interface DangerZone {
  exports: ExportService;
  erasure: ErasureService;
}

/** Both services on the environment's table, bucket and user pool (the API handler and the worker share it). */
export function createDangerZone(env: LambdaEnv): DangerZone {
  const entities = tableEntities(env);
  const data = createDynamoAccountDataRepository(entities);
  const surveys = createDynamoSurveyRepository(entities);
  return {
    exports: createExportService({
      profiles: createDynamoProfileRepository(entities),
      surveys,
      billing: createDynamoBillingRepository(entities),
      data,
    }),
    erasure: createErasureService({
      data,
      surveys,
      assets: createS3AssetStore(() => assetStoreConfigFromEnv(env), s3ClientOf(env)),
      cdn: createAssetCdn(env),
      admin: createCognitoAccountAdmin(env),
    }),
  };
}
