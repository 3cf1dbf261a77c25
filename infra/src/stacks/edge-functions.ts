import { surveyPathPattern } from '@reviewroute/shared/domain';

// CloudFront Functions (cloudfront-js-2.0) used by the web stack; kept apart so unit tests can run them.

/**
 * SPA routing at the edge. A viewer-request function on the default (S3) behaviour serves an HTML entry
 * for every path without a file extension: a prerendered public page its own file (the build's manifest,
 * written into the code; a trailing slash is the same page), survey links (the shared `surveyPathPattern`,
 * written into the code as a literal) the public page's own small `survey.html`, every other route the
 * app's `index.html`. Unlike distribution-wide error responses (403/404 -> /index.html), this never touches
 * the `/api/*` or `/files/*` behaviours, so API 404s and 401s reach the browser as the API sent them.
 * Missing static files (`/assets/x.js`) still fail instead of returning HTML.
 */
export function spaRoutingCode(prerenderedPages: Readonly<Record<string, string>> = {}): string {
  return `var pages = ${JSON.stringify(prerenderedPages)};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.lastIndexOf('.') <= uri.lastIndexOf('/')) {
    var page = pages[uri.length > 1 ? uri.replace(/\\/+$/, '') : uri];
    request.uri = page ? page : ${String(surveyPathPattern)}.test(uri) ? '/survey.html' : '/index.html';
  }
  return request;
}`;
}
