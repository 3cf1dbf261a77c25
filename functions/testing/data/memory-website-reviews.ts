import {
  noWebsiteReviews,
  withHidden,
  withShown,
  type WebsiteReviewChange,
  type WebsiteReviews,
  type WebsiteReviewsStore,
} from '../../src/data/website-reviews';

/**
 * The widget items in memory: the same rules (`withShown`, `withHidden`) as the DynamoDB store, without its
 * checks on the responses (a unit test applies only the changes it means).
 */
export class MemoryWebsiteReviews implements WebsiteReviewsStore {
  readonly items = new Map<string, WebsiteReviews>();

  async get(surveyId: string): Promise<WebsiteReviews> {
    return structuredClone(this.items.get(surveyId) ?? noWebsiteReviews());
  }

  async apply(changes: readonly WebsiteReviewChange[], refill: Parameters<WebsiteReviewsStore['apply']>[1]) {
    for (const change of changes) {
      const state = this.items.get(change.surveyId) ?? noWebsiteReviews();
      if (change.kind === 'shown') {
        const next = withShown(state, change.comment);
        if (next) this.items.set(change.surveyId, next);
      } else {
        const candidates = await refill(change.surveyId);
        this.items.set(change.surveyId, withHidden(state, change.responseId, change.reason, true, candidates));
      }
    }
    return [];
  }

  async deleteBySurvey(surveyId: string): Promise<void> {
    this.items.delete(surveyId);
  }
}
