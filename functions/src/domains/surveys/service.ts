import {
  businessSlug,
  detectImageType,
  emptySurveyValues,
  generateSurveyCode,
  imageSignatureBytes,
  isUploadKeyOf,
  landingUrl,
  maxImageBytes,
  surveyAssetPrefix,
  surveyCreateSchema,
  surveyDefaults,
  surveyListItemSchema,
  surveyMessages,
  surveyPublishableSchema,
  surveySchema,
  surveyUpdateSchema,
  uploadConfirmSchema,
  uploadKindField,
  uploadObjectKey,
  uploadRequestSchema,
  type Survey,
  type SurveyListItem,
  type UploadKind,
  type UploadTicket,
} from '@reviewroute/shared';
import { ApiError } from '../../lib/api-error';
import { newId } from '../../lib/ids';
import { logger } from '../../lib/logger';
import { parseInput } from '../../lib/validation';
import type { AssetStore, ResponseRepository, SurveyChanges, SurveyRepository } from '../../data/repositories';

export interface SurveyServiceDeps {
  surveys: SurveyRepository;
  /** A deleted survey's responses go through their own repository. */
  responses: Pick<ResponseRepository, 'deleteBySurvey'>;
  assets: AssetStore;
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
  const { surveys, responses, assets } = deps;

  /** The owner's survey or 404: another owner's survey is indistinguishable from none. */
  async function owned(userId: string, surveyId: string): Promise<Survey> {
    if (!plausibleId.test(surveyId)) throw surveyNotFound();
    const survey = await surveys.get(userId, surveyId);
    if (!survey) throw surveyNotFound();
    return survey;
  }

  /** The object key behind one of our own public URLs of this survey, if it is one. */
  function ownKeyOf(url: string | null, userId: string, surveyId: string): string | undefined {
    if (!url) return undefined;
    const prefix = surveyAssetPrefix(userId, surveyId);
    const base = assets.publicUrl(prefix);
    return url.startsWith(base) ? prefix + url.slice(base.length) : undefined;
  }

  /** A survey that has its code already is only made active again; code and URL stay. */
  async function reactivate(userId: string, surveyId: string): Promise<Survey> {
    const active = await surveys.activate(userId, surveyId, now().toISOString());
    if (!active) throw surveyNotFound();
    return active;
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
    if (survey.surveyCode) return reactivate(userId, surveyId);
    // A name with no letters or digits at all (e.g. only emoji) would give an empty slug.
    const slug = businessSlug(survey.businessName) || 'survey';
    for (let attempt = 1; attempt <= maxCodeAttempts; attempt++) {
      const surveyCode = generateSurveyCode(randomBytes);
      const outcome = await surveys.publish(userId, surveyId, {
        surveyCode,
        businessSlug: slug,
        landingPageUrl: landingUrl(deps.siteOrigin(), surveyCode, slug),
        publishedAt: now().toISOString(),
      });
      if (outcome === 'not-found') throw surveyNotFound();
      // A concurrent publish won: its code stands.
      if (outcome === 'already-published') return reactivate(userId, surveyId);
      if (outcome === 'published') return owned(userId, surveyId);
      logger.warn('Survey code collision, trying another', { attempt });
    }
    throw new Error(`No free survey code after ${maxCodeAttempts} attempts`);
  }

  return {
    async list(userId: string): Promise<SurveyListItem[]> {
      return (await surveys.listByOwner(userId)).map(toListItem);
    },

    /** A draft from step 1 (spec 4): no code, not active; the spec's defaults for everything not given. */
    async create(userId: string, input: unknown): Promise<Survey> {
      const data = parseInput(surveyCreateSchema, input);
      const at = now().toISOString();
      const survey = surveySchema.parse({
        ...emptySurveyValues,
        ...surveyDefaults,
        ...data,
        id: makeId(),
        userId,
        status: 'draft',
        isActive: false,
        createdAt: at,
        updatedAt: at,
      });
      await surveys.create(survey);
      return survey;
    },

    get: owned,

    /** Partial, per step: only the fields present change. */
    async update(userId: string, surveyId: string, input: unknown): Promise<Survey> {
      await owned(userId, surveyId);
      const changes: SurveyChanges = parseInput(surveyUpdateSchema, input);
      const updated = await surveys.update(userId, surveyId, changes, now().toISOString());
      if (!updated) throw surveyNotFound();
      return updated;
    },

    publish,

    /** The survey, its code, tally, responses and every object under `{userId}/{surveyId}/`. */
    async remove(userId: string, surveyId: string): Promise<void> {
      const survey = await owned(userId, surveyId);
      // Objects first, the survey last: a failure half-way leaves the survey there to delete again.
      await assets.deletePrefix(surveyAssetPrefix(userId, surveyId));
      // Inactive before its responses go: a public submit checks it in its transaction, so none lands after.
      await surveys.deactivate(userId, surveyId);
      await responses.deleteBySurvey(surveyId);
      await surveys.delete(userId, surveyId, survey.surveyCode);
    },

    /** A presigned POST for one image (decisions 13); the policy enforces the type and the 2 MB cap at S3. */
    async createUpload(userId: string, surveyId: string, input: unknown): Promise<UploadTicket> {
      await owned(userId, surveyId);
      const { kind, contentType } = parseInput(uploadRequestSchema, input);
      const issuedAt = now();
      const key = uploadObjectKey(userId, surveyId, kind, issuedAt.getTime(), contentType);
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
     * Checks the stored object itself (size, magic bytes) before its URL is saved; a refused object is
     * deleted and the previous URL stays. A replaced image's object is deleted after the save.
     */
    async confirmUpload(userId: string, surveyId: string, input: unknown): Promise<Survey> {
      const survey = await owned(userId, surveyId);
      const { kind, key } = parseInput(uploadConfirmSchema, input);
      if (!isUploadKeyOf(key, userId, surveyId, kind)) {
        throw new ApiError('VALIDATION_FAILED', surveyMessages.uploadKeyInvalid, {
          key: surveyMessages.uploadKeyInvalid,
        });
      }
      const field = uploadKindField[kind as UploadKind];
      const url = assets.publicUrl(key);
      if (survey[field] === url) return survey;

      const size = await assets.size(key);
      if (size === undefined) {
        throw new ApiError('VALIDATION_FAILED', surveyMessages.uploadNotFound, { file: surveyMessages.uploadNotFound });
      }
      if (size > maxImageBytes) {
        await assets.delete(key);
        throw fileRefused(surveyMessages.fileTooLarge);
      }
      if (!detectImageType(await assets.readStart(key, imageSignatureBytes))) {
        await assets.delete(key);
        throw fileRefused(surveyMessages.fileTypeNotAllowed);
      }

      const updated = await surveys.update(userId, surveyId, { [field]: url }, now().toISOString());
      if (!updated) {
        await assets.delete(key);
        throw surveyNotFound();
      }
      const previousKey = ownKeyOf(survey[field], userId, surveyId);
      if (previousKey && previousKey !== key) {
        // Housekeeping only: a leftover object costs cents and goes with the survey.
        await assets.delete(previousKey).catch((error: unknown) => {
          logger.warn('Could not delete a replaced image', { key: previousKey, error: String(error) });
        });
      }
      return updated;
    },
  };
}

export type SurveyService = ReturnType<typeof createSurveyService>;
