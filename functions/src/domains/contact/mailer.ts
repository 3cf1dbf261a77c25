import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { LambdaEnv } from '@reviewroute/shared';
import { awsClientConfig } from '../../lib/env';
import type { OutgoingMail } from './mail';

/** Sends through SES (v2 API; locally the SES emulator the environment names), built on first use. */
export function createSesMailer(env: LambdaEnv): (mail: OutgoingMail) => Promise<void> {
  let client: SESv2Client | undefined;
  return async (mail) => {
    client ??= new SESv2Client(awsClientConfig(env, 'AWS_ENDPOINT_URL_SES'));
    await client.send(
      new SendEmailCommand({
        FromEmailAddress: mail.from,
        Destination: { ToAddresses: [mail.to] },
        ReplyToAddresses: [mail.replyTo],
        Content: {
          Simple: {
            Subject: { Data: mail.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
          },
        },
      }),
    );
  };
}
