import { createDomainHandler, type DomainHandlerOptions } from '../../lib/http';
import { originCheckOf } from '../../lib/origin-verify';
import type { LambdaEnv } from '@reviewroute/shared';
import { processLambdaEnv } from '../../lib/env';
import { erasedCheckOf } from '../../lib/erasure-guard';
import { configureLogger } from '../../lib/logger';
import { mailLinkKeyOf } from '../../lib/mail-link-key';
import { tableEntities } from '../../data/client';
import { ownerRequestLimitOf } from '../../data/owner-request-limit';
import { createDynamoErasureRepository } from '../../data/erasure-repository';
import { createAssetCdn } from '../../data/asset-cdn';
import { assetStoreConfigFromEnv, createS3AssetStore, s3ClientOf } from '../../data/asset-store';
import { createDynamoProfileRepository } from '../../data/profile-repository';
import { createDynamoResponseStore } from '../../data/response-store';
import { createDynamoReviewRequestStore } from '../../data/review-requests';
import { createDynamoOwnerAlertStore } from '../../data/owner-alert-store';
import { createDynamoExportJobStore } from '../../data/export-jobs';
import { createDynamoSurveyStats } from '../../data/survey-stats';
import { createDynamoWebsiteReviews } from '../../data/website-reviews';
import { createDynamoSurveyRepository } from '../../data/survey-repository';
import { entitlementsReaderOf } from '../../entitlements/entitlements-reader';
import { createAlertLinkService, type AlertLinkService } from './alert-link';
import { createDashboardService, type DashboardService } from './dashboard-service';
import { createInboxService, type InboxService } from './inbox-service';
import { createSurveyService, type SurveyService } from './service';
import { createSurveyPages, type SurveyPagesDeps } from './survey-pages';
import { createSiteFiles } from '../../lib/site-files';
import { createS3SurveyPageStore } from '../../data/survey-page-store';
import { createCloudFrontWrittenSurveyStore } from '../../data/written-survey-store';

/**
 * The survey page's server renderer (React and the page's components), loaded on the first page written rather
 * than at every cold start, with the deployed site's shell and stylesheet.
 */
const renderWithSite =
  (site: ReturnType<typeof createSiteFiles>): SurveyPagesDeps['render'] =>
  async (survey, rulesSince) =>
    (await import('@reviewroute/web/survey-pages')).writtenSurveyPages(survey, rulesSince, site);

/** The owner survey API (routes of domain `surveys`); the services are built on first use. */
export function createSurveysHandler(
  serviceOf: () => SurveyService,
  dashboardOf: () => DashboardService,
  alertLinksOf: () => AlertLinkService,
  options?: DomainHandlerOptions,
  inboxOf: () => InboxService = () => {
    throw new Error('This surveys handler has no inbox service');
  },
) {
  return createDomainHandler(
    'surveys',
    {
      'list-surveys': async ({ owner }) => ({ body: { surveys: await serviceOf().list(owner.userId) } }),
      'create-survey': async ({ owner, body }) => ({ status: 201, body: await serviceOf().create(owner.userId, body) }),
      'get-survey': async ({ owner, params: { surveyId } }) => ({
        body: await serviceOf().get(owner.userId, surveyId),
      }),
      'update-survey': async ({ owner, params: { surveyId }, body }) => ({
        body: await serviceOf().update(owner.userId, surveyId, body),
      }),
      'get-survey-stats': async ({ owner, params: { surveyId } }) => ({
        body: await dashboardOf().stats(owner.userId, surveyId),
      }),
      'get-survey-insights': async ({ owner, params: { surveyId } }) => ({
        body: await dashboardOf().insights(owner.userId, surveyId),
      }),
      'get-onboarding': async ({ owner, params: { surveyId } }) => ({
        body: await dashboardOf().onboarding(owner.userId, surveyId),
      }),
      'delete-survey': async ({ owner, params: { surveyId } }) => {
        await serviceOf().remove(owner.userId, surveyId);
        return { status: 204 };
      },
      'publish-survey': async ({ owner, params: { surveyId } }) => ({
        body: await serviceOf().publish(owner.userId, surveyId),
      }),
      'create-upload': async ({ owner, params: { surveyId }, body }) => ({
        status: 201,
        body: await serviceOf().createUpload(owner.userId, surveyId, body),
      }),
      'confirm-upload': async ({ owner, params: { surveyId }, body }) => ({
        body: await serviceOf().confirmUpload(owner.userId, surveyId, body),
      }),
      'set-alerts-by-link': async ({ params: { token }, body }) => ({
        body: await alertLinksOf().set(token, body.lowRatingAlerts),
      }),
      'list-inbox': async ({ owner, params: { surveyId }, query }) => ({
        body: await inboxOf().page(owner.userId, surveyId, query),
      }),
      'set-inbox-state': async ({ owner, params: { surveyId }, body }) => ({
        body: await inboxOf().setState(owner.userId, surveyId, body.ids, body.state),
      }),
      'set-inbox-note': async ({ owner, params: { surveyId, responseId }, body }) => ({
        body: await inboxOf().setNote(owner.userId, surveyId, responseId, body.note),
      }),
      'hide-from-website': async ({ owner, params: { surveyId, responseId }, body }) => ({
        body: await inboxOf().hideFromWebsite(owner.userId, surveyId, responseId, body.reason),
      }),
    },
    options,
  );
}

