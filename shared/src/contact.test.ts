import { describe, expect, it } from 'vitest';
import {
  contactFormLimits,
  contactFormSchema,
  contactMessageKeyOf,
  contactMessages,
  contactRequestSchema,
} from './contact';

const valid = {
  firstName: ' Anna ',
  lastName: 'de Vries',
  email: ' anna@bakkerij.nl ',
  company: '',
  subject: 'Question about the Growth plan',
  message: 'Hello,\n\nDo you offer invoices with our VAT number?\n\nAnna',
};

const errorsOf = (input: unknown) => {
  const result = contactFormSchema.safeParse(input);
  // The first message per field, as the form shows it.
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.reverse().map((i) => [i.path.join('.'), i.message]));
};

describe('contactFormSchema', () => {
  it('trims the fields, keeps the message lines and drops an empty company', () => {
    expect(contactFormSchema.parse(valid)).toEqual({
      firstName: 'Anna',
      lastName: 'de Vries',
      email: 'anna@bakkerij.nl',
      subject: 'Question about the Growth plan',
      message: valid.message,
    });
    expect(contactFormSchema.parse({ ...valid, company: ' Bakkerij  de Vries ' }).company).toBe('Bakkerij de Vries');
  });

  it('requires firstName, lastName, email, subject and message (spec 5), blank counting as empty', () => {
    expect(
      errorsOf({ firstName: ' ', lastName: '', email: '', subject: '\n', message: '   ', company: undefined }),
    ).toEqual({
      firstName: contactMessages.firstNameRequired,
      lastName: contactMessages.lastNameRequired,
      email: contactMessages.emailRequired,
      subject: contactMessages.subjectRequired,
      message: contactMessages.messageRequired,
    });
    expect(errorsOf({})).toMatchObject({ firstName: contactMessages.firstNameRequired });
  });

  it('checks the address with the simple pattern', () => {
    expect(errorsOf({ ...valid, email: 'anna@bakkerij' })).toEqual({ email: contactMessages.emailInvalid });
    expect(errorsOf({ ...valid, email: 'anna bakkerij.nl' })).toEqual({ email: contactMessages.emailInvalid });
    // SES takes 7-bit addresses only (it becomes the Reply-To).
    expect(errorsOf({ ...valid, email: 'jösé@bakkerij.nl' })).toEqual({ email: contactMessages.emailInvalid });
  });

  it('folds line breaks in single-line fields, so no header of the mail can be split', () => {
    const parsed = contactFormSchema.parse({ ...valid, subject: 'Hi\r\nBcc: x@evil.example', firstName: 'A\nB' });
    expect(parsed.subject).toBe('Hi Bcc: x@evil.example');
    expect(parsed.firstName).toBe('A B');
  });

  it('caps every field', () => {
    expect(errorsOf({ ...valid, message: 'x'.repeat(contactFormLimits.message + 1) })).toEqual({
      message: contactMessages.textTooLong,
    });
    expect(errorsOf({ ...valid, subject: 'x'.repeat(contactFormLimits.subject + 1) })).toEqual({
      subject: contactMessages.textTooLong,
    });
  });

  it('maps every message back to its key', () => {
    for (const [key, message] of Object.entries(contactMessages)) expect(contactMessageKeyOf(message)).toBe(key);
    expect(contactMessageKeyOf('something else')).toBeUndefined();
  });
});

describe('contactRequestSchema', () => {
  it('adds the honeypot, the fill time and the language', () => {
    const parsed = contactRequestSchema.parse({ ...valid, website: '', elapsedMs: 8000, language: 'nl' });
    expect(parsed).toMatchObject({ website: '', elapsedMs: 8000, language: 'nl' });
    expect(contactRequestSchema.safeParse({ ...valid, elapsedMs: 8000 }).success).toBe(false);
    expect(contactRequestSchema.safeParse({ ...valid, language: 'en' }).success).toBe(false);
    expect(contactRequestSchema.safeParse({ ...valid, elapsedMs: -1, language: 'en' }).success).toBe(false);
  });
});
