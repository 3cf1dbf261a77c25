import type { LambdaEnv } from '@reviewroute/shared';
import type { DueDigest } from '../../data/owner-alert-store';
import { processLambdaEnv } from '../../lib/env';
import { configureLogger, logger } from '../../lib/logger';
import type { WorkerRun } from '../../worker-entries';
import { ownerAlertDepsOf, type OwnerAlertDeps } from './owner-alert-deps';
import { alertMailBase, composeLowRatingDigest } from './alert-mail';

export interface DigestDeps extends OwnerAlertDeps {
  now: () => Date;
}

/** Due windows one run takes on at most (the rest wait a minute). */
const digestsPerRun = 25;

export interface DigestRunResult {
  sent: number;
  /** Due windows with nobody to mail (survey gone or switched off, no address) or mailed before. */
  dropped: number;
  /** Sends that failed: their windows reopened for the next run. */
  failed: number;
}

/**
 * One digest: the window is closed first (a conditional update, so a run that overlaps another, or repeats one
 * that crashed after its send, sends nothing), then mailed, then its due item dropped. A failed send reopens
 * the window and keeps the due item for the next run. A crash between the send and its return leaves the window
 * closed: at most one digest per window, never two.
 */
async function flushOne(deps: DigestDeps, due: DueDigest): Promise<keyof DigestRunResult> {
  const window = await deps.alerts.claimDigest(due, deps.now().toISOString());
  if (!window) {
    await deps.alerts.dropDue(due);
    return 'dropped';
  }
  const survey = await deps.surveys.get(window.ownerId, window.surveyId);
  const owner = survey?.lowRatingAlerts ? await deps.contacts.contactOf(window.ownerId) : undefined;
  if (!survey || !owner) {
    // Switched off (or gone) since: the window stays closed, nothing is sent.
    await deps.alerts.dropDue(due);
    return 'dropped';
  }
  const mail = composeLowRatingDigest({ window, ...(await alertMailBase(deps, survey, owner)) });
  try {
    await deps.mailer(mail);
  } catch (error) {
    await deps.alerts.releaseDigest(due);
    logger.warn('Low-rating digest left for the next run', { surveyId: due.surveyId, error: String(error) });
    return 'failed';
  }
  await deps.alerts.dropDue(due);
  logger.info('Low-rating digest sent', { surveyId: due.surveyId, count: window.further });
  return 'sent';
}

/** Sends every digest whose window is over (its hour after its first low rating), each once. */
export async function flushDigests(deps: DigestDeps): Promise<DigestRunResult> {
  const result: DigestRunResult = { sent: 0, dropped: 0, failed: 0 };
  const due = await deps.alerts.dueDigests(deps.now().toISOString(), digestsPerRun);
  for (const one of due) result[await flushOne(deps, one)] += 1;
  return result;
}

/**
 * The low-rating digest worker (`digests` in the worker table): every minute, the digests of the alert
 * windows that ended. Without a sender (CONTACT_FROM_ADDRESS / CONTACT_TO_ADDRESS) it sends nothing.
 */
export function createWorker(env: LambdaEnv, depsOf?: () => DigestDeps | undefined): WorkerRun {
  configureLogger(env);
  const defaults = (): DigestDeps | undefined => {
    const deps = ownerAlertDepsOf(env);
    return deps && { ...deps, now: () => new Date() };
  };
  let deps: DigestDeps | undefined;
  return async () => {
    deps ??= (depsOf ?? defaults)();
    if (!deps) return { sent: 0, dropped: 0, failed: 0 };
    const result = await flushDigests(deps);
    if (result.sent + result.dropped + result.failed > 0) logger.info('Digest worker run', { ...result });
    return result;
  };
}

/** Lambda's entry: process.env, read when a variable is first needed. */
export const handler = createWorker(processLambdaEnv);
