import { describe, expect, it } from 'vitest';
import { lambdaContext, sampleEvent } from '../../testing/events';
import { contactClientOf, contactSettings, createContactHandler } from './handler';
import { createContactService } from './service';
import type { OutgoingMail } from './mail';

describe('contact handler', () => {
  it('answers 204 for the sample event and hands the client to the service', async () => {
    const sent: OutgoingMail[] = [];
    const handler = createContactHandler(() =>
      createContactService({
        sendMail: async (mail) => void sent.push(mail),
        limiter: { consume: async () => true, daySalt: async (_day, candidate) => candidate },
        settings: () => ({ to: 'owner@reviewroute.example', from: 'no-reply@reviewroute.example' }),
      }),
    );
    const event = sampleEvent('send-contact-email');
    const response = await handler(event, lambdaContext());
    expect(response).toMatchObject({ statusCode: 204 });
    expect(sent[0]?.replyTo).toBe('anna@bakkerij-devries.example');
    expect(contactClientOf({ headers: event.headers, event } as never)).toEqual({
      sourceIp: '203.0.113.9',
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) (sample)',
    });
  });

  it('takes the viewer address CloudFront forwards', () => {
    const event = sampleEvent('send-contact-email');
    const headers = { 'cloudfront-viewer-address': '[2001:db8::1]:443', 'user-agent': 'x' };
    expect(contactClientOf({ headers, event } as never).sourceIp).toBe('[2001:db8::1]');
  });

  it('needs the operator address; the sender defaults to it', () => {
    expect(() => contactSettings({})).toThrow(/CONTACT_TO_ADDRESS/);
    expect(contactSettings({ CONTACT_TO_ADDRESS: 'ops@example.com' })).toEqual({
      to: 'ops@example.com',
      from: 'ops@example.com',
    });
  });
});
