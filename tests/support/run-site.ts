import { inject } from 'vitest';
import { siteReadyPath } from './built-site';

/**
 * The URL of the run's production build of the site (Vite build plus prerender, served as CloudFront serves
 * it, `/api` to the run's gateway). The global set-up starts the build for runs with a file that calls this,
 * so it overlaps the stack start and other files; this waits until it has finished. Call it in `beforeAll`
 * with a timeout that allows a build.
 */
export async function builtSiteUrl(): Promise<string> {
  const url = inject('builtSite');
  if (!url)
    throw new Error('This run has no built site: the global set-up starts one for e2e files that call builtSiteUrl()');
  // The server holds the request until the build has finished.
  const res = await fetch(`${url}${siteReadyPath}`);
  if (!res.ok) throw new Error(await res.text());
  return url;
}
