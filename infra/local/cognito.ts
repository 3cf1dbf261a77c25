import { createHmac } from 'node:crypto';
import http from 'node:http';
import { mkdir } from 'node:fs/promises';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { escapeHtml } from '@reviewroute/shared';
import { composeCognitoMail } from '@reviewroute/functions/triggers/custom-message';
import {
  CodeMismatchError,
  CognitoError,
  CognitoServiceFactoryImpl,
  CryptoService,
  DateClock,
  DefaultConfig,
  InvalidParameterError,
  JwtTokenGenerator,
  NotAuthorizedError,
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

/** A message with the plain-text twin of its HTML body (the SES emulator's inbox shows both). */
type LocalMessage = Message & { emailText?: string };

const attributeRecord = (user: User): Record<string, string> =>
  Object.fromEntries((user.Attributes ?? []).flatMap((a) => (a.Name && a.Value ? [[a.Name, a.Value]] : [])));

/** Delivers cognito-local's e-mails through the SES emulator, so they show up in the local inbox. */
class SesMessageSender implements MessageSender {
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

/** A TOTP code (RFC 6238: SHA-1, 6 digits, 30 s) of a base32 secret for one time step. */
export function totpCode(secret: string, step: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new InvalidParameterError('Invalid software token secret');
    bits += value.toString(2).padStart(5, '0');
  }
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  return ((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, '0');
}

/** The time step a code belongs to, accepting one step either side for clock drift (as Cognito does), or undefined. */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | undefined {
  const current = Math.floor(now / 30_000);
  return [current, current - 1, current + 1].find((step) => totpCode(secret, step) === code.trim());
}

interface AccessTokenClaims {
  sub: string;
  client_id: string;
  token_use?: string;
  exp?: number;
}

/**
 * The claims of an access token, or NotAuthorizedException when it is none or has expired. cognito-local only
 * decodes tokens (it never checks expiry); Cognito refuses an expired one, and the app must refresh first.
 */
function accessTokenClaims(token: string | undefined): AccessTokenClaims {
  const payload = token?.split('.')[1];
  let claims: Partial<AccessTokenClaims> | undefined;
  try {
    claims = payload
      ? (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<AccessTokenClaims>)
      : undefined;
  } catch {
    claims = undefined;
  }
  if (!claims?.sub || !claims.client_id || (claims.token_use && claims.token_use !== 'access'))
    throw new NotAuthorizedError('Invalid Access Token');
  if (claims.exp !== undefined && claims.exp * 1000 < Date.now())
    throw new NotAuthorizedError('Access Token has expired');
  return claims as AccessTokenClaims;
}

const attributeOf = (user: User, name: string): string | undefined =>
  user.Attributes?.find((a) => a.Name === name)?.Value;

/** What Cognito tells a client about where a code went. */
const emailDelivery = (destination: string) => ({
  AttributeName: 'email' as const,
  DeliveryMedium: 'EMAIL' as const,
  Destination: destination,
});

/** A sign-in challenge as Cognito hands it out: one session, for one user and challenge, valid 3 minutes. */
interface IssuedChallenge {
  username: string;
  challenge: string;
  expiresAt: number;
}

type UserPoolLookup = (ctx: Context, username: string) => Promise<User | null>;

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
 * - SignUp and ConfirmForgotPassword enforce the pool's password policy as Cognito does;
 * - UpdateUserPool keeps UserAttributeUpdateSettings (cognito-local drops them on update);
 * - UpdateUserAttributes mails the e-mail-change code to the NEW address and, as the pool's
 *   UserAttributeUpdateSettings say, keeps the old one until the code is confirmed; an address another account
 *   uses is refused (AliasExistsException); GetUserAttributeVerificationCode resends to the pending address;
 *   VerifyUserAttribute checks the address is still free;
 * - ForgotPassword and ConfirmForgotPassword do not reveal whether an account exists (the client's
 *   PreventUserExistenceErrors), as Cognito does;
 * - InitiateAuth and RespondToAuthChallenge: a challenge's Session is single-use, bound to its user and
 *   challenge and valid 3 minutes; a TOTP code is accepted once (RFC 6238 5.2); the refresh token issued
 *   after a challenge is stored (cognito-local forgets it, so the session could never be refreshed);
 * - VerifySoftwareToken answers a wrong code with Cognito's EnableSoftwareTokenMFAException.
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

    // Account deletion disables the user first; Cognito then refuses their sign-in, cognito-local does not.
    InitiateAuth: async (ctx, req: { ClientId: string; AuthParameters?: Record<string, string> }) => {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const { USERNAME: username, REFRESH_TOKEN: refreshToken } = req.AuthParameters ?? {};
      const user = username
        ? await pool.getUserByUsername(ctx, username)
        : refreshToken
          ? await pool.getUserByRefreshToken(ctx, refreshToken)
          : null;
      if (user && user.Enabled === false) throw new CognitoError('NotAuthorizedException', 'User is disabled.');
      return base('InitiateAuth')(ctx, req);
    },

    // Revokes every refresh token of the user (cognito-local keeps them on the user), as Cognito does.
    AdminUserGlobalSignOut: async (ctx, req: { UserPoolId: string; Username: string }) => {
      const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
      const user = await pool.getUserByUsername(ctx, req.Username);
      if (!user) throw new UserNotFoundError('User does not exist.');
      await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
      return {};
    },
  };

  return withSecurityTargets((target) => extra[target] ?? base(target), services);
}

