/**
 * The origin the web build writes into prerendered pages, the sitemap and robots.txt, where links must be
 * absolute (canonical, hreflang, Open Graph) but the real origin is only known once CloudFront exists. The
 * web stack replaces it with the site origin at deploy time; a local preview replaces it with its own.
 */
export const siteOriginPlaceholder = 'https://site-origin.reviewroute.invalid';

/** Where the build lists its prerendered pages, relative to the built site (see `PrerenderManifest`). */
export const prerenderManifestFile = 'prerendered/manifest.json';

export interface PrerenderManifest {
  /** Each public path and the file that holds its page: `{ "/nl/over-ons": "/prerendered/nl/over-ons.html" }`. */
  pages: Record<string, string>;
  /** Every file (relative, no leading slash) that carries `siteOriginPlaceholder`, for the deploy to rewrite. */
  filesWithOrigin: string[];
}
