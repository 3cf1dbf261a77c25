import { describe, expect, it } from 'vitest';
import { recordMailEvent, sesMailEventSchema } from '@reviewroute/functions/domains/requests/mail-events';
import { reviewRequestTags } from '@reviewroute/functions/domains/requests/request-mail';
import { simulatedEvent } from './ses-events';

describe('the local twin of SES event publishing', () => {
  const mail = (to: string) => ({
    messageId: 'm-1',
    configurationSet: 'reviewroute-local',
    destination: [to],
    tags: reviewRequestTags('owner-1'),
  });

  it('publishes events the mail-events worker reads as SES’s own: a bounce and a complaint', async () => {
    const suppressed: string[] = [];
    const deps = {
      suppress: async (userId: string, email: string, reason: string) =>
        void suppressed.push(`${userId} ${email} ${reason}`),
      suppressForAll: async () => undefined,
      recordOutcome: async () => undefined,
      ownerIsActive: async () => true,
      markSuppressed: async () => undefined,
      markDelivered: async () => undefined,
      now: () => new Date(),
    };
    for (const [kind, to] of [
      ['bounce', 'bounce@simulator.amazonses.com'],
      ['complaint', 'complaint+x@simulator.amazonses.com'],
    ] as const) {
      const event = simulatedEvent(kind, to, mail(to));
      expect(event['detail-type']).toBe(kind === 'bounce' ? 'Email Bounced' : 'Email Complaint Received');
      expect(await recordMailEvent(deps, sesMailEventSchema.parse(event))).toBe('suppressed');
    }
    expect(suppressed).toEqual([
      'owner-1 bounce@simulator.amazonses.com bounced',
      'owner-1 complaint+x@simulator.amazonses.com complaint',
    ]);
  });

  it('publishes the delivery of a review request to any other address as SES’s Delivery event, naming its request', async () => {
    const delivered: string[] = [];
    const deps = {
      suppress: async () => undefined,
      suppressForAll: async () => undefined,
      recordOutcome: async () => undefined,
      ownerIsActive: async () => true,
      markSuppressed: async () => undefined,
      markDelivered: async (request: { batchId: string; recipientId: string }) =>
        void delivered.push(`${request.batchId}/${request.recipientId}`),
      now: () => new Date(),
    };
    const event = simulatedEvent('delivery', 'anna@klant.example', {
      ...mail('anna@klant.example'),
      tags: reviewRequestTags('owner-1', { batchId: 'b-1', recipientId: '00002' }),
    });
    expect(event['detail-type']).toBe('Email Delivered');
    expect(await recordMailEvent(deps, sesMailEventSchema.parse(event))).toBe('delivered');
    expect(delivered).toEqual(['b-1/00002']);
  });
});
