import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import {
  type CustomMessageSource,
  composeCognitoMail,
  customMessageSources,
  handler,
  languageOfLocale,
} from './custom-message';

function event(source: string, userAttributes: Record<string, string>): CustomMessageTriggerEvent {
  return {
    version: '1',
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_pool',
    userName: 'a1b2c3',
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    triggerSource: `CustomMessage_${source}`,
    request: {
      userAttributes,
      codeParameter: '{####}',
      linkParameter: '{##Click Here##}',
      usernameParameter: source === 'AdminCreateUser' ? '{username}' : null,
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  } as CustomMessageTriggerEvent;
}

const subjects: Record<'en' | 'nl', Record<CustomMessageSource, RegExp>> = {
  en: {
    SignUp: /^Your ReviewRoute verification code$/,
    ResendCode: /^Your ReviewRoute verification code$/,
    ForgotPassword: /^Your ReviewRoute password reset code$/,
    UpdateUserAttribute: /^Confirm your new ReviewRoute email address$/,
    VerifyUserAttribute: /^Confirm your new ReviewRoute email address$/,
    AdminCreateUser: /^Your ReviewRoute account$/,
    Authentication: /^Your ReviewRoute sign-in code$/,
  },
  nl: {
    SignUp: /^Je ReviewRoute-verificatiecode$/,
    ResendCode: /^Je ReviewRoute-verificatiecode$/,
    ForgotPassword: /^Je ReviewRoute-code om je wachtwoord te herstellen$/,
    UpdateUserAttribute: /^Bevestig je nieuwe ReviewRoute-e-mailadres$/,
    VerifyUserAttribute: /^Bevestig je nieuwe ReviewRoute-e-mailadres$/,
    AdminCreateUser: /^Je ReviewRoute-account$/,
    Authentication: /^Je ReviewRoute-inlogcode$/,
  },
};

describe('CustomMessage trigger', () => {
  describe.each([
    ['en', { email: 'owner@shop.example', locale: 'en' }],
    ['nl', { email: 'eigenaar@winkel.example', locale: 'nl' }],
  ] as const)('in %s', (language, attributes) => {
    it.each(customMessageSources)('writes the %s mail with the code placeholder kept', async (source) => {
      const result = await handler(event(source, attributes));
      expect(result.response.emailSubject).toMatch(subjects[language][source]);
      // Cognito refuses a custom message without its code parameter, and fills in the code itself.
      expect(result.response.emailMessage).toContain('{####}');
      if (source === 'AdminCreateUser') expect(result.response.emailMessage).toContain('{username}');
      // Only the e-mail is ours; Cognito keeps its default SMS text.
      expect(result.response.smsMessage).toBeNull();
    });
  });

  it('writes Dutch body text for a Dutch owner and English for an English one', async () => {
    const nl = await handler(event('ForgotPassword', { locale: 'nl' }));
    expect(nl.response.emailMessage).toMatch(/Je herstelcode is <strong class="rr-code"[^>]*>\{####\}<\/strong>\./);
    const en = await handler(event('ForgotPassword', { locale: 'en' }));
    expect(en.response.emailMessage).toMatch(
      /Your password reset code is <strong class="rr-code"[^>]*>\{####\}<\/strong>\./,
    );
    const change = await handler(event('UpdateUserAttribute', { locale: 'nl' }));
    expect(change.response.emailMessage).toContain('Tot dan log je in met je huidige adres.');
  });

  it('falls back to English for accounts without a (known) locale', async () => {
    expect((await handler(event('SignUp', {}))).response.emailSubject).toBe('Your ReviewRoute verification code');
    expect((await handler(event('SignUp', { locale: 'de' }))).response.emailSubject).toBe(
      'Your ReviewRoute verification code',
    );
  });

  it('leaves a source it does not know to Cognito', async () => {
    const result = await handler(event('SomethingNew', { locale: 'nl' }));
    expect(result.response).toEqual({ smsMessage: null, emailMessage: null, emailSubject: null });
  });
});

describe('languageOfLocale', () => {
  it.each([
    ['nl', 'nl'],
    ['nl-NL', 'nl'],
    ['NL_be', 'nl'],
    ['en', 'en'],
    ['en-GB', 'en'],
    ['fr', 'en'],
    [undefined, 'en'],
    ['', 'en'],
  ])('%s -> %s', (locale, language) => expect(languageOfLocale(locale)).toBe(language));
});

describe('composeCognitoMail', () => {
  it('puts the real code in the text and the HTML (the local stack mails these)', () => {
    const mail = composeCognitoMail('SignUp', { locale: 'nl' }, '123456');
    expect(mail.subject).toBe('Je ReviewRoute-verificatiecode');
    expect(mail.text).toContain('Je verificatiecode is 123456.');
    // Set large, so the code reads at a glance.
    expect(mail.html).toMatch(/<strong class="rr-code" style="[^"]*font-size:28px[^"]*">123456<\/strong>/);
    expect(mail.text).not.toMatch(/[<>]/);
  });
});
