import { requestMailCountLog, requestMailDailyCapDefault, type LambdaEnv } from '@reviewroute/shared';
import { logger } from '../../lib/logger';
import type { PlatformSendCountStore } from '../../data/platform-send-counts';
import type { RequestClaimStore } from '../../data/request-claims';

/**
 * The platform's daily cap of review-request mails (decisions 26: all owners together, per channel, from CDK
 * context), enforced on the requests worker's claims: a claim the owner's cap allowed also takes one of the
 * platform's day (one atomic count, platform-send-counts.ts); when the day is full the claim is given back and
 * answered `capped`, so the sender treats it as it treats the owner's cap: the batch waits for the next day.
 * From 80 % of the cap every count is logged (and every hundredth of it before), the metric the alarm watches.
 */
export function withPlatformCap<
  S extends Pick<RequestClaimStore, 'claim' | 'claimReminder' | 'release' | 'releaseReminder'>,
>(store: S, counts: PlatformSendCountStore, dailyCap: number): S {
  const step = Math.max(1, Math.floor(dailyCap / 100));
  const alarmAt = Math.ceil(dailyCap * 0.8);
  let fullDay: string | undefined;

  async function take(day: string): Promise<boolean> {
    const taken = await counts.take('mail', day, dailyCap);
    if (!taken.taken) {
      if (fullDay !== day)
        logger.warn('Platform daily cap of review-request mails reached; sending waits for the next day', {
          platformCap: dailyCap,
          day,
        });
      fullDay = day;
      return false;
    }
    if (taken.count % step === 0 || taken.count >= alarmAt)
      logger.info(requestMailCountLog, { platformCount: taken.count, platformCap: dailyCap, day });
    return true;
  }

  const overrides: Pick<S, 'claim' | 'claimReminder' | 'release' | 'releaseReminder'> = {
    async claim(input) {
      const outcome = await store.claim(input);
      if (outcome !== 'claimed' || (await take(input.day))) return outcome;
      await store.release(input.recipient, input.day);
      return 'capped';
    },
    async claimReminder(input) {
      const outcome = await store.claimReminder(input);
      if (outcome !== 'claimed' || (await take(input.day))) return outcome;
      await store.releaseReminder(input.recipient, input.day);
      return 'capped';
    },
    async release(recipient, day) {
      await store.release(recipient, day);
      await counts.giveBack('mail', day);
    },
    async releaseReminder(recipient, day) {
      await store.releaseReminder(recipient, day);
      await counts.giveBack('mail', day);
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
