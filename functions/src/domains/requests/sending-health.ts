import {
  applySendingEvent,
  ownerMayResume,
  pageUrl,
  resumedSending,
  type Language,
  type LambdaEnv,
  type RequestSending,
  type SendingChannel,
  type SendingHealthState,
  type SendOutcome,
} from '@reviewroute/shared';
import { tableEntities } from '../../data/client';
import type { OwnerContacts } from '../../data/owner-contacts';
import { createDynamoReviewRequestStore } from '../../data/review-requests';
import type { SendingHealthStore } from '../../data/sending-health';
import { ApiError } from '../../lib/api-error';
import { logger } from '../../lib/logger';
import type { Mailer, OutgoingMail } from '../../mail/mailer';
import { mailTime } from '../../mail/owner-mail';
import { renderMail } from '../../mail/render';

/**
 * The reputation guard's service (decisions 26): records each request send and each hard bounce or complaint
 * into the owner's window for the channel (`applySendingEvent`, shared), tells the requests worker whether the
 * owner may send, mails the owner once when a pause starts, and lets the owner resume the first pause.
 */
export interface SendingHealthDeps {
  store: SendingHealthStore;
  /**
   * Tells the owner that the channel paused itself (called once per pause, by the write that paused it). The
   * workers queue it for the pause-notices worker (`queuePauseNotice`): they may not send owner mail themselves.
   */
  notifyPaused: (userId: string, channel: SendingChannel, state: SendingHealthState) => Promise<void>;
  /** Makes the owner's parked batches due again (the request queue's `wakeOwner`): a resume sends at once. */
  wakeOwner?: (userId: string, at: string) => Promise<void>;
  now?: () => Date;
}

export const sendingHealthMessages = {
  secondPause: 'Your review requests were paused a second time: contact us to send again',
} as const;

export function createSendingHealth(deps: SendingHealthDeps) {
  const now = deps.now ?? (() => new Date());
  const { store } = deps;
  /**
   * The owner's channel's last update in this container: the next waits for it. The worker sends a page of
   * customers at once, and each send's update of the one window item would otherwise race the others' and spend
   * the store's retries, which are there for other containers.
   */
  const updating = new Map<string, Promise<unknown>>();

  async function record(userId: string, channel: SendingChannel, event: Parameters<typeof applySendingEvent>[2]) {
    const key = `${userId}/${channel}`;
    const update = (updating.get(key) ?? Promise.resolve()).then(() => {
      const at = now().toISOString();
      return store.updateSendingHealth(userId, channel, (state) => applySendingEvent(channel, state, event, at));
    });
    const settled = update.catch(() => undefined);
    updating.set(key, settled);
    void settled.then(() => {
      if (updating.get(key) === settled) updating.delete(key);
    });
    const { before, after } = await update;
    if (!before.pausedAt && after.pausedAt) {
      logger.warn('Review requests paused by the reputation guard', { channel, ...after.pause });
      // The pause holds whether or not the mail goes: a failed notice is logged, the page shows the reason too.
      await deps.notifyPaused(userId, channel, after).catch((error: unknown) => {
        logger.error('Pause notice not sent', error as Error);
      });
    }
    return after;
  }

  return {
    /** Whether the owner's requests on the channel may go out now (not paused). */
    async mayOwnerSend(userId: string, channel: SendingChannel): Promise<boolean> {
      return !(await store.getSendingHealth(userId, channel)).pausedAt;
    },

    /** One request (or reminder) went out: false when the channel is paused now, so the caller sends no more. */
    async recordSend(userId: string, channel: SendingChannel): Promise<boolean> {
      return !(await record(userId, channel, { kind: 'sent' })).pausedAt;
    },

    /** A hard bounce or complaint came back about one of the owner's requests. */
    async recordOutcome(userId: string, channel: SendingChannel, outcome: SendOutcome): Promise<void> {
      await record(userId, channel, { kind: 'outcome', outcome });
    },

    /** The channel's state as the requests page shows it. */
    async status(userId: string, channel: SendingChannel): Promise<RequestSending> {
      return requestSendingOf(channel, await store.getSendingHealth(userId, channel));
    },

    /**
     * The owner resumes the channel after cleaning their list: allowed for the first pause only (409 after a
     * second, which needs us). Resuming a channel that sends changes nothing.
     */
    async resume(userId: string, channel: SendingChannel): Promise<RequestSending> {
      const at = now().toISOString();
      const { before, after } = await store.updateSendingHealth(userId, channel, (state) => {
        if (!state.pausedAt) return state;
        if (!ownerMayResume(state)) throw new ApiError('CONFLICT', sendingHealthMessages.secondPause);
        return resumedSending(state, at);
      });
      if (before.pausedAt && !after.pausedAt) {
        logger.info('Review requests resumed by their owner', { channel });
        await deps.wakeOwner?.(userId, at);
      }
      return requestSendingOf(channel, after);
    },
  };
}

export type SendingHealth = ReturnType<typeof createSendingHealth>;

/** What the owner sees of a channel's state: the pause and its figures, and whether they may resume. */
export function requestSendingOf(channel: SendingChannel, state: SendingHealthState): RequestSending {
  return {
    channel,
    paused: state.pausedAt !== null,
    pausedAt: state.pausedAt,
    canResume: ownerMayResume(state),
    pauses: state.pauses,
    pause: state.pausedAt ? state.pause : null,
  };
}

/** The pause notice (the first: clean the list and resume; a later one: contact us), in the owner's language. */
export function composePauseNotice(input: {
  state: SendingHealthState;
  to: string;
  language: Language;
  from: string;
  helpEmail: string;
  siteOrigin: string;
}): OutgoingMail {
  const { state, language } = input;
  const figures = state.pause ?? { sends: 0, failed: 0, complained: 0 };
  const mail = renderMail(ownerMayResume(state) ? 'requestsPaused' : 'requestsPausedAgain', language, {
    values: { requestsUrl: pageUrl(input.siteOrigin, 'reviewRequests', language), helpEmail: input.helpEmail },
    fields: {
      sends: String(figures.sends),
      bounces: String(figures.failed),
      complaints: String(figures.complained),
      when: state.pausedAt ? mailTime(state.pausedAt, language) : undefined,
    },
  });
  return { from: input.from, to: input.to, replyTo: input.helpEmail, ...mail };
}

/** The pause notice by mail: the owner's address and language now (Cognito, the profile); an owner gone gets nothing. */
export function pauseNoticeSender(deps: {
  contacts: OwnerContacts;
  mailer: Mailer;
  from: string;
  helpEmail: string;
  siteOrigin: string;
}): (userId: string, state: SendingHealthState) => Promise<void> {
  return async (userId, state) => {
    const owner = await deps.contacts.contactOf(userId);
    if (!owner) return;
    await deps.mailer(
      composePauseNotice({
        state,
        to: owner.email,
        language: owner.language,
        from: deps.from,
        helpEmail: deps.helpEmail,
        siteOrigin: deps.siteOrigin,
      }),
    );
  };
}

/** The service on the table; a pause's notice is queued for the pause-notices worker. */
export function sendingHealthOf(env: LambdaEnv): SendingHealth {
  const store = createDynamoReviewRequestStore(tableEntities(env));
  return createSendingHealth({
    store,
    notifyPaused: (userId, channel, state) =>
      store.queuePauseNotice({ userId, channel, pausedAt: state.pausedAt ?? new Date().toISOString() }),
    wakeOwner: (userId, at) => store.wakeOwner(userId, at),
  });
}
