import { describe, expect, it } from 'vitest';
import { lambdaContext, sampleEvent } from '../../../testing/events';
import { contactSettings, createContactHandler } from './handler';
import { memoryContactService } from '../../../testing/domains/contact';

describe('contact handler', () => {
  it('answers 204 for the sample event and hands the viewer address to the service', async () => {
    let clock = Date.parse('2026-11-21T08:00:00Z');
    const { service, mailer } = memoryContactService({ now: () => new Date(clock) });
    const sent = mailer.sent;
    const seen: string[] = [];
    const handler = createContactHandler(() => ({
      start: () => service.start(),
      send: (input, viewerIp) => (seen.push(viewerIp), service.send(input, viewerIp)),
    }));
    // The form's token when the form appeared; the send 10 s later brings it back.
    const started = await handler(sampleEvent('start-contact-form'), lambdaContext());
    expect(started.statusCode).toBe(200);
    const { formToken } = JSON.parse(started.body!) as { formToken: string };
    clock += 10_000;
    const event = sampleEvent('send-contact-email');
    const body = { ...(JSON.parse(event.body!) as object), formToken };
    const response = await handler({ ...event, body: JSON.stringify(body) }, lambdaContext());
    expect(response).toMatchObject({ statusCode: 204 });
    expect(sent[0]?.replyTo).toBe('anna@bakkerij-devries.example');
    expect(seen).toEqual(['203.0.113.9']);
  });

  it('refuses invalid input with the field messages (the route’s schema) and sends nothing', async () => {
    const sent: unknown[] = [];
    const handler = createContactHandler(() => ({
      start: async () => ({ formToken: 'unused' }),
      send: async (input) => void sent.push(input),
    }));
    const event = sampleEvent('send-contact-email');
    const body = { ...(JSON.parse(event.body!) as object), email: 'nope', message: ' ' };
    const response = await handler({ ...event, body: JSON.stringify(body) }, lambdaContext());
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body!).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { email: 'Valid email is required', message: 'Message is required' },
    });
    expect(sent).toHaveLength(0);
  });

  it('needs the operator address; the sender defaults to it', () => {
    expect(() => contactSettings({})).toThrow(/CONTACT_TO_ADDRESS/);
    expect(contactSettings({ CONTACT_TO_ADDRESS: 'ops@example.com' })).toEqual({
      to: 'ops@example.com',
      from: 'ops@example.com',
    });
  });
});
