import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { addressHashOf } from '@reviewroute/functions/data/request-suppressions';
import { createDynamoReviewRequestStore } from '@reviewroute/functions/data/review-requests';
import { tableEntities } from '@reviewroute/functions/data/client';
import {
  createSmsVoiceTextSender,
  textContextOf,
  type TextMessage,
} from '@reviewroute/functions/domains/requests/text-sender';
import { stackEntities, type ApiUser } from '../support/api';
import { createSignedInUser } from '../support/cognito';
import { replyFrom, reportDelivery, waitForText } from '../support/texts';

/**
 * Texts on the local stack as in AWS: the Lambdas' own sender (the real SDK client, SMS_CONFIGURATION_SET) sends to
 * the local End User Messaging SMS, whose delivery reports and STOP replies reach the text-events worker as SNS
 * notifications, which marks the customer's row and the owner's suppression list in DynamoDB Local.
 */

const stack = inject('localStack');
const requests = createDynamoReviewRequestStore(tableEntities(stack.env));
const sender = createSmsVoiceTextSender(stack.env);

/** A sent text request of the owner's, as the requests worker leaves it: its row `sent`, then its text sent. */
async function sentText(owner: ApiUser, batchId: string, index: number) {
  const phone = `+316${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const recipientId = String(index).padStart(5, '0');
  await stackEntities()
    .requestRecipient.put({
      batchId,
      recipientId,
      userId: owner.userId,
      surveyId: randomUUID(),
      name: 'Klant Tekst',
      language: 'nl',
      state: 'sent',
      sentAt: new Date().toISOString(),
    })
    .go();
  const message: TextMessage = {
    to: phone,
    body: 'Bedankt voor je bezoek! Deel je ervaring: http://localhost/r/abcdefghij Stop? http://localhost/r/klmnopqrst',
    originator: 'Kapsalon',
    idempotencyKey: `${batchId}/${recipientId}`,
    context: textContextOf({ userId: owner.userId, batchId, recipientId }),
  };
  const { messageId } = await sender.send(message);
  return { phone, recipientId, messageId, message };
}

describe('texts: delivery reports and STOP replies through the local End User Messaging SMS', () => {
  let owner: ApiUser;
  const batchId = randomUUID();
  beforeAll(async () => {
    owner = await createSignedInUser(stack);
  });

  it('marks a delivered text’s row delivered', async () => {
    const { phone, recipientId, messageId } = await sentText(owner, batchId, 0);
    const text = await waitForText(phone);
    expect(text).toMatchObject({ messageId, originator: 'Kapsalon', configurationSet: 'reviewroute-local-texts' });
    await reportDelivery(messageId, 'DELIVERED');
    await expect
      .poll(async () => (await requests.getRecipient(batchId, recipientId))?.deliveredAt, { timeout: 15_000 })
      .toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await requests.getRecipient(batchId, recipientId))?.state).toBe('sent');
  });

  it('fails a text the network could not deliver, with the reason', async () => {
    const { recipientId, messageId } = await sentText(owner, batchId, 1);
    await reportDelivery(messageId, 'FAILED');
    await expect
      .poll(async () => {
        const row = await requests.getRecipient(batchId, recipientId);
        return [row?.state, row?.reason];
      })
      .toEqual(['failed', 'undelivered']);
  });

  it('puts a number that replied STOPPEN on the owner’s suppression list, marks its row, and the service refuses the next text', async () => {
    const { phone, recipientId, message } = await sentText(owner, batchId, 2);
    await waitForText(phone);
    await replyFrom(phone, 'STOPPEN');
    await expect
      .poll(async () => (await requests.suppressionsOf(owner.userId, [addressHashOf(phone)])).get(addressHashOf(phone)))
      .toBe('unsubscribed');
    await expect
      .poll(async () => (await requests.getRecipient(batchId, recipientId))?.suppressedAs)
      .toBe('unsubscribed');
    await expect(sender.send(message)).rejects.toMatchObject({ name: 'ConflictException' });
  });
});
