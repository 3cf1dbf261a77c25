import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { escapeHtml } from '@reviewroute/shared';
import { composeCognitoMail } from '@reviewroute/functions/triggers/custom-message';
import {
  type Context,
  type DeliveryDetails,
  type Message,
  type MessageDelivery,
  type MessageSender,
  type Messages,
  type User,
} from '../cognito-local';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../env';

/** Sender address of every mail the local Cognito sends (only ever lands in the local inbox). */
export const LOCAL_MAIL_FROM = 'no-reply@reviewroute.local';

type MessageSource = Parameters<Messages['deliver']>[1];

/** A message with the plain-text twin of its HTML body (the SES emulator's inbox shows both). */
type LocalMessage = Message & { emailText?: string };

const attributeRecord = (user: User): Record<string, string> =>
  Object.fromEntries((user.Attributes ?? []).flatMap((a) => (a.Name && a.Value ? [[a.Name, a.Value]] : [])));

/** Delivers cognito-local's e-mails through the SES emulator, so they show up in the local inbox. */
export class SesMessageSender implements MessageSender {
  private readonly ses: SESv2Client;

  constructor(
    sesEndpoint: string,
    private readonly onMail?: (to: string, subject: string) => void,
  ) {
    this.ses = new SESv2Client({ endpoint: sesEndpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  }

  async sendEmail(_ctx: Context, _user: User, destination: string, message: LocalMessage): Promise<void> {
    const text = message.emailText ?? `Your verification code is ${message.__code}.`;
    const html = message.emailMessage ?? `<p>${escapeHtml(text.trim())}</p>`;
    await this.ses.send(
      new SendEmailCommand({
        FromEmailAddress: LOCAL_MAIL_FROM,
        Destination: { ToAddresses: [destination] },
        Content: {
          Simple: {
            Subject: { Data: message.emailSubject ?? 'Your verification code' },
            Body: { Text: { Data: text }, Html: { Data: html } },
          },
        },
      }),
    );
    this.onMail?.(destination, message.emailSubject ?? '');
  }

  destroy(): void {
    this.ses.destroy();
  }

  async sendSms(ctx: Context, _user: User, destination: string, message: Message): Promise<void> {
    // The product never sends SMS; keep the code visible in the log should a pool ever ask for it.
    ctx.logger.info(`SMS to ${destination}: ${message.__code}`);
  }
}

/**
 * Like cognito-local's MessagesService, but the texts come from the CustomMessage trigger's own function (the one
 * the Lambda runs in AWS), in the user's language, with the real code where Cognito would put it.
 */
export class LocalMessages implements Messages {
  constructor(private readonly delivery: MessageDelivery) {}

  async deliver(
    ctx: Context,
    source: MessageSource,
    _clientId: string | null,
    _userPoolId: string,
    user: User,
    code: string,
    _clientMetadata: Record<string, string> | undefined,
    deliveryDetails: DeliveryDetails,
  ): Promise<void> {
    const mail = composeCognitoMail(source, attributeRecord(user), code, user.Username);
    const message: LocalMessage = {
      __code: code,
      emailSubject: mail.subject,
      emailMessage: mail.html,
      emailText: mail.text,
    };
    await this.delivery.deliver(ctx, user, deliveryDetails, message);
  }
}
