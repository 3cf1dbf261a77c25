import { browserLanguageSignals, languageRedirect, parseLanguage, storeLanguage } from '@/lib/language';

// The browser entry of the prerendered public pages that are only text and links (all but the contact page, see
// `interactivePages`): their HTML already is the whole page, so they run no React. Hydrating them with the app
// cost a phone 180 KB of JavaScript and seconds of main-thread work for nothing it could click. What the app did
// beyond rendering is done here, with the same rules.

// Decisions 16: a stored choice (or a Dutch browser on an unprefixed path) moves to the twin in the other
// language, which is prerendered too.
const target = languageRedirect(window.location.pathname, browserLanguageSignals());
if (target) window.location.replace(target + window.location.search + window.location.hash);

// The language switcher's links (the only ones with hreflang) store the choice before the browser follows them,
// as the switcher's own click handler does in the app.
document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a[hreflang]') : null;
  const language = parseLanguage(link?.getAttribute('hreflang'));
  if (language) storeLanguage(language);
});
