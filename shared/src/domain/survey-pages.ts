import { languages, type Language } from './language';
import { languageOfPath, pagePattern } from './page-paths';
import { surveyCodePattern, surveyPathPattern } from './survey-link';

/**
 * A published survey's two static pages (its public page with the survey's content, and its disclosure page),
 * written to the assets bucket's public prefix at publish and at every edit, deleted with the survey. CloudFront
 * (and locally the servers that stand in for it) serve them at the survey's own paths; a path whose object is
 * missing gets what an unknown survey gets (the page's script shell). One object per survey and language.
 */
export const surveyPagesPrefix = 'files/survey-pages/';

/**
 * What CloudFront's store of written surveys holds for one survey (key: its code): the languages its pages are written
 * in, comma-separated. The routing function serves a path from the written page only when its language is listed.
 */
export const surveyPagesStoreValue = (written: readonly Language[]): string => written.join(',');

/** Every object of one survey's pages, for deleting them together. */
export const surveyPagesPrefixOf = (surveyCode: string): string => `${surveyPagesPrefix}${surveyCode}/`;

/** The public survey page in `language`, with the survey's content, for its link (`/surveys/{code}/{slug}`). */
export const surveyPageKey = (surveyCode: string, language: Language): string =>
  `${surveyPagesPrefixOf(surveyCode)}${language}.html`;

/** The disclosure page in `language` (`/surveys/{code}/{slug}/about-reviews`, `/nl/…/over-reviews`). */
export const surveyDisclosureKey = (surveyCode: string, language: Language): string =>
  `${surveyPagesPrefixOf(surveyCode)}${language}-about-reviews.html`;

/**
 * Each language's disclosure path (`/nl/surveys/:surveyCode/:slug/over-reviews`) as a regular expression; group 1 is
 * the code. The CloudFront routing function gets them written into its code.
 */
export const surveyDisclosurePatterns = languages.map((language) => ({
  language,
  pattern: new RegExp(
    `^${pagePattern('surveyDisclosure', language)
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(':surveyCode', '([^/]+)')
      .replace(/:\w+/g, '[^/]*')}/*$`,
  ),
}));

/**
 * The object a public path is served from, when it is one of a survey's static pages: the survey page under the
 * language prefix the path has, or the disclosure page. Undefined for every other path (and for a code that
 * cannot be one, so no path reaches another key). The local servers use it; the CloudFront routing function
 * gets the same rules written into its code.
 */
export function surveyPageObjectOf(pathname: string): string | undefined {
  const decode = (code: string | undefined) => {
    try {
      const decoded = code === undefined ? '' : decodeURIComponent(code);
      return surveyCodePattern.test(decoded) ? decoded : undefined;
    } catch {
      return undefined;
    }
  };
  for (const { language, pattern } of surveyDisclosurePatterns) {
    const code = decode(pattern.exec(pathname)?.[1]);
    if (code) return surveyDisclosureKey(code, language);
  }
  const code = decode(surveyPathPattern.exec(pathname)?.[1]);
  return code ? surveyPageKey(code, languageOfPath(pathname)) : undefined;
}