/** The surveys Lambda for one environment (the local stack passes its own). */
export function createHandler(env: LambdaEnv) {
  configureLogger(env);
  const entities = tableEntities(env);
  let service: SurveyService | undefined;
  let dashboard: DashboardService | undefined;
  let alertLinks: AlertLinkService | undefined;
  let inbox: InboxService | undefined;
  return createSurveysHandler(
    () =>
      (service ??= createSurveyService({
        surveys: createDynamoSurveyRepository(entities),
        responses: createDynamoResponseStore(entities),
        stats: createDynamoSurveyStats(entities),
        requests: createDynamoReviewRequestStore(entities),
        alerts: createDynamoOwnerAlertStore(entities),
        exportJobs: createDynamoExportJobStore(entities),
        websiteReviews: createDynamoWebsiteReviews(entities),
        assets: createS3AssetStore(() => assetStoreConfigFromEnv(env), s3ClientOf(env)),
        cdn: createAssetCdn(env),
        profiles: createDynamoProfileRepository(entities),
        entitlementsOf: entitlementsReaderOf(env),
        siteOrigin: () => env.SITE_ORIGIN,
        pages: createSurveyPages({
          store: createS3SurveyPageStore(() => assetStoreConfigFromEnv(env), s3ClientOf(env)),
          written: createCloudFrontWrittenSurveyStore(env),
          cdn: createAssetCdn(env),
          render: renderWithSite(createSiteFiles(() => env.SITE_ORIGIN)),
        }),
      })),
    () =>
      (dashboard ??= createDashboardService({
        surveys: createDynamoSurveyRepository(entities),
        responses: createDynamoResponseStore(entities),
        stats: createDynamoSurveyStats(entities),
        profiles: createDynamoProfileRepository(entities),
      })),
    () =>
      (alertLinks ??= createAlertLinkService({
        surveys: createDynamoSurveyRepository(entities),
        key: mailLinkKeyOf(env),
      })),
    {
      originCheck: originCheckOf(env),
      isErased: erasedCheckOf(createDynamoErasureRepository(entities)),
      ownerLimit: ownerRequestLimitOf(env, entities),
    },
    () =>
      (inbox ??= createInboxService({
        surveys: createDynamoSurveyRepository(entities),
        responses: createDynamoResponseStore(entities),
      })),
  );
}

/** Lambda's entry: process.env, read when a variable is first needed. */
export const handler = createHandler(processLambdaEnv);
