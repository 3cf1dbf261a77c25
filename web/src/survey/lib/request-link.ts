import { requestOf } from '@reviewroute/shared/routes';

/**
 * The personal token of a review request: the mailed link is the survey's link with `?r={token}`. The page keeps
 * it as it came and sends it with the visit, the submit and the review click; only the API resolves it (it
 * names the request, never the address), and one it does not know changes nothing.
 */
const tokenPattern = /^[A-Za-z0-9_-]{1,200}$/;

/** The token in a location's query, or undefined when there is none (or it cannot be one). */
export function requestTokenOf(search: string): string | undefined {
  const value = new URLSearchParams(search).get('r');
  return value && tokenPattern.test(value) ? value : undefined;
}

/**
 * The rating a review request's one-tap star chose (`?rating=1..5`), or undefined. The page opens with it
 * selected and records nothing: only the customer's submit does, so a link scanner following every star is
 * counted as the link's open at most.
 */
export function chosenRatingOf(search: string): number | undefined {
  const value = new URLSearchParams(search).get('rating');
  return value && /^[1-5]$/.test(value) ? Number(value) : undefined;
}

/** The rating the link this page was opened with chose. */
export const pageChosenRating = (): number | undefined =>
  typeof window === 'undefined' ? undefined : chosenRatingOf(window.location.search);

/** The token of the link this page was opened with. */
export const pageRequestToken = (): string | undefined =>
  typeof window === 'undefined' ? undefined : requestTokenOf(window.location.search);

let reported: string | undefined;

/**
 * Reports the visit of a personal link once per page load. Fire and forget (`keepalive`): the page never waits
 * for it and a failure is ignored; without a token nothing is sent.
 */
export function recordLinkOpen(surveyCode: string, token = pageRequestToken()): void {
  if (!token || reported === `${surveyCode}/${token}`) return;
  reported = `${surveyCode}/${token}`;
  const { method, path } = requestOf('record-link-open', { surveyCode });
  void fetch(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ requestToken: token }),
    keepalive: true,
  }).catch(() => undefined);
}
