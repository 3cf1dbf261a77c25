import { publicSurveySchema, type Survey } from '@reviewroute/shared';
import {
  landingPath,
  languages,
  surveyDisclosureKey,
  surveyPageKey,
  surveyPagesPrefixOf,
} from '@reviewroute/shared/domain';
import type { writtenSurveyPages } from '@reviewroute/web/survey-pages';
import type { AssetCdn } from '../../data/asset-cdn';
import { surveyPageKeysOf, type SurveyPageStore } from '../../data/survey-page-store';
import type { WrittenSurveyStore } from '../../data/written-survey-store';
import { logger } from '../../lib/logger';

/**
 * A published survey's static pages (its public page with its content, so it paints before any script, and its
 * disclosure page; decisions 27): written at publish and after every edit, deleted with the survey. A page that
 * could not be written is logged, never the owner's problem: its path then gets the page's script shell, which
 * renders the survey from the API as before.
 */
export interface SurveyPages {
  write(survey: Survey): Promise<void>;
  remove(survey: Pick<Survey, 'surveyCode'>): Promise<void>;
}

export interface SurveyPagesDeps {
  store: SurveyPageStore;
  /** CloudFront's record of the surveys whose pages are written: only these are served from the objects. */
  written: WrittenSurveyStore;
  cdn: AssetCdn;
  /** The server renderer (web's `writtenSurveyPages`, with the deployed site's files). */
  render: (
    survey: Parameters<typeof writtenSurveyPages>[0],
    rulesSince: string,
  ) => ReturnType<typeof writtenSurveyPages>;
}

/**
 * The CDN paths the pages are cached at: every path of the survey's code, under every language's prefix, and the
 * objects' own paths (CloudFront's routing function serves a written page under its object's path, so it is cached
 * there).
 */
export const surveyPageCdnPaths = (surveyCode: string): string[] => [
  ...languages.map((language) => `${landingPath(encodeURIComponent(surveyCode), '', language).replace(/\/+$/, '')}*`),
  `/${surveyPagesPrefixOf(encodeURIComponent(surveyCode))}*`,
];

export function createSurveyPages({ store, written, cdn, render }: SurveyPagesDeps): SurveyPages {
  async function invalidate(surveyCode: string) {
    await cdn.invalidate(surveyPageCdnPaths(surveyCode)).catch((error: unknown) => {
      logger.warn('Could not invalidate a survey’s pages', { error: String(error) });
    });
  }

  return {
    async write(survey) {
      const code = survey.surveyCode;
      if (!code || !survey.isActive) return;
      try {
        // Surveys stored before the date was kept: their rules have applied since they were made.
        const { page, disclosure } = await render(
          publicSurveySchema.parse(survey),
          survey.reviewRulesSince ?? survey.createdAt,
        );
        const language = survey.language;
        await Promise.all([
          store.put(surveyPageKey(code, language), page),
          store.put(surveyDisclosureKey(code, language), disclosure),
        ]);
        // A language change moved the link (decisions 17): the other language's pages go.
        const current = [surveyPageKey(code, language), surveyDisclosureKey(code, language)];
        // Recorded after the objects exist (the routing function serves them from then on), in their language only.
        await written.put(code, [language]).catch((error: unknown) => {
          logger.warn('Could not record a survey’s written pages at the CDN', { error: String(error) });
        });
        await store.delete(surveyPageKeysOf(code).filter((key) => !current.includes(key)));
        await invalidate(code);
      } catch (error) {
        logger.warn('Could not write a survey’s pages', { error: String(error) });
      }
    },

    async remove({ surveyCode }) {
      if (!surveyCode) return;
      // Forgotten before the objects go, so the routing function never sends a path to a deleted object.
      await written.delete(surveyCode).catch((error: unknown) => {
        logger.warn('Could not forget a survey’s written pages at the CDN', { error: String(error) });
      });
      await store.delete(surveyPageKeysOf(surveyCode));
      await invalidate(surveyCode);
    },
  };
}
