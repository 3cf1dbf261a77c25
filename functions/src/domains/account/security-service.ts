import { randomInt } from 'node:crypto';
import {
  formatMoney,
  formatRecoveryCode,
  isRecoveryCode,
  normalizeSecondFactorCode,
  recoveryCodeAlphabet,
  recoveryCodeCount,
  securityProofRateRule,
  signInRecoveryRateRule,
  type EmailChangeConfirmed,
  type EmailChangeStarted,
  type Language,
  type RecoveryCodes,
  type RecoveryCodesStatus,
  type TwoFactorSecret,
  type TwoFactorState,
} from '@reviewroute/shared';
import { ApiError, rateLimited } from '../../lib/api-error';
import { logger } from '../../lib/logger';
import type { OwnerContacts } from '../../data/owner-contacts';
import { rateSlot, retryAfterSeconds, type RateLimiter } from '../../data/rate-window';
import type { RecoveryCodeStore } from '../../data/recovery-codes';
import type { OwnerFactors, OwnerSession, PasswordCheck, ProofContext, SignInProof } from '../../data/sign-in-proof';
import type { Mailer, OutgoingMail } from '../../mail/mailer';
import { mailTime } from '../../mail/owner-mail';
import { planLineItem, renderMail } from '../../mail/render';
import type { ErasureRefund } from '../../data/owner-data';

/** Who asks: the verified token's user id (the rate key) and Cognito username. */
export interface SecurityRequester {
  userId: string;
  username: string;
}

export interface SecurityServiceDeps {
  proof: SignInProof;
  /** The owner's address (Cognito's, now) and language (the profile's last recorded one): the notices' recipient. */
  contacts: OwnerContacts;
  limiter: RateLimiter;
  /** The owners' recovery codes (hashed), each accepted once where a code is asked. */
  recoveryCodes: RecoveryCodeStore;
  /** The rate-limit key of a viewer (a salted hash, never the address): the sign-in recovery's per-client limit. */
  viewerKeyOf?: (viewerIp: string, at: Date) => Promise<string>;
  /** A new recovery code (ten characters of the alphabet); tests pass their own. */
  newRecoveryCode?: () => string;
  /** The product's sender and help address; undefined: no notice is sent (no sender configured). */
  notices?: {
    mailer: Mailer;
    from: string;
    helpEmail: string;
    /** The account's security settings in a language: the notices' button (none without it). */
    securityUrl?: (language: Language) => string;
  };
  clock?: () => Date;
}

/** The rate window key of an owner's proofs: the account erasure deletes its windows with the account. */
export const securityRateKey = (userId: string) => `security:${userId}`;

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Ten characters drawn uniformly from the recovery alphabet by the platform's CSPRNG. */
const randomRecoveryCode = () =>
  Array.from({ length: 10 }, () => recoveryCodeAlphabet[randomInt(recoveryCodeAlphabet.length)]).join('');

/** What a proof of the account's factors showed: whether it has a second step, and whether a recovery code was spent. */
interface FactorsProven {
  twoFactor: boolean;
  recoveryCodeUsed: boolean;
}

/**
 * The sensitive account actions (account-security.ts in shared): each proves the account's factors with Cognito
 * before it acts (the password, and with two-step verification on a current code of the authenticator app or one of
 * the owner's recovery codes, each usable once), and tells the owner by mail (decisions 23): to the account's
 * address, the address-change notice to the OLD address. Attempts are counted per owner (`securityProofRateRule`)
 * before Cognito is asked, whichever factor is wrong, so the API cannot be used to guess.
 */
