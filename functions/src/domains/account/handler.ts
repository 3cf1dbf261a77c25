import type { LambdaEnv } from '@reviewroute/shared';
import { processLambdaEnv } from '../../lib/env';
import { createDomainHandler, type ApiEvent, type DomainHandlerOptions, type Owner } from '../../lib/http';
import { originCheckOf } from '../../lib/origin-verify';
import { configureLogger } from '../../lib/logger';
import { tableEntities } from '../../data/client';
import { ownerRequestLimitOf } from '../../data/owner-request-limit';
import { createDynamoErasureRepository } from '../../data/erasure-repository';
import { createDynamoBillingRepository } from '../../data/billing-repository';
import { erasedCheckOf } from '../../lib/erasure-guard';
import { createDynamoProfileRepository } from '../../data/profile-repository';
import { createCognitoUserDirectory } from '../../data/user-directory';
import { createAccountService, type AccountIdentity, type AccountService } from './account-service';
import { createProfileService, type ProfileService } from './profile-service';
import { describeOwner } from './service';
import { ApiError } from '../../lib/api-error';
import { createDangerZone, type DangerZone } from './danger-zone';
import type { ErasureRefund } from '../../data/owner-data';
import { deletionRefundsOf } from '../../deletion-refunds';
import { createSecurityService, type SecurityService } from './security-service';
import { createCognitoSignInProof, type ProofContext } from '../../data/sign-in-proof';
import { createCognitoOwnerContacts, createCognitoOwnerLocaleWriter } from '../../data/owner-contacts';
import { createDynamoRateLimiter } from '../../data/rate-window';
import { createDynamoClientKeySalts } from '../../data/client-key-salts';
import { createDynamoRecoveryCodeStore } from '../../data/recovery-codes';
import { createClientKeys } from '../../lib/viewer';
import { ownerMailSettings, securityPageOf } from '../../mail/owner-mail';
import { sesMailerOf } from '../../mail/ses-mailer';

/** API Gateway hands claims over as strings; epoch seconds -> a date, anything else -> undefined. */
function epochClaim(value: unknown): Date | undefined {
  const seconds = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isFinite(seconds) || seconds <= 0) return undefined;
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** What the account summary needs from the verified claims (identity only ever comes from them). */
export function identityOf(owner: Owner, event: ApiEvent): AccountIdentity {
  const claims = (event.requestContext?.authorizer?.jwt?.claims ?? {}) as Record<string, unknown>;
  const username = claims['cognito:username'];
  return {
    ...owner,
    username: typeof username === 'string' && username !== '' ? username : owner.userId,
    tokenIssuedAt: epochClaim(claims.auth_time) ?? epochClaim(claims.iat),
  };
}

/** What Cognito's threat protection weighs beside the password: the viewer, their browser and the route. */
const proofContextOf = (request: { viewerIp: string; headers: Record<string, string | undefined>; event: ApiEvent }) =>
  ({
    viewerIp: request.viewerIp,
    path: request.event.rawPath,
    ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'] } : {}),
  }) satisfies ProofContext;

export interface AccountHandlerOptions extends DomainHandlerOptions {
  /** The password- and code-proven changes; without it their routes answer 404 (unit tests of other routes). */
  securityOf?: () => SecurityService;
  /** Export and erasure (the danger zone); without it their routes answer 404 (unit tests of other routes). */
  dangerOf?: () => DangerZone;
  /** How long the delete request erases inline before the worker takes over (ms). */
  erasureBudgetMs?: number;
  /** Refunds the plans a deletion ends within their 14 days (decisions 28); without it nothing is refunded. */
  refundsOf?: () => (userId: string) => Promise<ErasureRefund[]>;
}

