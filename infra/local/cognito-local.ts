// First: cognito-local loads AWS SDK v2, whose end-of-support notice would bury the start-up banner.
import './quiet-sdk-notices';
import { createRequire } from 'node:module';
import type { createServer } from 'cognito-local/lib/server/server.js';

/**
 * The one door to cognito-local's internals. Its public entry only starts a server with its own data
 * directory, console mailer and issuer, so the local stack composes the server from the parts below
 * instead (see cognito.ts). They are not a public API: the version is pinned exactly in
 * infra/package.json, and cognito-local.test.ts checks that every path and export listed in
 * `cognitoLocalInternals` still resolves with the expected shape, so an upgrade that moves them fails
 * there, by name, rather than somewhere inside a test stack.
 */
export const cognitoLocalVersion = '5.3.0';

export { DateClock, LambdaService, TriggersService, type Services } from 'cognito-local/lib/services/index.js';
export { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService.js';
export { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb.js';
export {
  MessageDeliveryService,
  type DeliveryDetails,
  type MessageDelivery,
} from 'cognito-local/lib/services/messageDelivery/messageDelivery.js';
export type { MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender.js';
export type { Message, Messages } from 'cognito-local/lib/services/messages.js';
export { selectAppropriateDeliveryMethod } from 'cognito-local/lib/services/messageDelivery/deliveryMethod.js';
export { otp } from 'cognito-local/lib/services/otp.js';
export { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';
export { UserPoolServiceFactoryImpl, type User, type UserPool } from 'cognito-local/lib/services/userPoolService.js';
export { CryptoService } from 'cognito-local/lib/services/crypto.js';
export type { Context } from 'cognito-local/lib/services/context.js';
export { DefaultConfig, type Config } from 'cognito-local/lib/server/config.js';
export { Router, type Route } from 'cognito-local/lib/server/Router.js';
export { createServer } from 'cognito-local/lib/server/server.js';
export {
  CodeMismatchError,
  CognitoError,
  InvalidParameterError,
  NotAuthorizedError,
  UserNotFoundError,
} from 'cognito-local/lib/errors.js';

/** A function, a plain object, or a class whose prototype has (at least) the members named. */
export type InternalShape = 'function' | 'object' | { members: readonly string[] };

/**
 * Every value exported above, by module, with the members the adapter uses on it; plus the two services
 * cognito-local builds from them whose methods the adapter calls (`services.cognito` and its pools). The
 * test checks each against the installed package.
 */
export const cognitoLocalInternals: Record<string, Record<string, InternalShape>> = {
  'cognito-local/lib/services/index.js': {
    DateClock: { members: ['get'] },
    LambdaService: { members: [] },
    TriggersService: { members: [] },
    CognitoServiceImpl: { members: ['getUserPoolForClientId', 'getUserPool'] },
    UserPoolServiceImpl: {
      members: ['options', 'getUserByUsername', 'saveUser', 'updateOptions', 'storeRefreshToken'],
    },
  },
  'cognito-local/lib/services/cognitoService.js': { CognitoServiceFactoryImpl: { members: ['create'] } },
  'cognito-local/lib/services/dataStore/stormDb.js': { StormDBDataStoreFactory: { members: ['create'] } },
  'cognito-local/lib/services/messageDelivery/messageDelivery.js': { MessageDeliveryService: { members: ['deliver'] } },
  'cognito-local/lib/services/messageDelivery/deliveryMethod.js': { selectAppropriateDeliveryMethod: 'function' },
  'cognito-local/lib/services/otp.js': { otp: 'function' },
  'cognito-local/lib/services/tokenGenerator.js': { JwtTokenGenerator: { members: ['generate'] } },
  'cognito-local/lib/services/userPoolService.js': { UserPoolServiceFactoryImpl: { members: ['create'] } },
  'cognito-local/lib/services/crypto.js': { CryptoService: { members: [] } },
  'cognito-local/lib/server/config.js': { DefaultConfig: 'object' },
  'cognito-local/lib/server/Router.js': { Router: 'function' },
  'cognito-local/lib/server/server.js': { createServer: 'function' },
  'cognito-local/lib/errors.js': {
    CodeMismatchError: { members: [] },
    NotAuthorizedError: { members: [] },
    CognitoError: { members: [] },
    InvalidParameterError: { members: [] },
    UserNotFoundError: { members: [] },
  },
};

/** A dependency of cognito-local's rather than ours: required from its own folder. */
export const requireFromCognitoLocal = createRequire(
  createRequire(import.meta.url).resolve('cognito-local/package.json'),
);

type PinoLogger = Parameters<typeof createServer>[1];

/** cognito-local's logger (pino, its dependency), as its own server makes it. */
export function cognitoLocalLogger(level: string): PinoLogger {
  const pino = requireFromCognitoLocal('pino') as (options: object) => PinoLogger;
  return pino({ level, base: { service: 'cognito-local' } });
}
