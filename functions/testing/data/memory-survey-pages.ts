import type { SurveyPageStore } from '../../src/data/survey-page-store';

/** A survey's written pages in memory, by key. */
export function createMemorySurveyPageStore(): SurveyPageStore & { pages: Map<string, string> } {
  const pages = new Map<string, string>();
  return {
    pages,
    async put(key, html) {
      pages.set(key, html);
    },
    async delete(keys) {
      for (const key of keys) pages.delete(key);
    },
  };
}
