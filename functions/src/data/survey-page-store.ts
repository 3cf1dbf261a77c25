import { DeleteObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { languages, surveyDisclosureKey, surveyPageKey, type Language } from '@reviewroute/shared/domain';
import type { S3AssetStoreConfig } from './asset-store';

/**
 * Where a published survey's written pages live (`shared/src/domain/survey-pages.ts`): the assets bucket's public
 * prefix, one object per page and language, served by CloudFront at the survey's own paths.
 */
export interface SurveyPageStore {
  /** Writes (or replaces) one page. */
  put(key: string, html: string): Promise<void>;
  /** Deletes these pages (absent ones are fine). */
  delete(keys: readonly string[]): Promise<void>;
}

/**
 * Browsers ask again after a minute (as the survey read's own Cache-Control says); CloudFront keeps the page until
 * the next write or delete invalidates its paths.
 */
export const surveyPageCacheControl = 'public, max-age=60, s-maxage=31536000';

/** Every key a survey's pages can have: both pages in every language. */
export const surveyPageKeysOf = (surveyCode: string): string[] =>
  languages.flatMap((language: Language) => [
    surveyPageKey(surveyCode, language),
    surveyDisclosureKey(surveyCode, language),
  ]);

export function createS3SurveyPageStore(configOf: () => S3AssetStoreConfig, clientOf: () => S3Client): SurveyPageStore {
  return {
    async put(key, html) {
      await clientOf().send(
        new PutObjectCommand({
          Bucket: configOf().bucket,
          Key: key,
          Body: html,
          ContentType: 'text/html; charset=utf-8',
          CacheControl: surveyPageCacheControl,
        }),
      );
    },

    // By key rather than by listing the prefix: a few deletes, no List right needed, and idempotent.
    async delete(keys) {
      const { bucket } = configOf();
      await Promise.all(keys.map((key) => clientOf().send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))));
    },
  };
}
