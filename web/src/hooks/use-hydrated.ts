import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * False while the page is prerendered and while React takes over its HTML, true from then on (and at once
 * on pages the browser renders itself): what only works with the app running can wait for it without the
 * static HTML and the first render disagreeing.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
