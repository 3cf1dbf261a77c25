import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { headHtml, pageHead } from '@/features/marketing/lib/page-head';
import { robotsTxt, sitemapXml } from '@/features/marketing/lib/sitemap';
import { interactivePages, type SitePageVariant, siteVariants } from '@/features/marketing/site';
import { i18next, initI18n } from '@/lib/i18n';

// The build's second entry (web/scripts/prerender.ts): renders each public page, in each language, with the
// app's own routes and providers, so the static HTML is exactly what the app shows (and, on the pages in
// `interactivePages`, hydrates).

export interface PrerenderedPage extends SitePageVariant {
  /** The page's markup, for inside `<div id="root">`. */
  body: string;
  /** Title and search/share tags, for inside `<head>`. */
  head: string;
}

const handler = createStaticHandler(routes);

export async function renderPage(variant: SitePageVariant, origin: string): Promise<PrerenderedPage> {
  initI18n(variant.language);
  const context = await handler.query(new Request(`${origin}${variant.path}`));
  if (context instanceof Response) throw new Error(`${variant.path} answered ${context.status} instead of a page`);
  if (context.statusCode !== 200) throw new Error(`${variant.path} rendered status ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const body = renderToString(
    <StrictMode>
      <I18nextProvider i18n={i18next}>
        <AppProvider>
          {/* No hydration data: the public pages have no loaders, and CSP allows no inline script. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </I18nextProvider>
    </StrictMode>,
  );
  const t = i18next.getFixedT(variant.language, 'marketing');
  const head = headHtml(pageHead({ ...variant, origin, t: (key) => t(key as never) }));
  return { ...variant, body, head };
}

export { interactivePages, robotsTxt, siteVariants, sitemapXml };
