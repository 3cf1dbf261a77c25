import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { defaultLanguage, type Language } from '@reviewroute/shared/domain';

/**
 * Cognito's mails (sign-up code, reset code, e-mail change code) in the owner's language: Cognito calls this
 * CustomMessage trigger before each mail and sends the subject and body it returns, with `{####}` (the
 * request's codeParameter) replaced by the code. The local stack calls `composeCognitoMail` with the real
 * code, so the local inbox shows exactly the texts AWS sends.
 */

/** The trigger sources (without the `CustomMessage_` prefix); cognito-local names its message sources alike. */
export const customMessageSources = [
  'SignUp',
  'ResendCode',
  'ForgotPassword',
  'UpdateUserAttribute',
  'VerifyUserAttribute',
  'AdminCreateUser',
  'Authentication',
] as const;
export type CustomMessageSource = (typeof customMessageSources)[number];

export interface CognitoMail {
  subject: string;
  /** Cognito's e-mail body (HTML). */
  html: string;
  /** The same text without markup, for the plain-text part the local mailer adds. */
  text: string;
}

/**
 * The owner's language from the `locale` attribute the app stores at sign-up ('nl', also 'nl-NL' or 'nl_BE'),
 * English for anything else, accounts from before the attribute existed included.
 */
export function languageOfLocale(locale: string | undefined): Language {
  return locale?.trim().toLowerCase().split(/[-_]/)[0] === 'nl' ? 'nl' : defaultLanguage;
}

interface MailText {
  subject: string;
  heading: string;
  /** Paragraphs; `{code}` marks where the code goes, `{username}` the user name. */
  paragraphs: string[];
}

type Kind = 'signUp' | 'reset' | 'emailChange' | 'invite' | 'signIn';

const kindOf: Record<CustomMessageSource, Kind> = {
  SignUp: 'signUp',
  ResendCode: 'signUp',
  ForgotPassword: 'reset',
  UpdateUserAttribute: 'emailChange',
  VerifyUserAttribute: 'emailChange',
  AdminCreateUser: 'invite',
  Authentication: 'signIn',
};

const texts: Record<Language, Record<Kind, MailText>> = {
  en: {
    signUp: {
      subject: 'Your ReviewRoute verification code',
      heading: 'Confirm your email address',
      paragraphs: [
        'Welcome to ReviewRoute! Your verification code is {code}.',
        'Enter it on the sign-up page to activate your account. The code is valid for 24 hours.',
        'Did you not sign up for ReviewRoute? Then you can ignore this email.',
      ],
    },
    reset: {
      subject: 'Your ReviewRoute password reset code',
      heading: 'Reset your password',
      paragraphs: [
        'Your password reset code is {code}.',
        'Enter it together with your new password. The code is valid for 1 hour.',
        'Did you not ask for a new password? Then ignore this email: your password stays the same.',
      ],
    },
    emailChange: {
      subject: 'Confirm your new ReviewRoute email address',
      heading: 'Confirm your new email address',
      paragraphs: [
        'Your verification code is {code}.',
        'Enter it in the security settings of your account to start using this address. Until then you keep signing in with your current address.',
        'Did you not change your email address? Then you can ignore this email.',
      ],
    },
    invite: {
      subject: 'Your ReviewRoute account',
      heading: 'Your ReviewRoute account is ready',
      paragraphs: ['Your user name is {username} and your temporary password is {code}.'],
    },
    signIn: {
      subject: 'Your ReviewRoute sign-in code',
      heading: 'Sign in to ReviewRoute',
      paragraphs: ['Your sign-in code is {code}.'],
    },
  },
  nl: {
    signUp: {
      subject: 'Je ReviewRoute-verificatiecode',
      heading: 'Bevestig je e-mailadres',
      paragraphs: [
        'Welkom bij ReviewRoute! Je verificatiecode is {code}.',
        'Vul deze in op de registratiepagina om je account te activeren. De code is 24 uur geldig.',
        'Heb je je niet aangemeld bij ReviewRoute? Dan kun je deze e-mail negeren.',
      ],
    },
    reset: {
      subject: 'Je ReviewRoute-code om je wachtwoord te herstellen',
      heading: 'Herstel je wachtwoord',
      paragraphs: [
        'Je herstelcode is {code}.',
        'Vul deze in samen met je nieuwe wachtwoord. De code is 1 uur geldig.',
        'Heb je geen nieuw wachtwoord aangevraagd? Negeer deze e-mail dan: je wachtwoord blijft hetzelfde.',
      ],
    },
    emailChange: {
      subject: 'Bevestig je nieuwe ReviewRoute-e-mailadres',
      heading: 'Bevestig je nieuwe e-mailadres',
      paragraphs: [
        'Je verificatiecode is {code}.',
        'Vul deze in bij de beveiligingsinstellingen van je account om dit adres te gaan gebruiken. Tot dan log je in met je huidige adres.',
        'Heb je je e-mailadres niet gewijzigd? Dan kun je deze e-mail negeren.',
      ],
    },
    invite: {
      subject: 'Je ReviewRoute-account',
      heading: 'Je ReviewRoute-account staat klaar',
      paragraphs: ['Je gebruikersnaam is {username} en je tijdelijke wachtwoord is {code}.'],
    },
    signIn: {
      subject: 'Je ReviewRoute-inlogcode',
      heading: 'Inloggen bij ReviewRoute',
      paragraphs: ['Je inlogcode is {code}.'],
    },
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function isCustomMessageSource(source: string): source is CustomMessageSource {
  return (customMessageSources as readonly string[]).includes(source);
}

/**
 * The mail for one trigger source in the owner's language. `code` is what goes where the code belongs: Cognito's
 * codeParameter (`{####}`) in AWS, the code itself locally; it is never escaped, so the placeholder stays intact.
 */
export function composeCognitoMail(
  source: CustomMessageSource,
  userAttributes: Readonly<Record<string, string | undefined>>,
  code: string,
  username?: string | null,
): CognitoMail {
  const mail = texts[languageOfLocale(userAttributes.locale)][kindOf[source]];
  const fill = (paragraph: string, asHtml: boolean) =>
    (asHtml ? escapeHtml(paragraph) : paragraph)
      .replace('{code}', asHtml ? `<strong>${code}</strong>` : code)
      .replace('{username}', asHtml ? `<strong>${username ?? ''}</strong>` : (username ?? ''));
  const html = [
    `<h1 style="font-size:20px">${escapeHtml(mail.heading)}</h1>`,
    ...mail.paragraphs.map((p) => `<p>${fill(p, true)}</p>`),
    '<p>ReviewRoute</p>',
  ].join('\n');
  const text = [mail.heading, ...mail.paragraphs.map((p) => fill(p, false)), 'ReviewRoute'].join('\n\n');
  return { subject: mail.subject, html, text };
}

/** The Lambda: fills the response of the sources it knows; any other keeps Cognito's default message. */
export const handler = async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
  const source = event.triggerSource.replace(/^CustomMessage_/, '');
  if (!isCustomMessageSource(source)) return event;
  const mail = composeCognitoMail(
    source,
    event.request.userAttributes,
    event.request.codeParameter,
    event.request.usernameParameter,
  );
  event.response.emailSubject = mail.subject;
  event.response.emailMessage = mail.html;
  return event;
};
