import {
  requestMailCountLog,
  requestTextCountLog,
  requestMailDailyCapDefault,
  requestTextDailyCapDefault,
  type LambdaEnv,
  type RequestChannel,
} from '@reviewroute/shared';
import { logger } from '../../lib/logger';
import type { PlatformSendChannel, PlatformSendCountStore } from '../../data/platform-send-counts';
import type { RequestClaimStore } from '../../data/request-claims';

/**
 * The platform's daily cap of review-request mails (decisions 26: all owners together, per channel, from CDK
 * context), enforced on the requests worker's claims: a claim the owner's cap allowed also takes one of the
 * platform's day (one atomic count, platform-send-counts.ts); when the day is full the claim is given back and
 * answered `capped`, so the sender treats it as it treats the owner's cap: the batch waits for the next day.
 * Texts have a day of their own (`textDailyCap`). From 80 % of a cap every count is logged (and every hundredth of
 * it before), the metric the alarm watches.
 */
export function withPlatformCap<
  S extends Pick<RequestClaimStore, 'claim' | 'claimReminder' | 'release' | 'releaseReminder'>,
>(store: S, counts: PlatformSendCountStore, dailyCap: number, textDailyCap = requestTextDailyCapDefault): S {
  const caps: Record<PlatformSendChannel, number> = { mail: dailyCap, text: textDailyCap };
  const fullDay: Partial<Record<PlatformSendChannel, string>> = {};
  const counted = (channel: RequestChannel): PlatformSendChannel => (channel === 'sms' ? 'text' : 'mail');

  async function take(channel: PlatformSendChannel, day: string): Promise<boolean> {
    const cap = caps[channel];
    const taken = await counts.take(channel, day, cap);
    if (!taken.taken) {
      if (fullDay[channel] !== day)
        logger.warn('Platform daily cap of review requests reached; sending waits for the next day', {
          channel,
          platformCap: cap,
          day,
        });
      fullDay[channel] = day;
      return false;
    }
    if (taken.count % Math.max(1, Math.floor(cap / 100)) === 0 || taken.count >= Math.ceil(cap * 0.8))
      logger.info(channel === 'text' ? requestTextCountLog : requestMailCountLog, {
        platformCount: taken.count,
        platformCap: cap,
        day,
      });
    return true;
  }

  const overrides: Pick<S, 'claim' | 'claimReminder' | 'release' | 'releaseReminder'> = {
    async claim(input) {
      const outcome = await store.claim(input);
      if (outcome !== 'claimed' || (await take(counted(input.channel), input.day))) return outcome;
      await store.release(input.recipient, input.day, input);
      return 'capped';
    },
    async claimReminder(input) {
      const outcome = await store.claimReminder(input);
      if (outcome !== 'claimed' || (await take(counted(input.channel), input.day))) return outcome;
      await store.releaseReminder(input.recipient, input.day, input);
      return 'capped';
    },
    async release(recipient, day, via) {
      await store.release(recipient, day, via);
      await counts.giveBack(counted(via.channel), day);
    },
    async releaseReminder(recipient, day, via) {
      await store.releaseReminder(recipient, day, via);
      await counts.giveBack(counted(via.channel), day);
    },
  };
  // Everything else is the store's own (a class's methods included, so the in-memory store can be wrapped too).
  return new Proxy(store, {
    get: (target, name, receiver) =>
      Object.hasOwn(overrides, name) ? overrides[name as keyof typeof overrides] : Reflect.get(target, name, receiver),
  });
}

/** The platform's daily cap from REQUEST_MAIL_DAILY_CAP (a whole number above 0), else `requestMailDailyCapDefault`. */
export function requestMailDailyCapOf(env: Pick<LambdaEnv, 'REQUEST_MAIL_DAILY_CAP'>): number {
  const cap = Number(env.REQUEST_MAIL_DAILY_CAP);
  return Number.isInteger(cap) && cap > 0 ? cap : requestMailDailyCapDefault;
}

/** The platform's daily cap of texts from REQUEST_TEXT_DAILY_CAP (a whole number above 0), else `requestTextDailyCapDefault`. */
export function requestTextDailyCapOf(env: Pick<LambdaEnv, 'REQUEST_TEXT_DAILY_CAP'>): number {
  const cap = Number(env.REQUEST_TEXT_DAILY_CAP);
  return Number.isInteger(cap) && cap > 0 ? cap : requestTextDailyCapDefault;
}
