import type { Language } from '@reviewroute/shared';
import type { WrittenSurveyStore } from '../../src/data/written-survey-store';

/** CloudFront's record of the written surveys in memory: code -> languages. */
export function createMemoryWrittenSurveyStore(): WrittenSurveyStore & { codes: Map<string, readonly Language[]> } {
  const codes = new Map<string, readonly Language[]>();
  return {
    codes,
    async put(surveyCode, languages) {
      codes.set(surveyCode, languages);
    },
    async delete(surveyCode) {
      codes.delete(surveyCode);
    },
  };
}
