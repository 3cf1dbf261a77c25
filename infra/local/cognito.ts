import http from 'node:http';
import { mkdir } from 'node:fs/promises';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import {
  CognitoError,
  CognitoServiceFactoryImpl,
  CryptoService,
  DateClock,
  DefaultConfig,
  InvalidParameterError,
  JwtTokenGenerator,
  LambdaService,
  MessageDeliveryService,
  Router,
  StormDBDataStoreFactory,
  TriggersService,
  UserNotFoundError,
  UserPoolServiceFactoryImpl,
  cognitoLocalLogger,
  createServer,
  otp,
  selectAppropriateDeliveryMethod,
  type Config,
  type Context,
  type DeliveryDetails,
  type Message,
  type MessageDelivery,
  type MessageSender,
  type Messages,
  type Route,
  type Services,
  type User,
  type UserPool,
} from './cognito-local';
import { LOCAL_HOST, closeServer, listen } from './ports';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './env';

/** Sender address of every mail the local Cognito sends (only ever lands in the local inbox). */
export const LOCAL_MAIL_FROM = 'no-reply@reviewroute.local';

type MessageSource = Parameters<Messages['deliver']>[1];

/**
 * The texts Cognito would send. Real Cognito fills `{####}` in the pool's templates; locally we write
 * the mails ourselves because cognito-local only hands over the code.
 */
