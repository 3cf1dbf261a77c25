import {
  defaultLanguage,
  languagePrefix,
  languages,
  prefixedLanguages,
  surveyCodePattern,
  surveyDisclosureKey,
  surveyDisclosurePatterns,
  surveyPageKey,
  surveyPathPattern,
} from '@reviewroute/shared/domain';

// CloudFront Functions (cloudfront-js-2.0) used by the web stack; kept apart so unit tests can run them.

/** The first line of a function that uses CloudFront's own module (its key value store, origin selection). */
export const cloudfrontImport = "import cf from 'cloudfront';";

/** A regular expression as a literal any JavaScript runtime reads: every slash escaped, inside classes too. */
const literal = (pattern: RegExp): string => `/${pattern.source.replace(/\\?\//g, '\\/')}/`;

/** Where the function finds a survey's written pages (shared/src/domain/survey-pages.ts). */
export interface WrittenSurveyPages {
  /** The distribution's origin id of the assets bucket, which holds the pages under `/files/survey-pages/`. */
  readonly assetsOriginId: string;
}

/**
 * A survey path's written page (its public page or disclosure page), when the survey's code is in the function's
 * key value store with the path's language (the surveys Lambda keeps it there while the objects exist): the
 * object's path on the assets origin, else nothing. The code must be one (no store read for anything else).
 */
function writtenPageCode(): string {
  const keys = Object.fromEntries(
    languages.map((language) => [
      language,
      [surveyPageKey('{code}', language), surveyDisclosureKey('{code}', language)].map((key) => `/${key}`),
    ]),
  );
  const prefixes = prefixedLanguages.map((language) => [`${languagePrefix(language)}/`, language]);
  return `var kvs = cf.kvs();
var keys = ${JSON.stringify(keys)};
var prefixes = ${JSON.stringify(prefixes)};
var disclosures = [${surveyDisclosurePatterns.map(({ language, pattern }) => `[${literal(pattern)}, '${language}']`).join(', ')}];
async function writtenPage(uri) {
  var language = '${defaultLanguage}', page = 0, match = ${literal(surveyPathPattern)}.exec(uri);
  for (var i = 0; i < prefixes.length; i++) if (uri.indexOf(prefixes[i][0]) === 0) language = prefixes[i][1];
  for (var j = 0; !match && j < disclosures.length; j++) {
    match = disclosures[j][0].exec(uri);
    if (match) { language = disclosures[j][1]; page = 1; }
  }
  if (!match || !${literal(surveyCodePattern)}.test(match[1])) return;
  var written;
  try { written = await kvs.get(match[1]); } catch (e) { return; }
  if (written.split(',').indexOf(language) < 0) return;
  return keys[language][page].replace('{code}', match[1]);
}
`;
}

/**
 * SPA routing at the edge. A viewer-request function on the default (S3) behaviour serves an HTML entry
 * for every path without a file extension: a prerendered public page its own file (the build's manifest,
 * written into the code; a trailing slash is the same page), survey links (the shared `surveyPathPattern`,
 * written into the code as a literal) the public page's own small `survey.html`, every other route the
 * app's `index.html`. Unlike distribution-wide error responses (403/404 -> /index.html), this never touches
 * the `/api/*` or `/files/*` behaviours, so API 404s and 401s reach the browser as the API sent them.
 * Missing static files (`/assets/x.js`) still fail instead of returning HTML.
 *
 * With `writtenPages` (AWS), a survey path whose page was written at publish is served that object from the
 * assets bucket (the function selects its origin; the cache keys it by the object's path, which is what the
 * surveys Lambda invalidates); without (the local built-site server, which serves the objects itself) the function
 * stays synchronous and free of CloudFront's module.
 */
export function spaRoutingCode(
  prerenderedPages: Readonly<Record<string, string>> = {},
  writtenPages?: WrittenSurveyPages,
): string {
  const written = writtenPages
    ? `if (!page && (page = await writtenPage(uri))) cf.selectRequestOriginById(${JSON.stringify(writtenPages.assetsOriginId)});
    `
    : '';
  return `${writtenPages ? `${cloudfrontImport}\n${writtenPageCode()}` : ''}var pages = ${JSON.stringify(prerenderedPages)};
${writtenPages ? 'async ' : ''}function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.lastIndexOf('.') <= uri.lastIndexOf('/')) {
    var page = pages[uri.length > 1 ? uri.replace(/\\/+$/, '') : uri];
    ${written}request.uri = page ? page : ${literal(surveyPathPattern)}.test(uri) ? '/survey.html' : '/index.html';
  }
  return request;
}`;
}
