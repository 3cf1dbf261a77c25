import { accountDeleteMessages, confirmsEmail, type AccountDeleteResponse } from '@reviewroute/shared';
import { ApiError } from '../../lib/api-error';
import { erasureTombstoneExpiry } from '../../lib/erasure-guard';
import { logger } from '../../lib/logger';
import type { AccountAdmin } from '../../data/account-admin';
import type { ErasureJob, ErasureRepository } from '../../data/erasure-repository';
import type { ErasureRefund, OwnerDataPart } from '../../data/owner-data';
import type { SurveyRepository } from '../../data/survey-repository';

/** The erasure's own jobs and tombstones, the surveys it walks, and each domain's part of what it erases. */
export interface ErasureServiceDeps {
  erasures: ErasureRepository;
  surveys: Pick<SurveyRepository, 'listByOwner' | 'deactivate' | 'delete'>;
  /** What each domain keeps of the owner, in the registry's order (functions/src/owner-data.ts); their deletes are idempotent. */
  parts: readonly OwnerDataPart[];
  admin: AccountAdmin;
  /** Wall clock in ms (the time budget) and for the job's dates. */
  clock?: () => number;
}

/**
 * What the deletion request does once its proof passed and before anything is erased (decisions 23, 28): `refund`
 * refunds the plans paid less than 14 days ago (a failure stops the deletion with nothing erased; only the account
 * Lambda has it, so the erasure worker's bundle carries no payment client), `confirm` mails the owner's address.
 */
export interface BeforeErasure {
  refund?: (userId: string) => Promise<ErasureRefund[]>;
  confirm?: (refunds: ErasureRefund[]) => Promise<void>;
}

/** Who asks: the verified token's identity. */
export interface ErasureRequester {
  userId: string;
  email: string;
  username: string;
}

/**
 * Account deletion (decisions 14). The confirmation records a job and locks the user out of Cognito
 * before it answers; then as much as fits in the request's time budget is erased, and the erasure worker
 * (a schedule in AWS, an interval locally) finishes the rest. Every step derives what is left from the
 * table itself and deletes idempotently, so a run interrupted anywhere resumes, and two runs of one job
 * at once only repeat each other's deletes. The order: per survey, it is made inactive, then each domain's part
 * erases what it keeps of it (the surveys': its files, its responses (each its own idempotency record), its rate
 * window, its tally and alert window; then its review requests; then its CSV exports), then the survey item itself
 * (last, so it is found again after an interruption); then each part erases what it keeps of the owner (profile and
 * password proofs, payments and invoices, review-request suppressions and counts); then the Cognito user; the job
 * item last. A tombstone (a hash of the user id, see `markErased`) outlives the job by the tokens' validity, so
 * routes that create data refuse the user's still-valid tokens meanwhile.
 */
export function createErasureService(deps: ErasureServiceDeps) {
  const clock = deps.clock ?? (() => Date.now());
  const iso = () => new Date(clock()).toISOString();
  const { erasures, surveys, parts, admin } = deps;

  /** One run of a job until it is done (true) or the deadline (epoch ms) passed (false). */
  async function run(job: ErasureJob, deadline: number): Promise<boolean> {
    const timeUp = () => clock() >= deadline;
    // Every run locks out first: a job whose lock-out failed at confirmation gets it before anything goes.
    await admin.lockOut(job.username);
    if (job.stage === 'table') {
      for (const survey of await surveys.listByOwner(job.userId)) {
        if (timeUp()) return false;
        // Inactive first: public submits stop within their survey cache time (docs/data-model.md).
        await surveys.deactivate(job.userId, survey.id);
        for (const part of parts)
          if (part.eraseSurvey && !(await part.eraseSurvey(job.userId, survey, timeUp))) return false;
        await surveys.delete(job.userId, survey.id, survey.surveyCode);
      }
      for (const part of parts) await part.eraseOwner?.(job.userId);
      await erasures.updateErasure(job.userId, 'cognito', iso());
    }
    await admin.deleteUser(job.username);
    await erasures.finishErasure(job.userId);
    logger.info('Account erased', { userId: job.userId });
    return true;
  }

  return {
    /**
     * DELETE /api/account: the typed e-mail must be the token's, and `prove` (the password's check) must pass
     * before anything starts; then `before` refunds the plans paid less than 14 days ago and mails the owner (a
     * failure to mail is its own to log); 202 once sign-in is refused. A confirmation repeated while the erasure runs (a double
     * click, a retry) needs no second proof, which Cognito could no longer give (the user is locked out): it
     * starts nothing new. Repeated after the erasure finished (its tombstone lives as long as the tokens), it is
     * answered as done.
     */
    async request(
      who: ErasureRequester,
      email: string,
      budgetMs: number,
      prove: () => Promise<void>,
      before: BeforeErasure = {},
    ): Promise<AccountDeleteResponse> {
      if (!confirmsEmail(email, who.email))
        throw new ApiError('VALIDATION_FAILED', accountDeleteMessages.emailMismatch, {
          email: accountDeleteMessages.emailMismatch,
        });
      if (!(await erasures.erasure(who.userId))) {
        if (await erasures.isErased(who.userId, Math.floor(clock() / 1000))) return { done: true };
        await prove();
        // While the account is whole: a plan paid less than 14 days ago is refunded (a failure stops here, with
        // nothing erased), and the owner's address is told before it goes (decisions 23, 28).
        const refunds = (await before.refund?.(who.userId)) ?? [];
        await before.confirm?.(refunds);
      }
      const started = clock();
      // The job first: from here on the worker finishes the erasure whatever happens to this request.
      const job = await erasures.startErasure({
        userId: who.userId,
        username: who.username,
        requestedAt: iso(),
        stage: 'table',
        updatedAt: iso(),
      });
      // Before the lock-out: tokens issued until then stay valid for up to an hour, and routes that create
      // data refuse them while the tombstone lives (whatever they created after the erasure would remain).
      await erasures.markErased(job.userId, erasureTombstoneExpiry(clock()));
      await admin.lockOut(job.username);
      try {
        return { done: await run(job, started + budgetMs) };
      } catch (error) {
        // Sign-in is already refused and the job recorded: the worker continues; the owner sees it accepted.
        logger.warn('Account erasure continues in the worker', { userId: who.userId, error: String(error) });
        return { done: false };
      }
    },

    /** The worker: continues unfinished jobs, oldest first, until the deadline (epoch ms). */
    async runPending(deadline: number, limit = 10): Promise<{ finished: number; pending: number }> {
      let finished = 0;
      let pending = 0;
      for (const job of await erasures.pendingErasures(limit)) {
        if (clock() >= deadline) {
          pending++;
          continue;
        }
        try {
          // Renewed on every run: a job that takes long (or whose lock-out failed so far) keeps its tombstone live.
          await erasures.markErased(job.userId, erasureTombstoneExpiry(clock()));
          if (await run(job, deadline)) finished++;
          else pending++;
        } catch (error) {
          pending++;
          logger.error('Account erasure step failed; the next run retries it', error as Error);
        }
      }
      return { finished, pending };
    },

    /** Whether this user's erasure has started (their remaining tokens must not write anything new). */
    async isErasing(userId: string): Promise<boolean> {
      return (await erasures.erasure(userId)) !== undefined;
    },
  };
}

export type ErasureService = ReturnType<typeof createErasureService>;
