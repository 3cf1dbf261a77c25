import { SESv2Client, SendEmailCommand, type SESv2ClientConfig } from '@aws-sdk/client-sesv2';
import type { LambdaEnv } from '@reviewroute/shared';
import { awsClientConfig } from '../lib/env';
import { assertSendable, type Mailer } from './mailer';

/**
 * The mailer over SES (v2 API) with a client of the given configuration, built on the first send. With a
 * configuration set, SES reports the mails' bounces and complaints, each with the mail's tags.
 */
export function createSesMailer(
  config: () => SESv2ClientConfig,
  configurationSet?: string,
): Mailer & { destroy(): void } {
  let client: SESv2Client | undefined;
  const send: Mailer = async (mail) => {
    assertSendable(mail);
    client ??= new SESv2Client(config());
    await client.send(
      new SendEmailCommand({
        FromEmailAddress: mail.from,
        Destination: { ToAddresses: [mail.to] },
        ...(mail.replyTo ? { ReplyToAddresses: [mail.replyTo] } : {}),
        ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
        ...(mail.tags ? { EmailTags: Object.entries(mail.tags).map(([Name, Value]) => ({ Name, Value })) } : {}),
        Content: {
          Simple: {
            Subject: { Data: mail.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
            // SESv2 adds these to the message it builds (Simple content's Headers), so no raw MIME is needed.
            ...(mail.headers
              ? { Headers: Object.entries(mail.headers).map(([Name, Value]) => ({ Name, Value })) }
              : {}),
          },
        },
      }),
    );
  };
  return Object.assign(send, { destroy: () => client?.destroy() });
}

/** The Lambda's mailer: SES of the environment's region (locally the SES emulator AWS_ENDPOINT_URL_SES names). */
export const sesMailerOf = (env: LambdaEnv) =>
  createSesMailer(() => awsClientConfig(env, 'AWS_ENDPOINT_URL_SES'), env.SES_CONFIGURATION_SET);

/**
 * The review requests' mailer (decisions 26): SES with the requests' own configuration set
 * (REQUEST_MAIL_CONFIGURATION_SET), so their bounces, complaints and reputation never mix with account mail's.
 */
export const requestMailerOf = (env: LambdaEnv) =>
  createSesMailer(() => awsClientConfig(env, 'AWS_ENDPOINT_URL_SES'), env.REQUEST_MAIL_CONFIGURATION_SET);
