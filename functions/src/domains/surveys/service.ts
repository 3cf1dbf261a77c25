import { createHash } from 'node:crypto';
import {
  businessSlug,
  defaultErrorMessages,
  detectImageType,
  emptySurveyValues,
  generateSurveyCode,
  imageContentTypes,
  imageSignatureBytes,
  incomingUploadKey,
  isIncomingUploadKeyOf,
  isPublicAssetKey,
  landingUrl,
  maxImageBytes,
  surveyDefaultsIn,
  surveyListItemSchema,
  surveyMessages,
  surveyPublishableSchema,
  surveySchema,
  surveySetupSteps,
  publicAssetKey,
  uploadKindField,
  type Survey,
  type SurveyCreate,
  type SurveyListItem,
  type SurveyUpdate,
  type UploadConfirm,
  type UploadKind,
  type UploadRequest,
  type UploadTicket,
  type Entitlements,
} from '@reviewroute/shared';
import { ApiError } from '../../lib/api-error';
import { newId } from '../../lib/ids';
import { logger } from '../../lib/logger';
import { parseInput } from '../../lib/validation';
import type { OwnerAlertStore } from '../../data/owner-alert-store';
import type { AssetCdn } from '../../data/asset-cdn';
import type { AssetStore } from '../../data/asset-store';
import type { ProfileRepository } from '../../data/profile-repository';
import type { ResponseStore } from '../../data/response-store';
import type { SurveyChanges, SurveyRepository } from '../../data/survey-repository';
import type { SurveyStatsStore } from '../../data/survey-stats';
import { StaleSurveyVersionError } from '../../data/survey-repository';
import type { ReviewRequestStore } from '../../data/review-requests';
import { exportFilePrefix } from '../../data/export-files';
import type { ExportJobStore } from '../../data/export-jobs';
import type { WebsiteReviewsStore } from '../../data/website-reviews';
import type { SurveyPages } from './survey-pages';

export interface SurveyServiceDeps {
  surveys: SurveyRepository;
  /** A deleted survey's responses and tally go through their owners. */
  responses: Pick<ResponseStore, 'deleteBySurvey'>;
  stats: Pick<SurveyStatsStore, 'deleteBySurvey'>;
  /** Its review requests (batches, recipients, contact marks) go with it. */
  requests: Pick<ReviewRequestStore, 'deleteBySurvey'>;
  /** Its low-rating alert windows (their digest entries quote its responses). */
  alerts: Pick<OwnerAlertStore, 'deleteBySurvey'>;
  /** Its CSV export jobs (their files are under `exportFilePrefix`). */
  exportJobs: Pick<ExportJobStore, 'deleteBySurvey'>;
  /** Its reviews widget's item (the consented comments its widget shows). */
  websiteReviews: Pick<WebsiteReviewsStore, 'deleteBySurvey'>;
  assets: AssetStore;
  /**
   * The published survey's static pages (its public page and disclosure page), written after every change and
   * deleted with it. Without it (tests of other parts) none are written.
   */
  pages?: SurveyPages;
  /** The CDN in front of the public files: a deleted file's path is invalidated. */
  cdn: AssetCdn;
  /** A new owner's profile starts from what step 1 says about them and their business. */
  profiles: Pick<ProfileRepository, 'prefill'>;
  /**
   * What the owner may do now (the entitlements reader), asked when a survey is about to become active
   * (decisions 22: active surveys per plan). Without it (tests of other parts) publishing is not limited.
   */
  entitlementsOf?: (userId: string) => Promise<Pick<Entitlements, 'state' | 'activeSurveys'>>;
  /** The site origin the absolute landing URL starts with (SITE_ORIGIN). */
  siteOrigin: () => string;
  now?: () => Date;
  /** Randomness for survey codes; crypto.getRandomValues by default. */
  randomBytes?: (n: number) => Uint8Array;
  newId?: () => string;
  /** How many codes to try before giving up; a collision among 31^8 codes is already very unlikely. */
  maxCodeAttempts?: number;
  /** Lifetime of a presigned upload. */
  uploadExpiresInSeconds?: number;
}

/** Ids this API hands out are UUIDs; anything else cannot exist (and must not reach DynamoDB as a key). */
const plausibleId = /^[A-Za-z0-9-]{1,64}$/;

const surveyNotFound = () => new ApiError('NOT_FOUND', surveyMessages.surveyNotFound);
const surveyChanged = () => new ApiError('SURVEY_CHANGED', defaultErrorMessages.SURVEY_CHANGED);
const fileRefused = (message: string) => new ApiError('VALIDATION_FAILED', message, { file: message });

