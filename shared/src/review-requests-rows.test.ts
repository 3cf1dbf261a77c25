import { describe, expect, it } from 'vitest';
import { hookRequestSchema } from './request-hooks';
import { requestChannelsOf, requestMessages, requestRecipientRowSchema } from './review-requests';

const issuesOf = (input: unknown) => {
  const parsed = requestRecipientRowSchema.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('a customer row', () => {
  it('takes an address, a mobile number (stored in E.164) or both', () => {
    expect(requestRecipientRowSchema.parse({ name: 'Anna', email: 'anna@example.com' })).toEqual({
      name: 'Anna',
      email: 'anna@example.com',
    });
    expect(requestRecipientRowSchema.parse({ name: 'Piet', phone: '06 12345678', language: 'nl' })).toEqual({
      name: 'Piet',
      phone: '+31612345678',
      language: 'nl',
    });
    expect(
      requestRecipientRowSchema.parse({ name: 'Jan', email: ' jan@example.be ', phone: '0032 470 12 34 56' }),
    ).toEqual({ name: 'Jan', email: 'jan@example.be', phone: '+32470123456' });
    // Parsed once, the row passes again unchanged: the page sends the rows it checked.
    const row = requestRecipientRowSchema.parse({ name: 'Piet', phone: '06 12345678' });
    expect(requestRecipientRowSchema.parse(row)).toEqual(row);
  });

  it('reads blank or null fields as not given, and asks for one way to reach the customer', () => {
    expect(issuesOf({ name: 'Anna', email: '', phone: '  ' })).toEqual({ email: requestMessages.contactRequired });
    expect(issuesOf({ name: 'Anna', email: null, phone: null })).toEqual({ email: requestMessages.contactRequired });
    expect(issuesOf({ name: 'Anna' })).toEqual({ email: requestMessages.contactRequired });
    expect(issuesOf({ name: 'Anna', email: 'anna@example.com', phone: '' })).toEqual({});
  });

  it('names each field that is wrong', () => {
    expect(issuesOf({ name: '', email: 'geen-adres', phone: '06-1234' })).toEqual({
      name: requestMessages.nameRequired,
      email: requestMessages.emailInvalid,
      phone: requestMessages.phoneInvalid,
    });
    // A good address does not excuse a malformed number: the owner fixes it or leaves it out.
    expect(issuesOf({ name: 'Anna', email: 'anna@example.com', phone: 'garbage' })).toEqual({
      phone: requestMessages.phoneInvalid,
    });
  });

  it('is the webhook’s rule too', () => {
    const call = { name: 'Piet', externalId: 'booking-1' };
    expect(hookRequestSchema.parse({ ...call, phone: '+31 6 12345678' })).toMatchObject({ phone: '+31612345678' });
    expect(hookRequestSchema.safeParse({ ...call, phone: 'garbage' }).error?.issues[0]).toMatchObject({
      path: ['phone'],
      message: requestMessages.phoneInvalid,
    });
    expect(hookRequestSchema.safeParse(call).error?.issues[0]).toMatchObject({
      path: ['email'],
      message: requestMessages.contactRequired,
    });
  });
});

describe('requestChannelsOf', () => {
  it('texts a customer with a number, mails one with an address, and reminds both by e-mail', () => {
    expect(requestChannelsOf({ email: null, phone: '+31612345678' })).toEqual({ request: 'sms', reminder: 'sms' });
    expect(requestChannelsOf({ email: 'a@example.com', phone: null })).toEqual({ request: 'email', reminder: 'email' });
    expect(requestChannelsOf({ email: 'a@example.com', phone: '+31612345678' })).toEqual({
      request: 'sms',
      reminder: 'email',
    });
  });
});