export function composeCodeMail(source: MessageSource, code: string): { subject: string; text: string } {
  const reset = source === 'ForgotPassword';
  const subject = reset ? 'Your ReviewRoute password reset code' : 'Your ReviewRoute verification code';
  const text = reset ? `Your password reset code is ${code}.` : `Your verification code is ${code}.`;
  return { subject, text };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Delivers cognito-local's e-mails through the SES emulator, so they show up in the local inbox. */
class SesMessageSender implements MessageSender {
  private readonly ses: SESv2Client;

  constructor(
    sesEndpoint: string,
    private readonly onMail?: (to: string, subject: string) => void,
  ) {
    this.ses = new SESv2Client({ endpoint: sesEndpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  }

  async sendEmail(_ctx: Context, _user: User, destination: string, message: Message): Promise<void> {
    const text = message.emailMessage ?? `Your verification code is ${message.__code}.`;
    await this.ses.send(
      new SendEmailCommand({
        FromEmailAddress: LOCAL_MAIL_FROM,
        Destination: { ToAddresses: [destination] },
        Content: {
          Simple: {
            Subject: { Data: message.emailSubject ?? 'Your verification code' },
            Body: { Text: { Data: text }, Html: { Data: `<p>${escapeHtml(text.trim())}</p>` } },
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

/** Like cognito-local's MessagesService without triggers, but it writes the mail text per message source. */
class LocalMessages implements Messages {
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
    const mail = composeCodeMail(source, code);
    await this.delivery.deliver(ctx, user, deliveryDetails, {
      __code: code,
      emailSubject: mail.subject,
      emailMessage: mail.text,
    });
  }
}

/** Real Cognito's wording for policy violations, so the app shows the same message locally. */
export function passwordPolicyViolation(password: string, policy: UserPool['Policies']): string | undefined {
  const p = policy?.PasswordPolicy;
  if (!p) return undefined;
  if (p.MinimumLength && password.length < p.MinimumLength) return 'Password not long enough';
  if (p.RequireUppercase && !/[A-Z]/.test(password)) return 'Password must have uppercase characters';
  if (p.RequireLowercase && !/[a-z]/.test(password)) return 'Password must have lowercase characters';
  if (p.RequireNumbers && !/[0-9]/.test(password)) return 'Password must have numeric characters';
  if (p.RequireSymbols && !/[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/.test(password))
    return 'Password must have symbol characters';
  return undefined;
}

interface RefreshRequest {
  ClientId: string;
  RefreshToken: string;
  ClientSecret?: string;
  DeviceKey?: string;
  ClientMetadata?: Record<string, string>;
}

/**
 * Targets cognito-local lacks or handles more loosely than Cognito, layered over its router:
 * - GetTokensFromRefreshToken (what Amplify 6.22 calls to refresh) becomes InitiateAuth REFRESH_TOKEN_AUTH;
 * - ResendConfirmationCode issues a new sign-up code and mails it (the app's "resend" button);
 * - SignUp and ConfirmForgotPassword enforce the pool's password policy as Cognito does.
 */
export function withLocalTargets(base: Router, services: Services): Router {
  /** Checks the new password against the pool's policy, then hands the call to cognito-local. */
  const enforcingPasswordPolicy =
    (target: string): Route =>
    async (ctx, req: { ClientId: string; Password?: string }) => {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const violation = passwordPolicyViolation(req.Password ?? '', pool.options.Policies);
      if (violation)
        throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${violation}`);
      return base(target)(ctx, req);
    };

  const extra: Record<string, Route> = {
    GetTokensFromRefreshToken: async (ctx, req: RefreshRequest) => {
      const result = (await base('InitiateAuth')(ctx, {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: req.ClientId,
        AuthParameters: {
          REFRESH_TOKEN: req.RefreshToken,
          ...(req.DeviceKey ? { DEVICE_KEY: req.DeviceKey } : {}),
        },
        ClientMetadata: req.ClientMetadata,
      })) as { AuthenticationResult?: { AccessToken?: string; IdToken?: string } };
      // Without rotation Cognito returns no new refresh token; clients keep the one they have.
      return {
        AuthenticationResult: {
          AccessToken: result.AuthenticationResult?.AccessToken,
          IdToken: result.AuthenticationResult?.IdToken,
          TokenType: 'Bearer',
          ExpiresIn: 3600,
        },
      };
    },

    ResendConfirmationCode: async (
      ctx,
      req: { ClientId: string; Username: string; ClientMetadata?: Record<string, string> },
    ) => {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, req.Username);
      if (!user) throw new UserNotFoundError('Username/client id combination not found.');
      if (user.UserStatus !== 'UNCONFIRMED') throw new InvalidParameterError('User is already confirmed.');
      const deliveryDetails = selectAppropriateDeliveryMethod(pool.options.AutoVerifiedAttributes ?? [], user);
      if (!deliveryDetails)
        throw new InvalidParameterError('User has no attribute matching desired auto verified attributes');
      const code = services.otp();
      await pool.saveUser(ctx, { ...user, ConfirmationCode: code, UserLastModifiedDate: services.clock.get() });
      await services.messages.deliver(
        ctx,
        'ResendCode',
        req.ClientId,
        pool.options.Id,
        user,
        code,
        req.ClientMetadata,
        deliveryDetails,
      );
      return { CodeDeliveryDetails: deliveryDetails };
    },

    SignUp: enforcingPasswordPolicy('SignUp'),
    ConfirmForgotPassword: enforcingPasswordPolicy('ConfirmForgotPassword'),
  };

  return (target) => extra[target] ?? base(target);
}

export interface LocalCognito {
  /** The endpoint every client uses (SDK, Amplify in the browser); also the token issuer's domain. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface StartCognitoOptions {
  port: number;
  /** Where cognito-local keeps its pools (one JSON file per pool plus clients.json). */
  dataDir: string;
  /** SES emulator endpoint that receives every mail. */
  sesUrl: string;
  /** pino level for cognito-local's own log (default `error`: its warnings are every wrong password). */
  logLevel?: string;
  /** Told about every mail sent, e.g. to point at the inbox in the terminal. */
  onMail?: (to: string, subject: string) => void;
}

/**
 * cognito-local composed like its `createDefaultServer`, but with our data directory, an issuer that is
 * the URL it really listens on, mails delivered to the SES emulator and the extra targets above. The
 * HTTP server is bound first so the issuer can carry the port that was actually assigned (port 0).
 */
export async function startCognito(options: StartCognitoOptions): Promise<LocalCognito> {
  await mkdir(options.dataDir, { recursive: true });
  const server = http.createServer();
  const port = await listen(server, 'Cognito', options.port);
  const url = `http://${LOCAL_HOST}:${port}`;

  const logger = cognitoLocalLogger(options.logLevel ?? 'error');
  const ctx = { logger } as unknown as Context;

  const config: Config = {
    ...DefaultConfig,
    TriggerFunctions: {},
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: url },
    ServerConfig: { port, hostname: LOCAL_HOST, development: false, https: false },
  };
  const sender = new SesMessageSender(options.sesUrl, options.onMail);
  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(options.dataDir);
  const cognito = await new CognitoServiceFactoryImpl(
    options.dataDir,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  // No trigger functions are configured, so the Lambda client is never called.
  const triggers = new TriggersService(
    clock,
    cognito,
    new LambdaService({}, {} as never),
    new CryptoService(config.KMSConfig),
  );
  const services: Services = {
    clock,
    cognito,
    config,
    messages: new LocalMessages(new MessageDeliveryService(sender)),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const app = createServer(withLocalTargets(Router(services), services), logger, config.ServerConfig, services);
  server.on('request', app.application);

  return {
    url,
    port,
    stop: async () => {
      await closeServer(server);
      sender.destroy();
    },
  };
}
