import type { LambdaEnv } from '@reviewroute/shared';
import { tableEntities } from '../../data/client';
import { createCognitoOwnerContacts } from '../../data/owner-contacts';
import { createDynamoReviewRequestStore } from '../../data/review-requests';
import type { SendingHealthStore } from '../../data/sending-health';
import { processLambdaEnv } from '../../lib/env';
import { configureLogger, logger } from '../../lib/logger';
import { ownerMailSettings } from '../../mail/owner-mail';
import { sesMailerOf } from '../../mail/ses-mailer';
import type { WorkerRun } from '../../worker-entries';
import { pauseNoticeSender } from './sending-health';

/** Notices one run sends at most (the rest wait for the next run). */
const noticesPerRun = 25;

export interface PauseNoticeDeps {
  store: Pick<SendingHealthStore, 'duePauseNotices' | 'takePauseNotice' | 'getSendingHealth'>;
  send: ReturnType<typeof pauseNoticeSender>;
}

/**
 * Tells each owner whose review requests paused themselves (decisions 26), once: the notice is taken off the
 * list first (a conditional delete, so an overlapping run sends nothing), then mailed if the channel is still
 * paused (an owner who resumed meanwhile is not told of what is over). A failed send is logged: the page's
 * banner says the same.
 */
export async function sendPauseNotices(deps: PauseNoticeDeps): Promise<{ sent: number; dropped: number }> {
  const result = { sent: 0, dropped: 0 };
  for (const notice of await deps.store.duePauseNotices(noticesPerRun)) {
    if (!(await deps.store.takePauseNotice(notice))) continue;
    const state = await deps.store.getSendingHealth(notice.userId, notice.channel);
    if (!state.pausedAt) {
      result.dropped++;
      continue;
    }
    try {
      await deps.send(notice.userId, state);
      result.sent++;
    } catch (error) {
      logger.error('Pause notice not sent', error as Error);
    }
  }
  return result;
}

/**
 * The pause-notices worker (`pause-notices` in the worker table, a schedule): the owner mails of the reputation
 * guard, from the product's sender (the requests worker, which pauses an owner at a send, may send only as the
 * requests' own sender). Without a sender configured (CONTACT_FROM_ADDRESS) it sends nothing.
 */
export function createWorker(env: LambdaEnv, depsOf?: () => PauseNoticeDeps | undefined): WorkerRun {
  configureLogger(env);
  const defaults = (): PauseNoticeDeps | undefined => {
    const settings = ownerMailSettings(env);
    if (!settings) return undefined;
    return {
      store: createDynamoReviewRequestStore(tableEntities(env)),
      send: pauseNoticeSender({
        contacts: createCognitoOwnerContacts(env),
        mailer: sesMailerOf(env),
        from: settings.from,
        helpEmail: settings.helpEmail,
        siteOrigin: env.SITE_ORIGIN,
      }),
    };
  };
  let deps: PauseNoticeDeps | undefined;
  return async () => {
    deps ??= (depsOf ?? defaults)();
    if (!deps) return { sent: 0, dropped: 0 };
    const result = await sendPauseNotices(deps);
    if (result.sent + result.dropped > 0) logger.info('Pause notices run', result);
    return result;
  };
}

/** Lambda's entry: process.env, read when a variable is first needed. */
export const handler = createWorker(processLambdaEnv);
