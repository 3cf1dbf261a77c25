import type { RequestBatchSource } from '@reviewroute/shared';
import type { LinkStage, RecipientRecord } from './request-recipients';
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
export type LinkMarker = (
  token: string | undefined,
  surveyId: string,
  stage: LinkStage,
  /** The token's recipient when the caller has just resolved it (`LinkOriginReader`): not read again. */
  known?: RecipientRecord,
) => Promise<void>;

/** The review request a personal link token proves, for this survey; undefined for any other token. */
async function recipientOf(
  requests: Pick<ReviewRequestStore, 'getRecipient'>,
  token: string,
  surveyId: string,
): Promise<RecipientRecord | undefined> {
  const decoded = decodeRequestToken(token);
  if (!decoded) return undefined;
  const recipient = await requests.getRecipient(decoded.batchId, decoded.recipientId);
  if (!recipient || !tokenProves(recipient, 'link', decoded.secret) || recipient.surveyId !== surveyId)
    return undefined;
  return recipient;
}

/** Where a submit's personal link came from: its request, whether the booking system's webhook made it. */
export interface LinkOrigin {
  recipient: RecipientRecord;
  source: RequestBatchSource;
}

/**
 * Resolves a personal link token to its request and batch source (two reads, only for a submit that carries a
 * token), for the response's evidence. Never throws: a token it cannot prove is no link (undefined).
 */
export type LinkOriginReader = (token: string | undefined, surveyId: string) => Promise<LinkOrigin | undefined>;

export function createLinkOriginReader(
  requests: Pick<ReviewRequestStore, 'getRecipient' | 'getBatch'>,
): LinkOriginReader {
  return async (token, surveyId) => {
    if (!token) return undefined;
    try {
      const recipient = await recipientOf(requests, token, surveyId);
      if (!recipient) return undefined;
      const batch = await requests.getBatch(recipient.userId, surveyId, recipient.batchId);
      // A batch gone before its rows (never in order, but expiry is no transaction): a request all the same.
      return { recipient, source: batch?.source ?? 'upload' };
    } catch (error) {
      logger.warn('Review request link not resolved', { error: String(error) });
      return undefined;
    }
  };
}

export function createLinkMarker(
  requests: Pick<ReviewRequestStore, 'getRecipient' | 'markLink'>,
  now: () => Date = () => new Date(),
): LinkMarker {
  return async (token, surveyId, stage, known) => {
    if (!token) return;
    try {
      const recipient = known ?? (await recipientOf(requests, token, surveyId));
      if (!recipient) return;
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