/** The account API; the services are built on first use. */
export function createAccountHandler(
  profilesOf: () => ProfileService,
  accountOf: () => AccountService,
  options: AccountHandlerOptions = {},
) {
  const { dangerOf, securityOf, refundsOf, erasureBudgetMs = 4000, ...domainOptions } = options;
  const security = () => {
    if (!securityOf) throw new ApiError('NOT_FOUND');
    return securityOf();
  };
  const danger = () => {
    if (!dangerOf) throw new ApiError('NOT_FOUND');
    return dangerOf();
  };
  // Tokens stay valid until they expire after an erasure started: while it runs they read nothing (routes
  // that create data are refused by the tombstone check, `isErased`, longer).
  const notErasing = async (userId: string) => {
    if (dangerOf && (await dangerOf().erasure.isErasing(userId))) throw new ApiError('UNAUTHORIZED');
  };
  return createDomainHandler(
    'account',
    {
      me: ({ owner }) => ({ body: describeOwner(owner) }),
      'get-profile': async ({ owner }) => {
        await notErasing(owner.userId);
        return { body: await profilesOf().get(owner.userId) };
      },
      // An upsert: the handler plumbing refuses a deleted account's user (`isErased`) before it runs.
      'update-profile': async ({ owner, body }) => ({ body: await profilesOf().update(owner.userId, body) }),
      'get-account': async ({ owner, event }) => {
        await notErasing(owner.userId);
        return { body: await accountOf().summary(identityOf(owner, event)) };
      },
      'export-account': async ({ owner, query }) => {
        await notErasing(owner.userId);
        return { body: await danger().exports.page(owner.userId, query.cursor) };
      },
      'delete-account': async (request) => {
        const { owner, event, body } = request;
        const who = identityOf(owner, event);
        const erasure = danger().erasure;
        // The account's factors are checked with Cognito after the typed address, before the erasure starts.
        const prove = () => security().confirmFactors(who, body, proofContextOf(request));
        // The confirmation mail goes to the address while it exists, naming a plan the deletion refunded.
        const confirm = (refunds: ErasureRefund[]) => security().notifyAccountDeleted(who, refunds);
        const answer = await erasure.request(who, body.email, erasureBudgetMs, prove, {
          refund: refundsOf?.(),
          confirm,
        });
        return { status: 202, body: answer };
      },
      'get-two-factor': async ({ owner, event }) => {
        await notErasing(owner.userId);
        return { body: await security().twoFactorOf(identityOf(owner, event)) };
      },
      'start-two-factor': async (request) => {
        const { owner, event, body } = request;
        await notErasing(owner.userId);
        return { body: await security().startTwoFactor(identityOf(owner, event), body, proofContextOf(request)) };
      },
      'confirm-two-factor': async (request) => {
        const { owner, event, body } = request;
        await notErasing(owner.userId);
        return { body: await security().confirmTwoFactor(identityOf(owner, event), body, proofContextOf(request)) };
      },
      'confirm-email-change': async (request) => {
        const { owner, event, body } = request;
        await notErasing(owner.userId);
        return { body: await security().confirmEmailChange(identityOf(owner, event), body, proofContextOf(request)) };
      },
      'disable-two-factor': async (request) => {
        const { owner, event, body } = request;
        await notErasing(owner.userId);
        const who = identityOf(owner, event);
        return { body: await security().disableTwoFactor(who, body, proofContextOf(request)) };
      },
      'start-email-change': async (request) => {
        const { owner, event, body } = request;
        await notErasing(owner.userId);
        const who = identityOf(owner, event);
        return { body: await security().startEmailChange(who, body, proofContextOf(request)) };
      },
      'get-recovery-codes': async ({ owner }) => {
        await notErasing(owner.userId);
        return { body: await security().recoveryCodesOf(owner.userId) };
      },
      'create-recovery-codes': async (request) => {
        const { owner, event, body } = request;
        await notErasing(owner.userId);
        const who = identityOf(owner, event);
        return { body: await security().createRecoveryCodes(who, body, proofContextOf(request)) };
      },
      'recover-sign-in': async (request) => ({
        body: await security().recoverSignIn(request.body, proofContextOf(request)),
      }),
    },
    domainOptions,
  );
}

/** The account Lambda for one environment (the local stack passes its own). */
export function createHandler(env: LambdaEnv) {
  configureLogger(env);
  let profiles: ProfileService | undefined;
  let account: AccountService | undefined;
  let danger: DangerZone | undefined;
  let refunds: ((userId: string) => Promise<ErasureRefund[]>) | undefined;
  let security: SecurityService | undefined;
  return createAccountHandler(
    () =>
      (profiles ??= createProfileService({
        profiles: createDynamoProfileRepository(tableEntities(env)),
        writeLocale: createCognitoOwnerLocaleWriter(env),
      })),
    () =>
      (account ??= createAccountService({
        directory: createCognitoUserDirectory(env),
        billing: createDynamoBillingRepository(tableEntities(env)),
      })),
    {
      originCheck: originCheckOf(env),
      isErased: erasedCheckOf(createDynamoErasureRepository(tableEntities(env))),
      ownerLimit: ownerRequestLimitOf(env, tableEntities(env)),
      dangerOf: () => (danger ??= createDangerZone(env)),
      refundsOf: () => (refunds ??= deletionRefundsOf(env)),
      securityOf: () => (security ??= securityServiceOf(env)),
    },
  );
}

/** The security service on the environment's user pool, rate windows and mail sender. */
function securityServiceOf(env: LambdaEnv): SecurityService {
  const sender = ownerMailSettings(env);
  const clientKeys = createClientKeys(createDynamoClientKeySalts(tableEntities(env)).saltOf);
  return createSecurityService({
    proof: createCognitoSignInProof(env),
    contacts: createCognitoOwnerContacts(env),
    limiter: createDynamoRateLimiter(tableEntities(env)),
    recoveryCodes: createDynamoRecoveryCodeStore(tableEntities(env)),
    viewerKeyOf: clientKeys.keyOf,
    ...(sender
      ? { notices: { mailer: sesMailerOf(env), ...sender, securityUrl: securityPageOf(env.SITE_ORIGIN) } }
      : {}),
  });
}

/** Lambda's entry: process.env, read when a variable is first needed. */
export const handler = createHandler(processLambdaEnv);
