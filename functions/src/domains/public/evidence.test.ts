import { describe, expect, it } from 'vitest';
import type { RequestBatchSource } from '@reviewroute/shared';
import { createLinkOriginReader } from '../../data/link-marks';
import { encodeRequestToken, tokenSecretHash } from '../../lib/request-token';
import { MemoryReviewRequestStore } from '../../../testing/data/memory-review-requests';
import { sampleBatch } from '../../../testing/data/sample-batch';
import { consentOf, evidenceOf } from './evidence';

const userId = 'owner-1';
const surveyId = 'survey-1';
const batchId = '0190d7d0-0000-7000-8000-000000000001';
const secret = Buffer.alloc(16, 7).toString('base64url');
const sentAt = '2026-11-26T09:00:05.000Z';

/**
 * The store's two reads as the public Lambda makes them (the token's request, then its batch), on the in-memory
 * store holding one request of a batch from `source` (none: the batch is gone), sent at `sentAt`.
 */
async function originReader(source: RequestBatchSource | undefined) {
  const store = new MemoryReviewRequestStore();
  await store.createBatch(sampleBatch(1, { userId, surveyId, source: source ?? 'upload' }), [
    {
      batchId,
      id: '00000',
      userId,
      surveyId,
      name: 'Anna',
      email: 'anna@example.com',
      language: 'nl',
      linkHash: tokenSecretHash(secret),
      unsubscribeHash: tokenSecretHash('another secret'),
    },
  ]);
  if (!source) store.batches.delete(batchId);
  return createLinkOriginReader({
    getRecipient: async (b, r) => {
      const recipient = await store.getRecipient(b, r);
      return recipient && { ...recipient, state: 'sent', sentAt };
    },
    getBatch: (u, s, b) => store.getBatch(u, s, b),
  });
}

const token = encodeRequestToken(batchId, '00000', secret);

describe('a response’s evidence', () => {
  it('is the public link or QR code without a provable personal link, with the survey’s switch at submit', () => {
    expect(evidenceOf(undefined, { offerPublicReviewToEveryone: false })).toEqual({
      invitation: 'public-link',
      invitedAt: null,
      everyoneOfferedPublicReview: false,
    });
    expect(evidenceOf(undefined, { offerPublicReviewToEveryone: true }).everyoneOfferedPublicReview).toBe(true);
  });

  it('is a request by e-mail, or the booking system’s, from the personal link’s request and batch', async () => {
    const uploaded = await (await originReader('upload'))(token, surveyId);
    expect(evidenceOf(uploaded, { offerPublicReviewToEveryone: true })).toEqual({
      invitation: 'email-request',
      invitedAt: sentAt,
      everyoneOfferedPublicReview: true,
    });
    const hooked = await (await originReader('hook'))(token, surveyId);
    expect(evidenceOf(hooked, { offerPublicReviewToEveryone: false })).toEqual({
      invitation: 'booking-system',
      invitedAt: sentAt,
      everyoneOfferedPublicReview: false,
    });
    // A request whose batch is gone is still a request, not the public link.
    expect(
      evidenceOf(await (await originReader(undefined))(token, surveyId), { offerPublicReviewToEveryone: false }),
    ).toEqual(expect.objectContaining({ invitation: 'email-request' }));
  });

  it('takes no token it cannot prove for this survey as a personal link', async () => {
    const read = await originReader('hook');
    const forged = encodeRequestToken(batchId, '00000', Buffer.alloc(16, 8).toString('base64url'));
    for (const [given, survey] of [
      [undefined, surveyId],
      ['not a token', surveyId],
      [forged, surveyId],
      [token, 'another-survey'],
    ] as const)
      expect(await read(given, survey), String(given)).toBeUndefined();
  });
});

describe('a website consent as kept', () => {
  it('keeps only the name shown (first name or initials), never hidden at first; none without the box', () => {
    expect(consentOf({ name: '  Anna de Vries ', nameStyle: 'first-name' })).toEqual({
      shownAs: 'Anna',
      nameStyle: 'first-name',
      hiddenReason: null,
      hiddenAt: null,
    });
    expect(consentOf({ name: 'Anna de Vries', nameStyle: 'initials' })?.shownAs).toBe('A.d.V.');
    expect(consentOf(undefined)).toBeNull();
  });
});
