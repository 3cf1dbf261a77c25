import { useSyncExternalStore } from 'react';
import { call } from '@/lib/api-client';

/**
 * Onboarding step 2, "the survey URL was copied" (spec 4): a local flag under `survey_url_copied` (spec 3
 * client-side storage, value 'true') and the profile flag, so it survives a new device (decisions 9).
 */
export const urlCopiedStorageKey = 'survey_url_copied';

const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function readUrlCopiedFlag(store: Storage | undefined = storage()): boolean {
  try {
    return store?.getItem(urlCopiedStorageKey) === 'true';
  } catch {
    return false;
  }
}

/** Sets the local flag (best effort: storage may be disabled) and tells every reader of it. */
export function setUrlCopiedFlag(store: Storage | undefined = storage()): void {
  try {
    store?.setItem(urlCopiedStorageKey, 'true');
  } catch {
    // The profile flag still records it.
  }
  listeners.forEach((listener) => listener());
}

/**
 * After the survey URL reached the clipboard: the local flag at once, the profile flag in the background
 * (a failure there must not spoil the copy; the local flag already counts).
 */
export function recordSurveyUrlCopied(): Promise<void> {
  setUrlCopiedFlag();
  return call('update-profile', { body: { surveyUrlCopied: true } }).then(
    () => undefined,
    () => undefined,
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab copying the URL counts too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === urlCopiedStorageKey || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The local flag as React state. */
export function useUrlCopiedFlag(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => readUrlCopiedFlag(),
    () => false,
  );
}
