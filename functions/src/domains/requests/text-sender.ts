import {
  PinpointSMSVoiceV2Client,
  SendTextMessageCommand,
  type PinpointSMSVoiceV2ClientConfig,
} from '@aws-sdk/client-pinpoint-sms-voice-v2';
import type { LambdaEnv } from '@reviewroute/shared';
import { awsClientConfig } from '../../lib/env';
import { textContextKeys } from './text-context';

export { textContextKeys, textContextOf } from './text-context';

/**
 * The texts' transport: AWS End User Messaging SMS (the `pinpoint-sms-voice-v2` API), each text sent with the
 * texts' own configuration set (SMS_CONFIGURATION_SET), whose event destination reports its delivery back to the
 * text-events worker with the text's `Context`. Locally the same client talks to infra/local/sms.ts.
 */

/** One text to one customer. */
export interface TextMessage {
  /** The customer's number, E.164 (`+31612345678`). */
  to: string;
  body: string;
  /** The sender: an alphanumeric sender ID, a registered number or its pool (decisions 25: per country). */
  originator: string;
  /**
   * Names this send once (the request and its attempt). SendTextMessage takes no client token, so the claim
   * before the send is what keeps a text from going twice; the key travels in the text's Context, where its
   * delivery report and the local phone view can tell a second send of one request apart.
   */
  idempotencyKey: string;
  /** Carried back by the text's delivery events (`textContextOf`: the owner, batch and recipient). */
  context: Record<string, string>;
}

export interface TextSender {
  send(message: TextMessage): Promise<{ messageId: string }>;
}

/**
 * Whether the service refused this text for good (an invalid or opted-out number, a sender not allowed for the
 * country: ValidationException, ConflictException), so a retry would be refused again; throttling and
 * server errors are worth another try.
 */
export const isTextRefused = (error: unknown): boolean =>
  error instanceof Error && (error.name === 'ValidationException' || error.name === 'ConflictException');

/**
 * Whether the service refused the text because the number replied STOP to this sender (its opt-out list): the
 * customer unsubscribed, as much as a STOP the text-events worker recorded.
 */
export const isOptedOut = (error: unknown): boolean =>
  error instanceof Error &&
  error.name === 'ConflictException' &&
  (error as Error & { Reason?: string }).Reason === 'DESTINATION_PHONE_NUMBER_OPTED_OUT';

/** The sender over SendTextMessage with a client of the given configuration, built on the first send. */
export function createTextSender(
  config: () => PinpointSMSVoiceV2ClientConfig,
  configurationSet: string | undefined,
): TextSender & { destroy(): void } {
  let client: PinpointSMSVoiceV2Client | undefined;
  return {
    async send(message) {
      client ??= new PinpointSMSVoiceV2Client(config());
      const { MessageId } = await client.send(
        new SendTextMessageCommand({
          DestinationPhoneNumber: message.to,
          OriginationIdentity: message.originator,
          MessageBody: message.body,
          // Transactional: the customer asked for the visit; the carriers route these for delivery, not price.
          MessageType: 'TRANSACTIONAL',
          ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
          Context: { ...message.context, [textContextKeys.idempotencyKey]: message.idempotencyKey },
        }),
      );
      if (!MessageId) throw new Error('SendTextMessage answered without a MessageId');
      return { messageId: MessageId };
    },
    destroy: () => client?.destroy(),
  };
}

/**
 * The Lambda's text sender: End User Messaging SMS of the environment's region with the texts' configuration
 * set (locally the SMS endpoint AWS_ENDPOINT_URL_PINPOINT_SMS_VOICE_V2 names).
 */
export const createSmsVoiceTextSender = (env: LambdaEnv) =>
  createTextSender(() => awsClientConfig(env, 'AWS_ENDPOINT_URL_PINPOINT_SMS_VOICE_V2'), env.SMS_CONFIGURATION_SET);
