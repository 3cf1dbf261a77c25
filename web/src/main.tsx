import './index.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from '@/app/app';
import { createRouter } from '@/app/router';
import { initI18n } from '@/lib/i18n';
import { browserLanguageSignals, languageRedirect } from '@/lib/language';

// Decisions 16 before anything renders: a page in the other language than the visitor's stored choice (or a
// Dutch browser's on an unprefixed path) is swapped for its twin in place, so translations, the router and
// hydration all start from the final path.
const target = languageRedirect(window.location.pathname, browserLanguageSignals());
if (target) window.history.replaceState(null, '', target + window.location.search + window.location.hash);

// Translations are bundled (synchronous). The owner app's runtime config and Amplify load with its routes.
const i18n = initI18n();
const router = createRouter();
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <App router={router} />
    </I18nextProvider>
  </StrictMode>
);

/** The build prerendered the public pages (web/scripts/prerender.ts): this one is taken over, not painted again. */
const normalised = (path: string) => path.replace(/\/+$/, '') || '/';
if (container.dataset.prerenderedPath === normalised(window.location.pathname)) {
  // As a transition, hydration yields to the browser between components instead of one long task.
  const hydrate = () => startTransition(() => void hydrateRoot(container, app));
  if (router.state.initialized) hydrate();
  else {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      hydrate();
    });
  }
} else {
  createRoot(container).render(app);
}
