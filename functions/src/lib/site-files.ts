/**
 * Files of the deployed site, read over HTTP from its origin (CloudFront in AWS, the local site's server or Vite
 * locally): the survey page's shell and stylesheet, which name this deploy's hashed scripts. Kept for a few minutes
 * per warm Lambda, so a burst of edits fetches them once; a new deploy is picked up within that time.
 */
export function createSiteFiles(
  siteOrigin: () => string,
  options: { fetch?: typeof fetch; ttlMs?: number; now?: () => number } = {},
): (path: string) => Promise<string> {
  const get = options.fetch ?? fetch;
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { at: number; text: Promise<string> }>();
  return (path) => {
    const url = `${siteOrigin().replace(/\/+$/, '')}${path}`;
    const cached = cache.get(url);
    if (cached && now() - cached.at < ttlMs) return cached.text;
    const text = get(url, { signal: AbortSignal.timeout(5000) }).then(async (response) => {
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return response.text();
    });
    // A failure is not kept: the next write asks again.
    text.catch(() => cache.delete(url));
    cache.set(url, { at: now(), text });
    return text;
  };
}
