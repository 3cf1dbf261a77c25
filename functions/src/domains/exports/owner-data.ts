import { assetStoreConfigFromEnv, createS3AssetStore, s3ClientOf, type AssetStore } from '../../data/asset-store';
import { exportFilePrefix } from '../../data/export-files';
import { createDynamoExportJobStore, type ExportJobStore } from '../../data/export-jobs';
import { defineOwnerData } from '../../data/owner-data';
import { createDynamoRateLimiter, type RateWindowStore } from '../../data/rate-window';
import { exportRateKey } from './service';

/**
 * A survey's CSV exports in the erasure: their jobs and their files. (The account export does not list them:
 * each file is a copy of the responses the export holds anyway, and expires on its own.)
 */
export const exportsOwnerData = defineOwnerData<{
  exportJobs: Pick<ExportJobStore, 'deleteBySurvey'>;
  assets: Pick<AssetStore, 'deletePrefix'>;
  rateLimiter: Pick<RateWindowStore, 'deleteByKey'>;
}>({
  domain: 'exports',
  storesOf: (entities, env) => ({
    exportJobs: createDynamoExportJobStore(entities),
    assets: createS3AssetStore(() => assetStoreConfigFromEnv(env), s3ClientOf(env)),
    rateLimiter: createDynamoRateLimiter(entities),
  }),
  create({ exportJobs, assets, rateLimiter }) {
    return {
      async eraseSurvey(_userId, survey) {
        await assets.deletePrefix(exportFilePrefix(survey.id));
        await exportJobs.deleteBySurvey(survey.id);
        return true;
      },
      // The hour's count of exports started names the owner.
      async eraseOwner(userId) {
        await rateLimiter.deleteByKey(exportRateKey(userId));
      },
    };
  },
});