export const toListItem = (s: Survey): SurveyListItem => surveyListItemSchema.parse(s);

/**
 * The owner's survey use cases. Inputs are plain values (the owner's id from the verified token and
 * the raw body), validated here with the shared schemas, so the rules hold whoever calls.
 */
export function createSurveyService(deps: SurveyServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const randomBytes = deps.randomBytes ?? ((n: number) => crypto.getRandomValues(new Uint8Array(n)));
  const makeId = deps.newId ?? (() => newId());
  const maxCodeAttempts = deps.maxCodeAttempts ?? 5;
  const uploadExpiresInSeconds = deps.uploadExpiresInSeconds ?? 300;
  const { surveys, responses, stats, assets, cdn } = deps;

  /** The owner's survey or 404: another owner's survey is indistinguishable from none. */
  async function owned(userId: string, surveyId: string): Promise<Survey> {
    if (!plausibleId.test(surveyId)) throw surveyNotFound();
    const survey = await surveys.get(userId, surveyId);
    if (!survey) throw surveyNotFound();
    return survey;
  }

  /** The key of a public file behind one of our own image URLs, if it is one. */
  function publicKeyOf(url: string | null): string | undefined {
    if (!url) return undefined;
    const base = assets.publicUrl('');
    const key = url.startsWith(base) ? url.slice(base.length) : undefined;
    return key && isPublicAssetKey(key) ? key : undefined;
  }

  /**
   * Deletes public files and invalidates their paths in the CDN. Housekeeping after the survey changed:
   * a failure is logged, never the owner's problem (the file is no longer referenced anywhere).
   */
  async function discard(keys: (string | undefined)[]): Promise<void> {
    const gone = [...new Set(keys.filter((k): k is string => k !== undefined))];
    if (gone.length === 0) return;
    try {
      await Promise.all(gone.map((key) => assets.delete(key)));
      await cdn.invalidate(gone.map((key) => new URL(assets.publicUrl(key)).pathname));
    } catch (error) {
      logger.warn('Could not discard replaced or removed images', { keys: gone, error: String(error) });
    }
  }

  /**
   * Refuses to make one more survey active beyond what the plan allows (decisions 22); a survey that is active
   * already (published again after an edit) takes nothing new. An expired account's active surveys stay
   * active and keep collecting: only a further one waits for the renewal. Two publishes racing on the last
   * place can both pass: a bounded overshoot by one, which the next check sees.
   */
  async function checkAllowance(userId: string, survey: Survey): Promise<void> {
    if (!deps.entitlementsOf || survey.isActive) return;
    const [{ state, activeSurveys: limit }, owned] = await Promise.all([
      deps.entitlementsOf(userId),
      surveys.listByOwner(userId),
    ]);
    if (limit === null) return;
    const active = owned.filter((s) => s.isActive && s.id !== survey.id).length;
    if (active < limit) return;
    const code = state.kind === 'trial-ended' || state.kind === 'expired' ? 'PLAN_EXPIRED' : 'SURVEY_LIMIT_REACHED';
    logger.info('Publishing refused by the plan', { kind: state.kind, active, limit });
    throw new ApiError(code, defaultErrorMessages[code]);
  }

  /** A survey that has its code already is only made active again; code and URL stay. */
  async function reactivate(userId: string, surveyId: string): Promise<Survey> {
    const active = await surveys.activate(userId, surveyId, now().toISOString());
    if (!active) throw surveyNotFound();
    return written(active);
  }

  /** A published survey's pages follow every change of it (a draft has none). */
  async function written(survey: Survey): Promise<Survey> {
    if (survey.surveyCode) await deps.pages?.write(survey);
    return survey;
  }

  /**
   * Validates the whole survey, then gives it its code, slug and absolute landing URL and makes it
   * active (decisions 5). A survey that already has a code keeps it, and its URL, for good. Only a
   * taken code is tried again, with a new one, a bounded number of times; a busy table is retried
   * (and finally answered) by the repository.
   */
  async function publish(userId: string, surveyId: string): Promise<Survey> {
    const survey = await owned(userId, surveyId);
    parseInput(surveyPublishableSchema, survey);
    await checkAllowance(userId, survey);
    if (survey.surveyCode) return reactivate(userId, surveyId);
    // A name with no letters or digits at all (e.g. only emoji) would give an empty slug.
    const slug = businessSlug(survey.businessName) || 'survey';
    for (let attempt = 1; attempt <= maxCodeAttempts; attempt++) {
      const surveyCode = generateSurveyCode(randomBytes);
      const outcome = await surveys.publish(userId, surveyId, {
        surveyCode,
        businessSlug: slug,
        landingPageUrl: landingUrl(deps.siteOrigin(), surveyCode, slug, survey.language),
        publishedAt: now().toISOString(),
      });
      if (outcome === 'not-found') throw surveyNotFound();
      // A concurrent publish won: its code stands.
      if (outcome === 'already-published') return reactivate(userId, surveyId);
      if (outcome === 'published') return written(await owned(userId, surveyId));
      logger.warn('Survey code collision, trying another', { attempt });
    }
    throw new Error(`No free survey code after ${maxCodeAttempts} attempts`);
  }

  return {
    async list(userId: string): Promise<SurveyListItem[]> {
      return (await surveys.listByOwner(userId)).map(toListItem);
    },

    /** A draft from step 1 (spec 4): no code, not active; the spec's defaults for everything not given. */
    async create(userId: string, data: SurveyCreate): Promise<Survey> {
      const at = now().toISOString();
      const survey = surveySchema.parse({
        ...emptySurveyValues,
        // A survey made in Dutch starts with the Dutch default texts (decisions 17).
        ...surveyDefaultsIn(data.language ?? emptySurveyValues.language!),
        ...data,
        id: makeId(),
        userId,
        status: 'draft',
        isActive: false,
        version: 1,
        // A survey is made from a complete step 1.
        completedSteps: ['business'],
        reviewRulesSince: at,
        createdAt: at,
        updatedAt: at,
      });
      await surveys.create(survey);
      await deps.profiles.prefill(userId, {
        fullName: survey.businessOwnerName,
        businessName: survey.businessName,
        businessIndustry: survey.industry ?? '',
      });
      return survey;
    },

    get: owned,

    /**
     * Partial, per step: only the fields present change, and only on the version the edit started from (the
     * stored one); a survey written since (another tab or device) is not overwritten: 409 SURVEY_CHANGED.
     */
    async update(userId: string, surveyId: string, update: SurveyUpdate): Promise<Survey> {
      const { version, completedStep, ...fields } = update;
      const current = await owned(userId, surveyId);
      if (current.version !== version) throw surveyChanged();
      const changes: SurveyChanges = { ...fields };
      if (completedStep && !current.completedSteps.includes(completedStep)) {
        // In step order, whatever order they were completed in.
        changes.completedSteps = surveySetupSteps.filter(
          (step) => step === completedStep || current.completedSteps.includes(step),
        );
      }
      // The link follows the language (decisions 17); code and slug stay, so a link already out, in
      // either language, keeps working (the public page serves both paths).
      if (changes.language && current.surveyCode && current.businessSlug && changes.language !== current.language) {
        changes.landingPageUrl = landingUrl(
          deps.siteOrigin(),
          current.surveyCode,
          current.businessSlug,
          changes.language,
        );
      }
      // The disclosure page says since when its rules apply: they change with the switch of decisions 6.
      if (
        changes.offerPublicReviewToEveryone !== undefined &&
        changes.offerPublicReviewToEveryone !== current.offerPublicReviewToEveryone
      ) {
        changes.reviewRulesSince = now().toISOString();
      }
      // The read above answers most stale edits; the version condition also those racing it.
      const updated = await surveys
        .update(userId, surveyId, changes, now().toISOString(), { expectedVersion: version })
        .catch((error: unknown) => {
          throw error instanceof StaleSurveyVersionError ? surveyChanged() : error;
        });
      if (!updated) throw surveyNotFound();
      // A removed image's file goes too.
      await discard(
        Object.values(uploadKindField).map((field) =>
          changes[field] === null ? publicKeyOf(current[field]) : undefined,
        ),
      );
      return written(updated);
    },

    publish,

    /** The survey, its code, tally, responses, review requests and its image files. */
    async remove(userId: string, surveyId: string): Promise<void> {
      const survey = await owned(userId, surveyId);
      // Files first, the survey last: a failure half-way leaves the survey (and its URLs) to delete again.
      const files = Object.values(uploadKindField).flatMap((field) => publicKeyOf(survey[field]) ?? []);
      await Promise.all(files.map((key) => assets.delete(key)));
      await cdn.invalidate(files.map((key) => new URL(assets.publicUrl(key)).pathname)).catch((error: unknown) => {
        logger.warn('Could not invalidate a deleted survey’s images', { error: String(error) });
      });
      // Its pages: the link answers as an unknown survey's from now on.
      await deps.pages?.remove(survey);
      // Inactive before its responses go: a public submit checks it in its transaction, so none lands after.
      await surveys.deactivate(userId, surveyId);
      // Its widget's comments before their responses, and again after (the worker may put one back meanwhile).
      await deps.websiteReviews.deleteBySurvey(surveyId);
      await responses.deleteBySurvey(surveyId);
      await deps.requests.deleteBySurvey(userId, surveyId);
      // After the responses: a review click needs its response, so nothing counts in the tally after this.
      await stats.deleteBySurvey(surveyId);
      await deps.websiteReviews.deleteBySurvey(surveyId);
      await deps.alerts.deleteBySurvey(surveyId);
      // Its exports: an export still running finds its job gone and aborts its upload.
      await assets.deletePrefix(exportFilePrefix(surveyId));
      await deps.exportJobs.deleteBySurvey(surveyId);
      await surveys.delete(userId, surveyId, survey.surveyCode);
    },

    /**
     * A presigned POST for one image (decisions 13) into the private incoming prefix; the policy enforces
     * the key, the type and the 2 MB cap at S3. Nothing is public until the confirm step copied it.
     */
    async createUpload(userId: string, surveyId: string, { kind, contentType }: UploadRequest): Promise<UploadTicket> {
      await owned(userId, surveyId);
      const issuedAt = now();
      const key = incomingUploadKey(surveyId, kind, Buffer.from(randomBytes(24)).toString('base64url'));
      const { url, fields } = await assets.presignUpload({
        key,
        contentType,
        maxBytes: maxImageBytes,
        expiresInSeconds: uploadExpiresInSeconds,
      });
      return {
        url,
        fields,
        key,
        expiresAt: new Date(issuedAt.getTime() + uploadExpiresInSeconds * 1000).toISOString(),
        maxBytes: maxImageBytes,
      };
    },

    /**
     * Checks the uploaded object itself (size, magic bytes), copies it to its public key and saves that
     * URL, then deletes the incoming object; a refused object is deleted and the previous URL stays. The
     * public key derives from the incoming one, so confirming an upload again (even after the same ticket
     * posted new bytes) finds its URL already saved and changes nothing: a confirmed file never changes.
     * A replaced image's file is deleted after the save.
     */
    async confirmUpload(userId: string, surveyId: string, { kind, key }: UploadConfirm): Promise<Survey> {
      const survey = await owned(userId, surveyId);
      if (!isIncomingUploadKeyOf(key, surveyId, kind as UploadKind)) {
        throw new ApiError('VALIDATION_FAILED', surveyMessages.uploadKeyInvalid, {
          key: surveyMessages.uploadKeyInvalid,
        });
      }
      const field = uploadKindField[kind as UploadKind];
      const name = createHash('sha256').update(`public-file\n${key}`).digest('base64url');
      const confirmed = Object.keys(imageContentTypes).map((t) => assets.publicUrl(publicAssetKey(name, t as never)));
      if (survey[field] !== null && confirmed.includes(survey[field])) {
        await assets.delete(key);
        return survey;
      }

      const size = await assets.size(key);
      if (size === undefined) {
        throw new ApiError('VALIDATION_FAILED', surveyMessages.uploadNotFound, { file: surveyMessages.uploadNotFound });
      }
      if (size > maxImageBytes) {
        await assets.delete(key);
        throw fileRefused(surveyMessages.fileTooLarge);
      }
      const type = detectImageType(await assets.readStart(key, imageSignatureBytes));
      if (!type) {
        await assets.delete(key);
        throw fileRefused(surveyMessages.fileTypeNotAllowed);
      }

      // Served with the type its bytes are, whatever the upload declared.
      const publicKey = publicAssetKey(name, type);
      await assets.copy(key, publicKey, type);
      await assets.delete(key);
      const updated = await surveys.update(
        userId,
        surveyId,
        { [field]: assets.publicUrl(publicKey) },
        now().toISOString(),
      );
      if (!updated) {
        await assets.delete(publicKey);
        throw surveyNotFound();
      }
      const previous = publicKeyOf(survey[field]);
      if (previous !== publicKey) await discard([previous]);
      return written(updated);
    },
  };
}

export type SurveyService = ReturnType<typeof createSurveyService>;
