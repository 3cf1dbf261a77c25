import * as React from 'react';

const MOBILE_BREAKPOINT = 768;
const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

function subscribe(onChange: () => void) {
  const mql = window.matchMedia(MOBILE_QUERY);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

function getSnapshot() {
  return window.matchMedia(MOBILE_QUERY).matches;
}

// No window during prerendering: assume desktop, the first client render corrects it.
function getServerSnapshot() {
  return false;
}

/**
 * True below 768 px. useSyncExternalStore (rather than useState + useEffect) reads the correct value on the
 * very first render, so the sidebar never flashes its desktop layout on a phone.
 */
export function useIsMobile() {
  return React.useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

export { MOBILE_BREAKPOINT };
