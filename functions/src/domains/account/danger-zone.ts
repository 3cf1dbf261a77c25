import type { LambdaEnv } from '@reviewroute/shared';
import { createCognitoAccountAdmin } from '../../data/account-admin';
import { createAssetCdn } from '../../data/asset-cdn';
import { assetStoreConfigFromEnv, createS3AssetStore, s3ClientOf } from '../../data/asset-store';
import { createDynamoBillingRepository } from '../../data/billing-repository';
import { tableEntities } from '../../data/client';
import { createDynamoErasureRepository } from '../../data/erasure-repository';
import { createDynamoInvoiceRepository } from '../../data/invoice-repository';
import { createDynamoProfileRepository } from '../../data/profile-repository';
import { createDynamoRateLimiter } from '../../data/rate-window';
import { createDynamoResponseStore } from '../../data/response-store';
import { createDynamoReviewRequestStore } from '../../data/review-requests';
import { createDynamoSurveyRepository } from '../../data/survey-repository';
import { createDynamoOwnerAlertStore } from '../../data/owner-alert-store';
import { createDynamoSurveyStats } from '../../data/survey-stats';
import { createErasureService, type ErasureService } from './erasure-service';
import { createExportService, type ExportService } from './export-service';
import { createDynamoExportJobStore } from '../../data/export-jobs';

/** The danger zone's services: the account export and the account erasure. */
export interface DangerZone {
  exports: ExportService;
  erasure: ErasureService;
}

/** Both services on the environment's table, bucket and user pool (the API handler and the worker share it). */
export function createDangerZone(env: LambdaEnv): DangerZone {
  const entities = tableEntities(env);
  const surveys = createDynamoSurveyRepository(entities);
  const responses = createDynamoResponseStore(entities);
  const profiles = createDynamoProfileRepository(entities);
  const billing = createDynamoBillingRepository(entities);
  const invoices = createDynamoInvoiceRepository(entities);
  const requests = createDynamoReviewRequestStore(entities);
  return {
    exports: createExportService({ profiles, surveys, billing, invoices, responses, requests }),
    erasure: createErasureService({
      erasures: createDynamoErasureRepository(entities),
      surveys,
      responses,
      stats: createDynamoSurveyStats(entities),
      alerts: createDynamoOwnerAlertStore(entities),
      rateLimiter: createDynamoRateLimiter(entities),
      profiles,
      billing,
      invoices,
      requests,
      exportJobs: createDynamoExportJobStore(entities),
      assets: createS3AssetStore(() => assetStoreConfigFromEnv(env), s3ClientOf(env)),
      cdn: createAssetCdn(env),
      admin: createCognitoAccountAdmin(env),
    }),
  };
}
