import type { SurveyResponseRecord } from '../../src/data/response-store';
import {
  noWebsiteReviews,
  withHidden,
  withShown,
  type WebsiteReviewChange,
  type WebsiteReviews,
  type WebsiteReviewsStore,
} from '../../src/data/website-reviews';

/**
 * The widget items in memory, by the same rules (`withShown`, `withHidden`) and checks as the DynamoDB store: a
 * comment is shown only while its response (`responseOf`, the memory response store's) exists, consented and not
 * hidden; a hide is counted once (the response's mark, here a set).
 */
export class MemoryWebsiteReviews implements WebsiteReviewsStore {
  readonly items = new Map<string, WebsiteReviews>();
  /** The hides counted (`surveyId/responseId`): the DynamoDB store's `widgetHiddenCounted` marks. */
  readonly counted = new Set<string>();
  responseOf: (surveyId: string, responseId: string) => SurveyResponseRecord | undefined = () => undefined;

  async get(surveyId: string): Promise<WebsiteReviews> {
    return structuredClone(this.items.get(surveyId) ?? noWebsiteReviews());
  }

  async apply(changes: readonly WebsiteReviewChange[], refill: Parameters<WebsiteReviewsStore['apply']>[1]) {
    for (const change of changes) {
      const state = this.items.get(change.surveyId) ?? noWebsiteReviews();
      if (change.kind === 'shown') {
        const consent = this.responseOf(change.surveyId, change.comment.id)?.websiteConsent;
        const next = consent && !consent.hiddenReason ? withShown(state, change.comment) : undefined;
        if (next) this.items.set(change.surveyId, next);
        continue;
      }
      const mark = `${change.surveyId}/${change.responseId}`;
      const hidden = Boolean(this.responseOf(change.surveyId, change.responseId)?.websiteConsent?.hiddenReason);
      const count = hidden && !this.counted.has(mark);
      const listed = state.comments.some((c) => c.id === change.responseId);
      if (!count && !listed) continue;
      if (count) this.counted.add(mark);
      const candidates = listed ? await refill(change.surveyId) : [];
      this.items.set(change.surveyId, withHidden(state, change.responseId, change.reason, count, candidates));
    }
    return [];
  }

  async deleteBySurvey(surveyId: string): Promise<void> {
    this.items.delete(surveyId);
  }
}
