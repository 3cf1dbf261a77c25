/**
 * The origin the web build writes into prerendered pages, the sitemap and robots.txt, where links must be
 * absolute (canonical, hreflang, Open Graph) but the real origin is only known once CloudFront exists. The
 * web stack replaces it with the site origin at deploy time; a local preview replaces it with its own.
 */
export const siteOriginPlaceholder = 'https://site-origin.reviewroute.invalid';
