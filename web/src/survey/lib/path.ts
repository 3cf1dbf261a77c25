import { languageOfPath } from '@/lib/language';
import { surveyPathPattern, type Language } from '@reviewroute/shared/domain';

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