/**
 * The account-security targets (e-mail change, password reset, TOTP), layered over the others; `next` is the
 * router below (cognito-local plus the targets above). See withLocalTargets' list for what each one fixes.
 */
function withSecurityTargets(next: Router, services: Services): Router {
  /** Issued challenge sessions; the last TOTP time step each user has used. Lost on restart, as they may be. */
  const challenges = new Map<string, IssuedChallenge>();
  const lastTotpStep = new Map<string, number>();

  /** The pool and user an access token belongs to. */
  const userOfToken = async (ctx: Context, accessToken: string | undefined) => {
    const claims = accessTokenClaims(accessToken);
    const pool = await services.cognito.getUserPoolForClientId(ctx, claims.client_id);
    const user = await pool.getUserByUsername(ctx, claims.sub);
    if (!user) throw new NotAuthorizedError('User does not exist.');
    return { pool, user };
  };

  /** Refuses an address that is already another account's e-mail (and so its sign-in name). */
  const assertAddressFree = async (
    ctx: Context,
    pool: { getUserByUsername: UserPoolLookup },
    user: User,
    email: string,
  ) => {
    const other = await pool.getUserByUsername(ctx, email);
    if (other && other.Username !== user.Username)
      throw new CognitoError('AliasExistsException', 'An account with the given email already exists.');
  };

  /** Checks a TOTP code against the user's verified secret; each time step counts once. */
  const useTotpCode = (user: User, code: string | undefined): void => {
    const secret = user.SoftwareTokenMfaConfiguration?.Secret;
    const step = secret && code ? totpStepOf(secret, code) : undefined;
    if (step === undefined) throw new CodeMismatchError();
    if (step <= (lastTotpStep.get(user.Username) ?? -1)) throw new CodeMismatchError();
    lastTotpStep.set(user.Username, step);
  };

  const targets: Record<string, Route> = {
    // Cognito marks the address verified when the sign-up code is confirmed; cognito-local does not.
    ConfirmSignUp: async (ctx, req: { ClientId: string; Username: string }) => {
      const result = await next('ConfirmSignUp')(ctx, req);
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, req.Username);
      if (user && pool.options.AutoVerifiedAttributes?.includes('email')) {
        const others = (user.Attributes ?? []).filter((a) => a.Name !== 'email_verified');
        await pool.saveUser(ctx, { ...user, Attributes: [...others, { Name: 'email_verified', Value: 'true' }] });
      }
      return result;
    },

    UpdateUserPool: async (ctx, req: { UserPoolId: string; UserAttributeUpdateSettings?: unknown }) => {
      const result = await next('UpdateUserPool')(ctx, req);
      const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
      await pool.updateOptions(ctx, {
        ...pool.options,
        UserAttributeUpdateSettings: req.UserAttributeUpdateSettings as UserPool['UserAttributeUpdateSettings'],
      });
      return result;
    },

    UpdateUserAttributes: async (
      ctx,
      req: {
        AccessToken: string;
        UserAttributes: { Name: string; Value?: string }[];
        ClientMetadata?: Record<string, string>;
      },
    ) => {
      const { pool, user } = await userOfToken(ctx, req.AccessToken);
      const schema = pool.options.SchemaAttributes ?? [];
      for (const attr of req.UserAttributes ?? []) {
        const known = schema.find((s) => s.Name === attr.Name);
        if (!known) throw new InvalidParameterError(`user.${attr.Name}: Attribute does not exist in the schema.`);
        if (known.Mutable === false)
          throw new InvalidParameterError(
            `user.${attr.Name}: Attribute cannot be updated. (changing an immutable attribute)`,
          );
      }
      const newEmail = req.UserAttributes.find((a) => a.Name === 'email')?.Value?.trim();
      const emailChanges = newEmail !== undefined && newEmail !== attributeOf(user, 'email');
      if (emailChanges) await assertAddressFree(ctx, pool, user, newEmail);
      const keepOriginal =
        pool.options.UserAttributeUpdateSettings?.AttributesRequireVerificationBeforeUpdate?.includes('email') ?? false;
      const immediate = req.UserAttributes.filter((a) => a.Name !== 'email' || (emailChanges && !keepOriginal));
      if (emailChanges && !keepOriginal) immediate.push({ Name: 'email_verified', Value: 'false' });
      const merged = new Map((user.Attributes ?? []).map((a) => [a.Name, a.Value]));
      for (const attr of immediate) {
        if (attr.Value) merged.set(attr.Name, attr.Value);
        else merged.delete(attr.Name);
      }
      const code = emailChanges ? services.otp() : undefined;
      const updated: User = {
        ...user,
        Attributes: [...merged].map(([Name, Value]) => ({ Name, Value })),
        UserLastModifiedDate: services.clock.get(),
        ...(emailChanges && keepOriginal
          ? {
              UnverifiedAttributeChanges: [
                { Name: 'email', Value: newEmail },
                { Name: 'email_verified', Value: 'false' },
              ],
            }
          : {}),
        ...(code ? { AttributeVerificationCode: code } : {}),
      };
      await pool.saveUser(ctx, updated);
      if (!code || !newEmail) return { CodeDeliveryDetailsList: [] };
      // Cognito mails the code to the address being verified: the new one.
      const delivery = emailDelivery(newEmail);
      await services.messages.deliver(
        ctx,
        'UpdateUserAttribute',
        null,
        pool.options.Id,
        updated,
        code,
        req.ClientMetadata,
        delivery,
      );
      return { CodeDeliveryDetailsList: [delivery] };
    },

    GetUserAttributeVerificationCode: async (
      ctx,
      req: { AccessToken: string; AttributeName: string; ClientMetadata?: Record<string, string> },
    ) => {
      const { pool, user } = await userOfToken(ctx, req.AccessToken);
      if (req.AttributeName !== 'email') throw new InvalidParameterError('Only the email address is verified here.');
      const pending = user.UnverifiedAttributeChanges?.find((a) => a.Name === 'email')?.Value;
      const destination = pending ?? attributeOf(user, 'email');
      if (!destination) throw new InvalidParameterError('User has no email address.');
      const code = services.otp();
      await pool.saveUser(ctx, { ...user, AttributeVerificationCode: code });
      const delivery = emailDelivery(destination);
      await services.messages.deliver(
        ctx,
        'VerifyUserAttribute',
        null,
        pool.options.Id,
        user,
        code,
        req.ClientMetadata,
        delivery,
      );
      return { CodeDeliveryDetails: delivery };
    },

    VerifyUserAttribute: async (ctx, req: { AccessToken: string; AttributeName: string; Code?: string }) => {
      const { pool, user } = await userOfToken(ctx, req.AccessToken);
      if (!req.Code || !user.AttributeVerificationCode || req.Code.trim() !== user.AttributeVerificationCode)
        throw new CodeMismatchError();
      const pending = user.UnverifiedAttributeChanges?.find((a) => a.Name === 'email')?.Value;
      // Another account may have taken the address since the code was sent.
      if (req.AttributeName === 'email' && pending) await assertAddressFree(ctx, pool, user, pending);
      return next('VerifyUserAttribute')(ctx, req);
    },

    ForgotPassword: async (ctx, req: { ClientId: string; Username: string }) => {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, req.Username);
      // With user-existence errors prevented, Cognito answers an unknown address as if it had sent a code.
      if (!user) return { CodeDeliveryDetails: emailDelivery(req.Username) };
      return next('ForgotPassword')(ctx, req);
    },

    ConfirmForgotPassword: async (ctx, req: { ClientId: string; Username: string; Password?: string }) => {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      if (!(await pool.getUserByUsername(ctx, req.Username))) throw new CodeMismatchError();
      return next('ConfirmForgotPassword')(ctx, req);
    },

    InitiateAuth: async (ctx, req: { AuthFlow?: string }) => {
      const result = (await next('InitiateAuth')(ctx, req)) as {
        ChallengeName?: string;
        Session?: string;
        ChallengeParameters?: Record<string, string>;
      };
      if (result.ChallengeName && result.Session && result.ChallengeParameters?.USER_ID_FOR_SRP) {
        challenges.set(result.Session, {
          username: result.ChallengeParameters.USER_ID_FOR_SRP,
          challenge: result.ChallengeName,
          expiresAt: Date.now() + 3 * 60_000,
        });
      }
      return result;
    },

    RespondToAuthChallenge: async (
      ctx,
      req: { ClientId: string; ChallengeName: string; Session?: string; ChallengeResponses?: Record<string, string> },
    ) => {
      const issued = req.Session ? challenges.get(req.Session) : undefined;
      if (!issued || issued.expiresAt < Date.now() || issued.challenge !== req.ChallengeName)
        throw new NotAuthorizedError('Invalid session for the user, session is expired.');
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, req.ChallengeResponses?.USERNAME ?? '');
      if (!user || user.Username !== issued.username) throw new NotAuthorizedError('Invalid session for the user.');
      if (req.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
        if (!user.SoftwareTokenMfaConfiguration?.Verified) throw new CodeMismatchError();
        // A wrong code leaves the session usable for another try, as in Cognito.
        useTotpCode(user, req.ChallengeResponses?.SOFTWARE_TOKEN_MFA_CODE);
      }
      const result = (await next('RespondToAuthChallenge')(ctx, req)) as {
        AuthenticationResult?: { RefreshToken?: string };
      };
      challenges.delete(req.Session!);
      const refreshToken = result.AuthenticationResult?.RefreshToken;
      if (refreshToken) await pool.storeRefreshToken(ctx, refreshToken, user);
      return result;
    },

    VerifySoftwareToken: async (ctx, req: { AccessToken?: string; UserCode?: string }) => {
      if (req.AccessToken) {
        const { user } = await userOfToken(ctx, req.AccessToken);
        try {
          useTotpCode(user, req.UserCode);
        } catch {
          throw new CognitoError('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA');
        }
      }
      return next('VerifySoftwareToken')(ctx, req);
    },
  };

  return (target) => targets[target] ?? next(target);
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
