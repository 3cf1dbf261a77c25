import { languageOfPath } from '../../lib/language';
import { landingPath, surveyPathPattern, type Language } from '@reviewroute/shared/domain';

export { languageOfPath };
export type SurveyLanguage = Language;

export interface SurveyPath {
  language: SurveyLanguage;
  surveyCode: string;
  businessSlug: string;
}

/**
 * `/surveys/{surveyCode}/{businessSlug}` or the same under `/nl`. The page has one route, so a regular
 * expression does what react-router would (and keeps ~20 KB off the phone). The slug is cosmetic: the code
 * alone identifies the survey, so a missing or outdated slug still loads it.
 */
export function parseSurveyPath(pathname: string): SurveyPath | undefined {
  const match = surveyPathPattern.exec(pathname);
  if (!match) return undefined;
  try {
    const surveyCode = decodeURIComponent(match[1]!).trim();
    if (!surveyCode) return undefined;
    return { language: languageOfPath(pathname), surveyCode, businessSlug: decodeURIComponent(match[2] ?? '') };
  } catch {
    return undefined;
  }
}

/**
 * Where the page should be for `survey`: its own link's path (decisions 17: the survey's language decides the
 * prefix), with the visitor's query and fragment kept. Undefined when the page is there already, so a link
 * with the other language's prefix (shared before the owner changed the language, or typed) is replaced by
 * the canonical one instead of showing a page in two languages.
 */
export function canonicalSurveyUrl(
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
  survey: { surveyCode: string; businessSlug: string; language: SurveyLanguage },
): string | undefined {
  const path = parseSurveyPath(location.pathname);
  if (!path || path.language === survey.language) return undefined;
  return `${landingPath(encodeURIComponent(survey.surveyCode), encodeURIComponent(survey.businessSlug), survey.language)}${location.search}${location.hash}`;
}
