import {
  accountDeleteMessages,
  assetsBucketDefinition,
  confirmsEmail,
  isPublicAssetKey,
  uploadKindField,
  type AccountDeleteResponse,
  type Survey,
} from '@reviewroute/shared';
import { ApiError } from '../../lib/api-error';
import { erasureTombstoneExpiry } from '../../lib/erasure-guard';
import { logger } from '../../lib/logger';
import type { OwnerAlertStore } from '../../data/owner-alert-store';
import type { RateWindowStore } from '../../data/rate-window';
import { securityRateKey } from './security-service';
import { paymentRateKey } from '../payments/service';
import type { InvoiceRepository } from '../../data/invoice-repository';
import type { AccountAdmin } from '../../data/account-admin';
import type { AssetCdn } from '../../data/asset-cdn';
import type { AssetStore } from '../../data/asset-store';
import type { BillingRepository } from '../../data/billing-repository';
import type { ErasureJob, ErasureRepository } from '../../data/erasure-repository';
import type { ProfileRepository } from '../../data/profile-repository';
import type { ResponseStore } from '../../data/response-store';
import type { SurveyRepository } from '../../data/survey-repository';
import type { SurveyStatsStore } from '../../data/survey-stats';
import type { ReviewRequestStore } from '../../data/review-requests';
import { exportFilePrefix } from '../../data/export-files';
import type { ExportJobStore } from '../../data/export-jobs';

/** The erasure's own jobs and tombstones, and each owner of what it erases (their deletes are idempotent). */
export interface ErasureServiceDeps {
  erasures: ErasureRepository;
  surveys: Pick<SurveyRepository, 'listByOwner' | 'deactivate' | 'delete'>;
  responses: Pick<ResponseStore, 'pageBySurvey' | 'delete'>;
  stats: Pick<SurveyStatsStore, 'deleteBySurvey'>;
  alerts: Pick<OwnerAlertStore, 'deleteBySurvey'>;
  rateLimiter: Pick<RateWindowStore, 'deleteByKey'>;
  profiles: Pick<ProfileRepository, 'deleteByOwner'>;
  billing: Pick<BillingRepository, 'deleteByOwner'>;
  /** The owner's invoices (absent: none to erase). */
  invoices?: Pick<InvoiceRepository, 'deleteByOwner'> | undefined;
  /** Review requests: a survey's batches, recipients and contact marks; the owner's suppression list and counts. */
  requests: Pick<ReviewRequestStore, 'deleteBySurvey' | 'deleteByOwner'>;
  /** A survey's CSV export jobs (their files go with the survey's other files). */
  exportJobs: Pick<ExportJobStore, 'deleteBySurvey'>;
  assets: Pick<AssetStore, 'delete' | 'deletePrefix' | 'publicUrl'>;
  cdn: AssetCdn;
  admin: AccountAdmin;
  /** Wall clock in ms (the time budget) and for the job's dates. */
  clock?: () => number;
  /** Items deleted per step of a survey's partition. */
  pageSize?: number;
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
 * at once only repeat each other's deletes. The order: per survey its files, its partition (responses
 * (each its own idempotency record)), its rate windows, its tally, its review requests, then its code and the survey item
 * itself (last, so it is found again after an interruption); then the owner's profile, payments and review-request suppressions; then
 * the Cognito user; the job item last. A tombstone (a hash of the user id, see `markErased`) outlives the job
 * by the tokens' validity, so routes that create data refuse the user's still-valid tokens meanwhile.
 */
export function createErasureService(deps: ErasureServiceDeps) {
  const clock = deps.clock ?? (() => Date.now());
  const pageSize = deps.pageSize ?? 500;
  const iso = () => new Date(clock()).toISOString();
  const { erasures, surveys, responses, assets, cdn, admin } = deps;

  /** The key of one of our public files behind a survey's image URL, if it is one. */
  function publicKeyOf(url: string | null): string | undefined {
    if (!url) return undefined;
    const base = assets.publicUrl('');
    const key = url.startsWith(base) ? url.slice(base.length) : undefined;
    return key && isPublicAssetKey(key) ? key : undefined;
  }

  async function eraseFiles(survey: Survey) {
    const files = Object.values(uploadKindField).flatMap((field) => publicKeyOf(survey[field]) ?? []);
    await Promise.all(files.map((key) => assets.delete(key)));
    await assets.deletePrefix(`${assetsBucketDefinition.incomingPrefix}${survey.id}/`);
    await assets.deletePrefix(exportFilePrefix(survey.id));
    // The CDN's copies expire on their own; an invalidation failure must not stop the erasure.
    await cdn.invalidate(files.map((key) => new URL(assets.publicUrl(key)).pathname)).catch((error: unknown) => {
      logger.warn('Could not invalidate an erased survey’s images', { error: String(error) });
    });
  }

  /** One page of the survey's responses (each its own idempotency record and click ticket); how many went (0: none left). */
  async function eraseSurveyPage(surveyId: string): Promise<number> {
    const { items } = await responses.pageBySurvey(surveyId, undefined, pageSize);
    await responses.delete(
      surveyId,
      items.map((r) => r.id),
    );
    return items.length;
  }

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
        await eraseFiles(survey);
        while ((await eraseSurveyPage(survey.id)) > 0) if (timeUp()) return false;
        await deps.rateLimiter.deleteByKey(`survey:${survey.id}`);
        await deps.stats.deleteBySurvey(survey.id);
        await deps.requests.deleteBySurvey(job.userId, survey.id);
        await deps.alerts.deleteBySurvey(survey.id);
        await deps.exportJobs.deleteBySurvey(survey.id);
        await surveys.delete(job.userId, survey.id, survey.surveyCode);
      }
      await deps.profiles.deleteByOwner(job.userId);
      // The counted password proofs (the deletion's own among them) name the user.
      await deps.rateLimiter.deleteByKey(securityRateKey(job.userId));
      await deps.billing.deleteByOwner(job.userId);
      await deps.invoices?.deleteByOwner(job.userId);
      await deps.rateLimiter.deleteByKey(paymentRateKey(job.userId));
      await deps.requests.deleteByOwner(job.userId);
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
     * before anything starts; 202 once sign-in is refused. A confirmation repeated while the erasure runs (a double
     * click, a retry) needs no second proof, which Cognito could no longer give (the user is locked out): it
     * starts nothing new. Repeated after the erasure finished (its tombstone lives as long as the tokens), it is
     * answered as done.
     */
    async request(
      who: ErasureRequester,
      email: string,
      budgetMs: number,
      prove: () => Promise<void>,
    ): Promise<AccountDeleteResponse> {
      if (!confirmsEmail(email, who.email))
        throw new ApiError('VALIDATION_FAILED', accountDeleteMessages.emailMismatch, {
          email: accountDeleteMessages.emailMismatch,
        });
      if (!(await erasures.erasure(who.userId))) {
        if (await erasures.isErased(who.userId, Math.floor(clock() / 1000))) return { done: true };
        await prove();
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
