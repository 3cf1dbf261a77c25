import { pagePath } from '@reviewroute/shared/domain';

/** The query that opens /auth on its sign-in tab; without it the page opens on sign-up (spec 2). */
export const authTabParam = 'tab';
export const signInTabValue = 'signin';

/** The English path of the auth page's sign-in tab: localize it like any other path (`to(signInPath)`). */
export const signInPath = pagePath('auth', 'en', { query: { [authTabParam]: signInTabValue } });