export function createSecurityService(deps: SecurityServiceDeps) {
  const clock = deps.clock ?? (() => new Date());

  async function countAttempt(userId: string) {
    const at = clock();
    const slot = rateSlot(securityRateKey(userId), securityProofRateRule, at);
    if (!(await deps.limiter.consume(slot))) throw rateLimited(retryAfterSeconds(slot, at));
  }

  async function provePassword(who: SecurityRequester, password: string, context: ProofContext) {
    await countAttempt(who.userId);
    const check = await deps.proof.checkPassword(who.username, password, context);
    if (check.result === 'invalid') throw new ApiError('INCORRECT_PASSWORD');
    return check as Exclude<PasswordCheck, { result: 'invalid' }>;
  }

  /**
   * The factors the account has, proven: the password, and with two-step verification on a current code of the
   * authenticator app or one unused recovery code (spent by this proof). One counted attempt, whichever is wrong.
   */
  async function proveFactors(
    who: SecurityRequester,
    input: { password: string; code?: string | undefined },
    context: ProofContext,
  ): Promise<FactorsProven> {
    const check = await provePassword(who, input.password, context);
    if (check.result === 'valid') return { twoFactor: false, recoveryCodeUsed: false };
    const code = input.code && normalizeSecondFactorCode(input.code);
    if (!code) throw new ApiError('INCORRECT_CODE', 'Two-step verification is on: a code is needed.');
    if (isRecoveryCode(code)) {
      if (!(await deps.recoveryCodes.consume(who.userId, code))) throw new ApiError('INCORRECT_CODE');
      await notifyRecoveryCodeUsed(who);
      return { twoFactor: true, recoveryCodeUsed: true };
    }
    if (!(await deps.proof.answerTotp(who.username, check.session, code, context)))
      throw new ApiError('INCORRECT_CODE');
    return { twoFactor: true, recoveryCodeUsed: false };
  }

  /**
   * Acts in a session of the owner's own (the server client's, whose token may call Cognito's user API), opened with
   * the factors given: one counted attempt, whichever is wrong; the session is closed whatever `act` does.
   */
  async function inOwnerSession<T>(
    who: SecurityRequester,
    factors: OwnerFactors,
    context: ProofContext,
    act: (session: OwnerSession) => Promise<T>,
  ): Promise<T> {
    await countAttempt(who.userId);
    const opened = await deps.proof.openOwnerSession(who.username, factors, context);
    if (opened.result === 'invalid') throw new ApiError('INCORRECT_PASSWORD');
    if (opened.result === 'code-refused')
      throw new ApiError('INCORRECT_CODE', factors.code ? undefined : 'Two-step verification is on: a code is needed.');
    try {
      return await act(opened.session);
    } finally {
      await opened.session.close();
    }
  }

  /** A new set of recovery codes replacing the owner's earlier one: only the hashes are stored, the codes answered. */
  async function newRecoveryCodes(userId: string): Promise<RecoveryCodes> {
    const codes = Array.from({ length: recoveryCodeCount }, deps.newRecoveryCode ?? randomRecoveryCode);
    await deps.recoveryCodes.replace(userId, codes, clock().toISOString());
    return { codes: codes.map(formatRecoveryCode) };
  }

  /** A security notice to the account's current address, in the owner's language, with the account and the time. */
  async function notifyOwner(
    kind: 'twoFactorDisabled' | 'recoveryCodesRegenerated' | 'signInRecovered',
    username: string,
  ): Promise<void> {
    const owner = await deps.contacts.contactOf(username);
    await notify(kind, (from, helpEmail) => {
      if (!owner) return undefined;
      const mail = renderMail(kind, owner.language, {
        values: { email: owner.email, helpEmail, securityUrl: securityUrlIn(owner.language) },
        fields: { account: owner.email, when: mailTime(clock(), owner.language) },
      });
      return { from, to: owner.email, replyTo: helpEmail, ...mail };
    });
  }

  async function notifyRecoveryCodeUsed(who: SecurityRequester): Promise<void> {
    const [owner, set] = await Promise.all([deps.contacts.contactOf(who.username), deps.recoveryCodes.get(who.userId)]);
    const remaining = String(set?.remaining ?? 0);
    await notify('recoveryCodeUsed', (from, helpEmail) => {
      if (!owner) return undefined;
      const language: Language = owner.language;
      const mail = renderMail('recoveryCodeUsed', language, {
        values: { email: owner.email, remaining, helpEmail, securityUrl: securityUrlIn(language) },
        fields: { account: owner.email, remaining, when: mailTime(clock(), language) },
      });
      return { from, to: owner.email, replyTo: helpEmail, ...mail };
    });
  }

  /** The notices' button: the account's security settings (an empty value renders no button). */
  const securityUrlIn = (language: Language) => deps.notices?.securityUrl?.(language) ?? '';

  /** Sends a notice; a failure is logged, not thrown: the change it reports has happened. */
  async function notify(kind: string, mail: (from: string, helpEmail: string) => OutgoingMail | undefined) {
    if (!deps.notices) return;
    const outgoing = mail(deps.notices.from, deps.notices.helpEmail);
    if (!outgoing) return;
    try {
      await deps.notices.mailer(outgoing);
    } catch (error) {
      logger.error('A security notice could not be sent', { kind, error: String(error) });
    }
  }

  return {
    /**
     * The account's factors (account deletion): the password, and with two-step verification on a code or a
     * recovery code. Throws INCORRECT_PASSWORD, INCORRECT_CODE or RATE_LIMITED.
     */
    async confirmFactors(
      who: SecurityRequester,
      input: { password: string; code?: string | undefined },
      context: ProofContext,
    ): Promise<void> {
      await proveFactors(who, input, context);
    },

    /**
     * The deletion's confirmation (decisions 23), to the account's address while it still exists: what goes, what
     * is kept, and the plan a deletion within 14 days ended and refunded (decisions 28). Logged, never thrown.
     */
    async notifyAccountDeleted(who: SecurityRequester, refunds: readonly ErasureRefund[]): Promise<void> {
      const owner = await deps.contacts.contactOf(who.username).catch(() => undefined);
      await notify('accountDeleted', (from, helpEmail) => {
        if (!owner) return undefined;
        const language: Language = owner.language;
        const list = (values: string[]) => (values.length > 0 ? values.join(', ') : undefined);
        const mail = renderMail('accountDeleted', language, {
          values: { email: owner.email, helpEmail },
          fields: {
            account: owner.email,
            when: mailTime(clock(), language),
            plan: list(refunds.flatMap((r) => (r.plan ? [planLineItem(r.plan, language)] : []))),
            refund: list(refunds.map((r) => formatMoney(r.amount, r.currency, language))),
          },
        });
        return { from, to: owner.email, replyTo: helpEmail, ...mail };
      });
    },

    /**
     * Turns the authenticator app off as a second step, once the password and a current code (or a recovery code)
     * are proven; its recovery codes go with it. An account without it (the password alone signs in) is left as it
     * is and nobody is mailed.
     */
    async disableTwoFactor(
      who: SecurityRequester,
      input: { password: string; code: string },
      context: ProofContext,
    ): Promise<TwoFactorState> {
      const proven = await proveFactors(who, input, context);
      if (!proven.twoFactor) return { enabled: false };
      await deps.proof.disableTotp(who.username);
      await deps.recoveryCodes.deleteByOwner(who.userId);
      await notifyOwner('twoFactorDisabled', who.username);
      return { enabled: false };
    },

    /** Whether the authenticator app is on as the second step. */
    async twoFactorOf(who: SecurityRequester): Promise<TwoFactorState> {
      return { enabled: await deps.proof.totpEnabled(who.username) };
    },

    /**
     * The first step of turning the authenticator app on, proven with the password (one attempt): a new set of
     * recovery codes first, replacing any earlier one, then a new secret for the app, so two-step verification is
     * never on without codes to fall back on. An account that already has the app must turn it off first.
     */
    async startTwoFactor(
      who: SecurityRequester,
      input: { password: string },
      context: ProofContext,
    ): Promise<TwoFactorSecret> {
      if (await deps.proof.totpEnabled(who.username))
        throw new ApiError('CONFLICT', 'Two-step verification is already on.');
      return inOwnerSession(who, { password: input.password }, context, async (session) => {
        const { codes } = await newRecoveryCodes(who.userId);
        return { codes, secret: await session.associateTotp() };
      });
    },

    /**
     * The app's first code for the new secret, with the password again: once Cognito verified it, two-step
     * verification is on (the recovery codes were made before, so a lost phone never locks the owner out).
     */
    async confirmTwoFactor(
      who: SecurityRequester,
      input: { password: string; code: string },
      context: ProofContext,
    ): Promise<TwoFactorState> {
      const verified = await inOwnerSession(who, { password: input.password }, context, (session) =>
        session.verifyTotp(input.code),
      );
      if (!verified) throw new ApiError('INCORRECT_CODE');
      await deps.proof.enableTotp(who.username);
      return { enabled: true };
    },

    /**
     * Confirms the new address with the code mailed to it, in a session opened with the password (and with two-step
     * verification on a current code of the app): the browser's own token may not call Cognito's user API.
     */
    async confirmEmailChange(
      who: SecurityRequester,
      input: { password: string; code?: string | undefined; verificationCode: string },
      context: ProofContext,
    ): Promise<EmailChangeConfirmed> {
      const verified = await inOwnerSession(who, input, context, (session) =>
        session.verifyEmail(input.verificationCode),
      );
      // Named by its field, so the form tells it from a refused code of the app (the same error code).
      if (!verified)
        throw new ApiError('INCORRECT_CODE', 'The code from the e-mail is wrong or has expired.', {
          verificationCode: 'The code from the e-mail is wrong or has expired.',
        });
      const after = await deps.contacts.contactOf(who.username);
      return { email: after?.email ?? '' };
    },

    /** How many unused recovery codes the owner has, and since when. */
    async recoveryCodesOf(userId: string): Promise<RecoveryCodesStatus> {
      const set = await deps.recoveryCodes.get(userId);
      return { remaining: set?.remaining ?? 0, createdAt: set?.createdAt ?? null };
    },

    /**
     * A new set of recovery codes, replacing the previous one, once the account's factors are proven: set-up asks
     * before two-step verification is on (the password is the whole proof then), later it takes a code too. Only
     * the hashes are stored; the codes are answered this once. A set replaced while two-step verification is on is
     * told to the owner.
     */
    async createRecoveryCodes(
      who: SecurityRequester,
      input: { password: string; code?: string | undefined },
      context: ProofContext,
    ): Promise<RecoveryCodes> {
      const proven = await proveFactors(who, input, context);
      const made = await newRecoveryCodes(who.userId);
      if (proven.twoFactor) await notifyOwner('recoveryCodesRegenerated', who.username);
      return made;
    },

    /**
     * Sign-in with a recovery code instead of the authenticator's (Cognito's code challenge takes none): the
     * address, the password and an unused code of that account are proven, then two-step verification is turned off
     * (the other codes go with it) and the owner is mailed; the browser signs in with the password next and sets it
     * up again. Counted per viewer and in the owner's proof window; every refusal reads like a wrong password or
     * code, so it tells nobody whether an address has an account.
     */
    async recoverSignIn(
      input: { email: string; password: string; recoveryCode: string },
      context: ProofContext,
    ): Promise<{ twoFactor: false }> {
      const at = clock();
      if (deps.viewerKeyOf) {
        const slot = rateSlot(`recovery:${await deps.viewerKeyOf(context.viewerIp, at)}`, signInRecoveryRateRule, at);
        if (!(await deps.limiter.consume(slot))) throw rateLimited(retryAfterSeconds(slot, at));
      }
      const account = await deps.proof.accountOf(input.email);
      if (!account) throw new ApiError('INCORRECT_PASSWORD');
      const check = await provePassword(account, input.password, context);
      // No second step to recover from: a recovery code proves nothing here (one used before turned it off).
      if (check.result === 'valid') throw new ApiError('INCORRECT_CODE');
      if (!(await deps.recoveryCodes.consume(account.userId, normalizeSecondFactorCode(input.recoveryCode))))
        throw new ApiError('INCORRECT_CODE');
      await deps.proof.disableTotp(account.username);
      await deps.recoveryCodes.deleteByOwner(account.userId);
      await notifyOwner('signInRecovered', account.username);
      return { twoFactor: false };
    },

    /**
     * Starts the change to a new address once the account's factors are proven (the password, and with two-step
     * verification on a code or a recovery code): Cognito
     * mails the new address a code and keeps the old one until it is confirmed. The old address is told now, the
     * one moment the API sees the change, while it can still be stopped.
     */
    async startEmailChange(
      who: SecurityRequester,
      input: { password: string; code?: string | undefined; newEmail: string },
      context: ProofContext,
    ): Promise<EmailChangeStarted> {
      const before = await deps.contacts.contactOf(who.username);
      if (before && sameAddress(before.email, input.newEmail))
        throw new ApiError('VALIDATION_FAILED', 'That is already your address.', {
          newEmail: 'That is already your address.',
        });
      await proveFactors(who, input, context);
      await deps.proof.requestEmailChange(who.username, input.newEmail);
      await notify('emailChanged', (from, helpEmail) => {
        if (!before) return undefined;
        const mail = renderMail('emailChanged', before.language, {
          values: {
            email: before.email,
            newEmail: input.newEmail,
            helpEmail,
            securityUrl: securityUrlIn(before.language),
          },
          fields: { account: before.email, newAddress: input.newEmail, when: mailTime(clock(), before.language) },
        });
        return { from, to: before.email, replyTo: helpEmail, ...mail };
      });
      return { destination: input.newEmail };
    },
  };
}

export type SecurityService = ReturnType<typeof createSecurityService>;
