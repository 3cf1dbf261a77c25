import type { Context, DeliveryDetails, Messages, Services, User } from '../cognito-local';

export const attributeOf = (user: User, name: string): string | undefined =>
  user.Attributes?.find((a) => a.Name === name)?.Value;

/** What Cognito tells a client about where a code went. */
export const emailDelivery = (destination: string) => ({
  AttributeName: 'email' as const,
  DeliveryMedium: 'EMAIL' as const,
  Destination: destination,
});

interface CodeMail {
  /** Which of Cognito's mails (sign-up, resend, attribute verification…): picks its text. */
  source: Parameters<Messages['deliver']>[1];
  /** The app client that asked, where Cognito passes one. */
  clientId?: string | null;
  poolId: string;
  user: User;
  code: string;
  clientMetadata: Record<string, string> | undefined;
  delivery: DeliveryDetails;
}

/** Mails a code as the pool's messages do (see mail.ts: the trigger's texts, into the local inbox). */
export const mailCode = (services: Services, ctx: Context, mail: CodeMail): Promise<void> =>
  services.messages.deliver(
    ctx,
    mail.source,
    mail.clientId ?? null,
    mail.poolId,
    mail.user,
    mail.code,
    mail.clientMetadata,
    mail.delivery,
  );
