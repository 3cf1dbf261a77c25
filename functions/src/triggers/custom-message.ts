import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { languageOfLocale } from '@reviewroute/shared/domain';
import { renderMail, type RenderedMail } from '../mail/render';
import type { MailTemplateId } from '../mail/templates';

/**
 * Cognito's mails (sign-up code, reset code, e-mail change code) in the owner's language: Cognito calls this
 * CustomMessage trigger before each mail and sends the subject and body it returns, with `{####}` (the
 * request's codeParameter) replaced by the code. The texts are catalogue templates of the mail layer
 * (functions/src/mail). The local stack calls `composeCognitoMail` with the real code, so the local inbox
 * shows exactly the texts AWS sends.
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

/** Cognito's e-mail body is `html`; the local mailer also sends `text`, the plain-text part. */
export type CognitoMail = RenderedMail;

/** The owner's language from the `locale` stored at sign-up (shared, one rule for every mail to an owner). */
export { languageOfLocale };

/** Which catalogue mail each source sends (functions/src/mail/locales). */
const templateOf = {
  SignUp: 'signUpCode',
  ResendCode: 'signUpCode',
  ForgotPassword: 'passwordResetCode',
  UpdateUserAttribute: 'emailChangeCode',
  VerifyUserAttribute: 'emailChangeCode',
  AdminCreateUser: 'invitation',
  Authentication: 'signInCode',
} as const satisfies Record<CustomMessageSource, MailTemplateId>;

export function isCustomMessageSource(source: string): source is CustomMessageSource {
  return (customMessageSources as readonly string[]).includes(source);
}

/**
 * The mail for one trigger source in the owner's language. `code` is what goes where the code belongs: Cognito's
 * codeParameter (`{####}`) in AWS, the code itself locally (HTML escaping leaves both as they are).
 */
export function composeCognitoMail(
  source: CustomMessageSource,
  userAttributes: Readonly<Record<string, string | undefined>>,
  code: string,
  username?: string | null,
): CognitoMail {
  const language = languageOfLocale(userAttributes.locale);
  return renderMail(templateOf[source], language, { values: { code, username: username ?? '' } });
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
