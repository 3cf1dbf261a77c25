import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { languageOfLocale } from '@reviewroute/shared/domain';
import { processLambdaEnv } from '../lib/env';
import { logger } from '../lib/logger';
import type { OutgoingMail } from '../mail/mailer';
import { mailTime, ownerMailSettings, securityPageOf } from '../mail/owner-mail';
import { renderMail } from '../mail/render';
import { sesMailerOf } from '../mail/ses-mailer';

/**
 * The password-changed notice (decisions 23). The app changes a password only by code (ForgotPassword, then
 * ConfirmForgotPassword, signed in or not), and Cognito calls its PostConfirmation trigger with the source
 * `PostConfirmation_ConfirmForgotPassword` only after such a change succeeded: the notice is sent on Cognito's
 * word, never on a request's. The local stack's ConfirmForgotPassword (infra/local/cognito/password-reset.ts)
 * sends the same mail after cognito-local accepted the new password.
 */
export function composePasswordChangedNotice(
  userAttributes: Readonly<Record<string, string | undefined>>,
  // The site's address, for the button to the security settings: the auth stack's trigger has none yet (the site's
  // origin is the web stack's, made after the user pool), so its notice goes without the button.
  sender: { from: string; helpEmail: string; siteOrigin?: string },
  at: Date,
): OutgoingMail | undefined {
  const email = userAttributes.email;
  if (!email) return undefined;
  // Cognito's `locale` follows the interface language the owner last used (the profile's, mirrored by the
  // account Lambda), so this trigger, which reads no table, writes in it too.
  const language = languageOfLocale(userAttributes.locale);
  const mail = renderMail('passwordChanged', language, {
    values: {
      email,
      helpEmail: sender.helpEmail,
      securityUrl: sender.siteOrigin ? securityPageOf(sender.siteOrigin)(language) : '',
    },
    fields: { account: email, when: mailTime(at, language) },
  });
  return { from: sender.from, to: email, replyTo: sender.helpEmail, ...mail };
}

const mailer = sesMailerOf(processLambdaEnv);

/**
 * The Lambda. A failure to send is logged and swallowed: the password did change, and Cognito would otherwise
 * answer the owner's confirmation with an error.
 */
export const handler = async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
  if (event.triggerSource !== 'PostConfirmation_ConfirmForgotPassword') return event;
  const sender = ownerMailSettings(processLambdaEnv);
  const mail = sender && composePasswordChangedNotice(event.request.userAttributes, sender, new Date());
  if (!mail) return event;
  try {
    await mailer(mail);
  } catch (error) {
    logger.error('The password-changed notice could not be sent', { error: String(error) });
  }
  return event;
};
