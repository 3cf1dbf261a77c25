import { securityProofRateRule, type EmailChangeStarted, type TwoFactorState } from '@reviewroute/shared';
import { ApiError, rateLimited } from '../../lib/api-error';
import { logger } from '../../lib/logger';
import type { OwnerContacts } from '../../data/owner-contacts';
import { rateSlot, retryAfterSeconds, type RateLimiter } from '../../data/rate-window';
import type { PasswordCheck, ProofContext, SignInProof } from '../../data/sign-in-proof';
import type { Mailer, OutgoingMail } from '../../mail/mailer';
import { mailTime } from '../../mail/owner-mail';
import { renderMail } from '../../mail/render';

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
  /** The product's sender and help address; undefined: no notice is sent (no sender configured). */
  notices?: { mailer: Mailer; from: string; helpEmail: string };
  clock?: () => Date;
}

/** The rate window key of an owner's proofs: the account erasure deletes its windows with the account. */
export const securityRateKey = (userId: string) => `security:${userId}`;

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The sensitive account actions (account-security.ts in shared): each proves the password, and turning two-step
 * verification off a current code as well, with Cognito before it acts, and tells the owner by mail (decisions
 * 23): the two-step notice to the account's address, the address-change notice to the OLD address. Attempts
 * are counted per owner (`securityProofRateRule`) before Cognito is asked, so the API cannot be used to guess.
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
    /** The password alone (account deletion): throws INCORRECT_PASSWORD or RATE_LIMITED. */
    async confirmPassword(who: SecurityRequester, password: string, context: ProofContext): Promise<void> {
      await provePassword(who, password, context);
    },

    /**
     * Turns the authenticator app off as a second step, once the password and a current code are proven. An
     * account without it (the password alone signs in) is left as it is and nobody is mailed.
     */
    async disableTwoFactor(
      who: SecurityRequester,
      input: { password: string; code: string },
      context: ProofContext,
    ): Promise<TwoFactorState> {
      const check = await provePassword(who, input.password, context);
      if (check.result === 'valid') return { enabled: false };
      if (!(await deps.proof.answerTotp(who.username, check.session, input.code, context)))
        throw new ApiError('INCORRECT_CODE');
      await deps.proof.disableTotp(who.username);
      const owner = await deps.contacts.contactOf(who.username);
      await notify('twoFactorDisabled', (from, helpEmail) => {
        if (!owner) return undefined;
        const mail = renderMail('twoFactorDisabled', owner.language, {
          values: { email: owner.email, helpEmail },
          fields: { account: owner.email, when: mailTime(clock(), owner.language) },
        });
        return { from, to: owner.email, replyTo: helpEmail, ...mail };
      });
      return { enabled: false };
    },

    /**
     * Starts the change to a new address once the password is proven (a code challenge proves it too): Cognito
     * mails the new address a code and keeps the old one until it is confirmed. The old address is told now, the
     * one moment the API sees the change, while it can still be stopped.
     */
    async startEmailChange(
      who: SecurityRequester,
      input: { password: string; newEmail: string },
      context: ProofContext,
    ): Promise<EmailChangeStarted> {
      const before = await deps.contacts.contactOf(who.username);
      if (before && sameAddress(before.email, input.newEmail))
        throw new ApiError('VALIDATION_FAILED', 'That is already your address.', {
          newEmail: 'That is already your address.',
        });
      await provePassword(who, input.password, context);
      await deps.proof.requestEmailChange(who.username, input.newEmail);
      await notify('emailChanged', (from, helpEmail) => {
        if (!before) return undefined;
        const mail = renderMail('emailChanged', before.language, {
          values: { email: before.email, newEmail: input.newEmail, helpEmail },
          fields: { account: before.email, newAddress: input.newEmail, when: mailTime(clock(), before.language) },
        });
        return { from, to: before.email, replyTo: helpEmail, ...mail };
      });
      return { destination: input.newEmail };
    },
  };
}

export type SecurityService = ReturnType<typeof createSecurityService>;
