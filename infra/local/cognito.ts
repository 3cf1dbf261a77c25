import http from 'node:http';
import { mkdir } from 'node:fs/promises';
import {
  CognitoServiceFactoryImpl,
  CryptoService,
  DateClock,
  DefaultConfig,
  JwtTokenGenerator,
  LambdaService,
  MessageDeliveryService,
  Router,
  StormDBDataStoreFactory,
  TriggersService,
  UserPoolServiceFactoryImpl,
  cognitoLocalLogger,
  createServer,
  otp,
  type Config,
  type Context,
  type Services,
} from './cognito-local';
import { createSesMailer } from '@reviewroute/functions/mail/ses-mailer';
import { composePasswordChangedNotice } from '@reviewroute/functions/triggers/post-confirmation';
import { LocalMessages, LOCAL_MAIL_FROM, SesMessageSender } from './cognito/mail';
import { withScopeChecks, withSuppressedScopes } from './cognito/scopes';
import { withLocalTargets } from './cognito/targets';
import { LOCAL_CREDENTIALS, LOCAL_REGION, LOCAL_SUPPORT_ADDRESS } from './env';
import { LOCAL_HOST, closeServer, listen } from './ports';

// The local Cognito: cognito-local, with the targets in ./cognito/ that make it behave as Cognito does.
export { LOCAL_MAIL_FROM } from './cognito/mail';
export { passwordPolicyViolation } from './cognito/password-policy';
export { totpCode, totpStepOf } from './cognito/totp';

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
 * the URL it really listens on, mails delivered to the SES emulator and the extra targets of ./cognito/. The
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
    // Access tokens as the pre token generation trigger makes them in AWS: the web app's without the admin scope.
    tokenGenerator: withSuppressedScopes(new JwtTokenGenerator(clock, triggers, config.TokenConfig)),
    triggers,
  };
  // The password-changed notice, as Cognito's PostConfirmation trigger sends it in AWS (functions/src/triggers).
  const notices = createSesMailer(() => ({
    endpoint: options.sesUrl,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  }));
  const onPasswordChanged = async (attributes: Record<string, string>) => {
    const mail = composePasswordChangedNotice(
      attributes,
      { from: LOCAL_MAIL_FROM, helpEmail: LOCAL_SUPPORT_ADDRESS },
      new Date(),
    );
    if (mail) await notices(mail);
  };
  const app = createServer(
    // The user API refuses an access token without the admin scope, as Cognito does.
    withScopeChecks(withLocalTargets(Router(services), services, { onPasswordChanged })),
    logger,
    config.ServerConfig,
    services,
  );
  server.on('request', app.application);

  return {
    url,
    port,
    stop: async () => {
      await closeServer(server);
      sender.destroy();
      notices.destroy();
    },
  };
}
