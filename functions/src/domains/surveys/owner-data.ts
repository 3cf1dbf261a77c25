import {
  assetsBucketDefinition,
  isPublicAssetKey,
  surveyPagesPrefixOf,
  uploadKindField,
  type Survey,
} from '@reviewroute/shared';
import { logger } from '../../lib/logger';
import { createAssetCdn, type AssetCdn } from '../../data/asset-cdn';
import { assetStoreConfigFromEnv, createS3AssetStore, s3ClientOf, type AssetStore } from '../../data/asset-store';
import { defineOwnerData } from '../../data/owner-data';
import { createDynamoOwnerAlertStore, type OwnerAlertStore } from '../../data/owner-alert-store';
import { createDynamoRateLimiter, type RateWindowStore } from '../../data/rate-window';
import { createDynamoResponseStore, type ResponseStore } from '../../data/response-store';
import { createDynamoSurveyStats, type SurveyStatsStore } from '../../data/survey-stats';
import { createDynamoWebsiteReviews, type WebsiteReviewsStore } from '../../data/website-reviews';
import { createCloudFrontWrittenSurveyStore, type WrittenSurveyStore } from '../../data/written-survey-store';
import { surveyPageCdnPaths } from './survey-pages';

/**
 * A survey's own data in the erasure and the export: its images and uploads, its responses (each its own
 * idempotency record and click ticket), its rate window, its tally, its widget item and its alert window; the surveys themselves
 * on the export's first page and their responses page by page. (The survey item is the unit the erasure walks:
 * the account domain deactivates it first and deletes it last.)
 */
export const surveysOwnerData = defineOwnerData<{
  responses: Pick<ResponseStore, 'pageBySurvey' | 'delete'>;
  stats: Pick<SurveyStatsStore, 'deleteBySurvey'>;
  websiteReviews: Pick<WebsiteReviewsStore, 'deleteBySurvey'>;
  alerts: Pick<OwnerAlertStore, 'deleteBySurvey'>;
  rateLimiter: Pick<RateWindowStore, 'deleteByKey'>;
  assets: Pick<AssetStore, 'delete' | 'deletePrefix' | 'publicUrl'>;
  cdn: AssetCdn;
  written: WrittenSurveyStore;
}>({
  domain: 'surveys',
  storesOf: (entities, env) => ({
    responses: createDynamoResponseStore(entities),
    stats: createDynamoSurveyStats(entities),
    websiteReviews: createDynamoWebsiteReviews(entities),
    alerts: createDynamoOwnerAlertStore(entities),
    rateLimiter: createDynamoRateLimiter(entities),
    assets: createS3AssetStore(() => assetStoreConfigFromEnv(env), s3ClientOf(env)),
    cdn: createAssetCdn(env),
    written: createCloudFrontWrittenSurveyStore(env),
  }),
  create({ responses, stats, websiteReviews, alerts, rateLimiter, assets, cdn, written }, options = {}) {
    const pageSize = options.pageSize ?? 500;

    /** The key of one of our public files behind a survey's image URL, if it is one. */
    function publicKeyOf(url: string | null): string | undefined {
      if (!url) return undefined;
      const base = assets.publicUrl('');
      const key = url.startsWith(base) ? url.slice(base.length) : undefined;
      return key && isPublicAssetKey(key) ? key : undefined;
    }

    async function eraseFiles(survey: Survey) {
      const files = Object.values(uploadKindField).flatMap((field) => publicKeyOf(survey[field]) ?? []);
      await Promise.all(files.map((key) => assets.delete(key)));
      await assets.deletePrefix(`${assetsBucketDefinition.incomingPrefix}${survey.id}/`);
      // Its written pages (public page, disclosure page), which CloudFront keeps until invalidated.
      const pagePaths = survey.surveyCode ? surveyPageCdnPaths(survey.surveyCode) : [];
      if (survey.surveyCode) {
        // Out of CloudFront's record first, so no path is sent to a deleted page; a failure must not stop the erasure.
        await written.delete(survey.surveyCode).catch((error: unknown) => {
          logger.warn('Could not forget an erased survey’s written pages at the CDN', { error: String(error) });
        });
        await assets.deletePrefix(surveyPagesPrefixOf(survey.surveyCode));
      }
      // The CDN's copies expire on their own; an invalidation failure must not stop the erasure.
      await cdn
        .invalidate([...files.map((key) => new URL(assets.publicUrl(key)).pathname), ...pagePaths])
        .catch((error: unknown) => {
          logger.warn('Could not invalidate an erased survey’s images', { error: String(error) });
        });
    }

    /** One page of the survey's responses; how many went (0: none left). */
    async function eraseResponsePage(surveyId: string): Promise<number> {
      const { items } = await responses.pageBySurvey(surveyId, undefined, pageSize);
      await responses.delete(
        surveyId,
        items.map((r) => r.id),
      );
      return items.length;
    }

    return {
      async eraseSurvey(_userId, survey, timeUp) {
        await eraseFiles(survey);
        // The widget's comments go first, so none of an erased response stays on the owner's site meanwhile; and
        // again after the responses, in case the worker put one back from the stream before its response went.
        await websiteReviews.deleteBySurvey(survey.id);
        while ((await eraseResponsePage(survey.id)) > 0) if (timeUp()) return false;
        await rateLimiter.deleteByKey(`survey:${survey.id}`);
        await stats.deleteBySurvey(survey.id);
        await websiteReviews.deleteBySurvey(survey.id);
        await alerts.deleteBySurvey(survey.id);
        return true;
      },
      exportSummary: async (_userId, surveys) => ({ surveys: [...surveys] }),
      exportLists: {
        of: async () => ['responses'],
        async page(_userId, surveyId, _list, after, size) {
          const { items, next } = await responses.pageBySurvey(surveyId, after, size);
          return { page: { responses: items }, next };
        },
      },
    };
  },
});
