import { defaultLanguage, type Language } from './language';
import { languageOfPath, languagePrefix, pagePath, pages, prefixedLanguages } from './page-paths';

/**
 * The public survey link (spec 4, decisions 5): `surveys/{code}/{slug}` on the site origin, under the
 * language prefix of the survey's language (decisions 17: `/nl/surveys/…` for a Dutch survey).
 */

/** Lowercased business name, non-alphanumerics removed, whitespace runs turned into hyphens. */
export function businessSlug(businessName: string): string {
  return businessName
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Unambiguous lowercase alphabet: no 0/o, 1/l/i, so a code read off paper is typed right. */
export const surveyCodeAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
export const surveyCodeLength = 8;
export const surveyCodePattern = new RegExp(`^[${surveyCodeAlphabet}]{${surveyCodeLength}}$`);

/** `randomBytes` is injected so the rule is testable; callers pass crypto.getRandomValues. */
export function generateSurveyCode(randomBytes: (n: number) => Uint8Array): string {
  let code = '';
  // Rejection sampling keeps every character equally likely (256 is not a multiple of the alphabet size).
  const limit = 256 - (256 % surveyCodeAlphabet.length);
  while (code.length < surveyCodeLength) {
    for (const byte of randomBytes(surveyCodeLength * 2)) {
      if (byte < limit && code.length < surveyCodeLength) code += surveyCodeAlphabet[byte % surveyCodeAlphabet.length];
    }
  }
  return code;
}

const surveysSegment = pages.survey.split('/')[1]!;

/** Every language but the default has a path prefix (`/nl`); a survey link may carry one. */
const languagePrefixes = prefixedLanguages.map((language) => languagePrefix(language).slice(1)).join('|');

/** A survey's public path in its language (the page table's `survey`): `/surveys/{code}/{slug}`, `/nl/surveys/…`. */
export const landingPath = (code: string, slug: string, language: Language = defaultLanguage): string =>
  pagePath('survey', language, { params: { surveyCode: code, slug } });

/**
 * A public survey path: `/surveys/{code}/{slug}`, also under a language prefix (`/nl/surveys/…`), the
 * slug optional (the code alone identifies the survey), trailing slashes allowed. Group 1 is the code,
 * group 2 the slug, both still URI-encoded. The public page parses its path with it, the dev server and the
 * CloudFront routing function (which gets it interpolated into its code) serve the page's entry for it.
 * Slashes are escaped even inside classes, so it prints as a literal that any JavaScript runtime reads.
 */
export const surveyPathPattern = new RegExp(
  String.raw`^(?:\/(?:${languagePrefixes}))?\/${surveysSegment}\/([^\/]+)(?:\/([^\/]*))?\/*$`,
);

/** The absolute survey link every owner screen shows, the QR code encodes and the templates carry. */
export const landingUrl = (siteOrigin: string, code: string, slug: string, language: Language = defaultLanguage) =>
  `${siteOrigin.replace(/\/+$/, '')}${landingPath(code, slug, language)}`;

/**
 * The language a survey link (absolute, or a path) is in: its prefix decides, as it does for the public
 * page (decisions 17). Messages that carry the link (the request templates) are written in it.
 */
export const languageOfSurveyLink = (link: string): Language => languageOfPath(link);

/** Survey URLs without an http(s) scheme get https:// (spec 4). */
export function withHttps(url: string): string {
  const trimmedUrl = url.trim();
  if (trimmedUrl === '' || /^https?:\/\//i.test(trimmedUrl)) return trimmedUrl;
  return `https://${trimmedUrl.replace(/^\/+/, '')}`;
}
