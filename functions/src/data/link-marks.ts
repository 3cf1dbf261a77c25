import type { LinkStage } from './request-recipients';
import type { ReviewRequestStore } from './review-requests';
import { linkStages } from './request-recipients';
import { logger } from '../lib/logger';
import { decodeRequestToken, tokenProves } from '../lib/request-token';

/**
 * Records what a customer did with their personal link (`?r={token}` of the review request): opened the survey,
 * rated, clicked through to Google. The token is resolved here, on the server (its secret's hash compared with the
 * stored one in constant time; the unsubscribe token is not a link token), so the page never learns whose link it is; a token that is malformed, forged, of another survey or of a
 * deleted request is ignored. Never throws: the customer's rating and click count whatever the link says.
 */
export type LinkMarker = (token: string | undefined, surveyId: string, stage: LinkStage) => Promise<void>;

export function createLinkMarker(
  requests: Pick<ReviewRequestStore, 'getRecipient' | 'markLink'>,
  now: () => Date = () => new Date(),
): LinkMarker {
  return async (token, surveyId, stage) => {
    if (!token) return;
    try {
      const decoded = decodeRequestToken(token);
      if (!decoded) return;
      const recipient = await requests.getRecipient(decoded.batchId, decoded.recipientId);
      if (!recipient || !tokenProves(recipient, 'link', decoded.secret) || recipient.surveyId !== surveyId) return;
      const at = now().toISOString();
      // Each step implies the ones before it (a rating from the link was an open of it, even if that call was
      // lost), so the funnel never shows more rated than opened. Only the marks not set yet are written.
      const upTo = linkStages.slice(0, linkStages.indexOf(stage) + 1);
      const marks = Object.fromEntries(upTo.filter((s) => !recipient[`${s}At`]).map((s) => [`${s}At`, at]));
      if (Object.keys(marks).length > 0) await requests.markLink(recipient.batchId, recipient.id, marks);
    } catch (error) {
      logger.warn('Review request link mark not recorded', { stage, error: String(error) });
    }
  };
}
