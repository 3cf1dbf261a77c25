/**
 * A review-request text's Context (SendTextMessage's, which every delivery event of the text carries back): a
 * module of its own so the text-events worker reads the keys without bundling the SMS client.
 */

/** The Context keys the text-events worker reads a delivery report's request from. */
export const textContextKeys = {
  owner: 'owner',
  batch: 'batch',
  recipient: 'recipient',
  idempotencyKey: 'idempotencyKey',
} as const;

/** A review request's text Context: whose request it is, so its delivery report finds the recipient. */
export const textContextOf = (request: { userId: string; batchId: string; recipientId: string }) => ({
  [textContextKeys.owner]: request.userId,
  [textContextKeys.batch]: request.batchId,
  [textContextKeys.recipient]: request.recipientId,
});
