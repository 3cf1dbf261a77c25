import { describe, expect, it } from 'vitest';
import { smsSegments } from '@reviewroute/shared';
import { composeTextMessage } from './text-message';

const url = 'https://reviewroute.app/r/Ab3dE5gH9k';
const optOutUrl = 'https://reviewroute.app/r/Zz9yX8wV7u';

describe('composeTextMessage', () => {
  it("fills the default of the customer's language with the short link and ends with the opt-out link", () => {
    expect(
      composeTextMessage({ template: null, language: 'en', name: 'Anna de Vries', url, optOutUrl, replies: false }),
    ).toBe(`Thanks for visiting us! Share your experience: ${url}\nSTOP: ${optOutUrl}`);
    expect(composeTextMessage({ template: null, language: 'nl', name: 'Anna', url, optOutUrl, replies: false })).toBe(
      `Bedankt voor je bezoek! Deel je ervaring: ${url}\nSTOP: ${optOutUrl}`,
    );
  });

  it('names STOP as a reply where the sender takes replies, in the customer’s language', () => {
    const en = composeTextMessage({ template: null, language: 'en', name: '', url, optOutUrl, replies: true });
    const nl = composeTextMessage({ template: null, language: 'nl', name: '', url, optOutUrl, replies: true });
    expect(en.endsWith(`\nReply STOP or: ${optOutUrl}`)).toBe(true);
    expect(nl.endsWith(`\nAntwoord STOP of: ${optOutUrl}`)).toBe(true);
    // The default stays one segment even with the longer opt-out line, in both languages.
    expect(smsSegments(en).segments).toBe(1);
    expect(smsSegments(nl).segments).toBe(1);
  });

  it("greets by the owner's template with the first name, and leaves out a name that would make a third segment", () => {
    const template = 'Hi {name}, thanks for coming to Bakkerij Jansen! Tell us how it was: {url}';
    expect(
      composeTextMessage({ template, language: 'en', name: 'Anna de Vries', url, optOutUrl, replies: false }),
    ).toBe(`Hi Anna, thanks for coming to Bakkerij Jansen! Tell us how it was: ${url}\nSTOP: ${optOutUrl}`);
    const long = `Hi {name}, ${'a'.repeat(200)} {url}`;
    const text = composeTextMessage({
      template: long,
      language: 'en',
      name: 'B'.repeat(60),
      url,
      optOutUrl,
      replies: false,
    });
    expect(text.startsWith('Hi, aaa')).toBe(true);
    expect(smsSegments(text).segments).toBe(2);
  });
});
