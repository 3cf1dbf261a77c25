import { smsCountriesOf, smsSendingHoursOf, type LambdaEnv } from '@reviewroute/shared';
import { tableEntities } from '../../data/client';
import { migrateLegacyQueue } from '../../data/request-queue';
import { createDynamoReviewRequestStore } from '../../data/review-requests';
import { createDynamoSurveyRepository } from '../../data/survey-repository';
import { processLambdaEnv } from '../../lib/env';
import { configureLogger, logger } from '../../lib/logger';
import { mailLinkKeyOf } from '../../lib/mail-link-key';
import { requestTokensOf } from '../../lib/request-token';
import { shortLinkCode } from '../../lib/short-link';
import { createDynamoShortLinks } from '../../data/short-links';
import { createDynamoTextAllowance } from '../../data/text-allowance';
import { createDynamoPlatformSendCounts } from '../../data/platform-send-counts';
import { requestMailerOf } from '../../mail/ses-mailer';
import type { WorkerRun } from '../../worker-entries';
import { entitlementsReaderOf } from '../../entitlements/entitlements-reader';
import { requestMailDailyCapOf, requestTextDailyCapOf, withPlatformCap } from './platform-cap';
import { createRequestSender, type RequestSender, type TextDeps } from './sender';
import { createSmsVoiceTextSender } from './text-sender';
import { sendingHealthOf } from './sending-health';

/** Time left for the platform after the last send starts (a send and its confirmation take well under this). */
const safetyMarginMs = 20_000;

/** SES's sending rate (mails per second) from REVIEW_REQUEST_SEND_RATE; SES's production start (14) by default. */
export function sendRateOf(env: Pick<LambdaEnv, 'REVIEW_REQUEST_SEND_RATE'>): number {
  const rate = Number(env.REVIEW_REQUEST_SEND_RATE);
  return Number.isFinite(rate) && rate > 0 ? rate : 14;
}

/**
 * The requests worker (`requests` in the worker table, shared/src/workers.ts): sends the due review-request
 * batches, on its schedule in AWS and on the local twin of it in the local stack. Runs may overlap: every send
 * is claimed first. Requests go from their own sender and configuration set (REQUEST_MAIL_FROM_ADDRESS,
 * REQUEST_MAIL_CONFIGURATION_SET), never the account mails' (decisions 26), under the platform's daily cap
 * (REQUEST_MAIL_DAILY_CAP); without that sender it sends nothing.
 */
export function createWorker(env: LambdaEnv, senderOf?: () => RequestSender | undefined): WorkerRun {
  configureLogger(env);
  const entities = tableEntities(env);
  const defaults = (): RequestSender | undefined => {
    const fromAddress = env.REQUEST_MAIL_FROM_ADDRESS;
    if (!fromAddress) return undefined;
    const entitlements = entitlementsReaderOf(env);
    const mailLinkKey = mailLinkKeyOf(env);
    const allowance = createDynamoTextAllowance(entities);
    const texts: TextDeps = {
      sender: createSmsVoiceTextSender(env),
      allowedCountries: smsCountriesOf(env.SMS_COUNTRIES),
      hours: smsSendingHoursOf(env.SMS_SENDING_HOURS),
      senderNumber: env.SMS_SENDER_NUMBER || null,
      monthlyAllowanceOf: async (userId) => (await entitlements(userId)).monthlyTexts,
      whenSpentOf: async (userId) => (await allowance.getRequestSettings(userId)).textsWhenSpent,
      shortLinks: createDynamoShortLinks(entities),
      async codesOf(r) {
        const key = await mailLinkKey();
        if (!key) throw new Error('No mail-link key (MAIL_LINK_SECRET_ARN / MAIL_LINK_SECRET): texts need it');
        return {
          link: shortLinkCode(key, 'link', r.batchId, r.id),
          unsubscribe: shortLinkCode(key, 'unsubscribe', r.batchId, r.id),
        };
      },
    };
    return createRequestSender({
      requests: withPlatformCap(
        createDynamoReviewRequestStore(entities),
        createDynamoPlatformSendCounts(entities),
        requestMailDailyCapOf(env),
        requestTextDailyCapOf(env),
      ),
      texts,
      surveys: createDynamoSurveyRepository(entities),
      mailer: requestMailerOf(env),
      fromAddress,
      siteOrigin: env.SITE_ORIGIN,
      tokens: requestTokensOf(mailLinkKey),
      dailyCapOf: async (userId) => (await entitlements(userId)).dailyRequests,
      sendRate: sendRateOf(env),
      health: sendingHealthOf(env),
      linksAllowedOf: async (userId) => (await entitlements(userId)).plan !== null,
    });
  };
  let sender: RequestSender | undefined;
  let warned = false;
  // Entries of the queue as it was before (one partition) move into the owners' queues, a hundred a run, until
  // none is left; then this container looks no more.
  let legacyQueue = !senderOf;
  return async (_event, context) => {
    sender ??= (senderOf ?? defaults)();
    if (!sender) {
      if (!warned) logger.warn('Requests worker: no sender configured (REQUEST_MAIL_FROM_ADDRESS), nothing is sent');
      warned = true;
      return { batches: 0 };
    }
    if (legacyQueue) legacyQueue = (await migrateLegacyQueue(entities)) > 0;
    const remaining = context?.getRemainingTimeInMillis?.() ?? 60_000;
    const result = await sender.runDue(Date.now() + Math.max(1000, remaining - safetyMarginMs));
    if (result.turns > 0) logger.info('Requests worker run', { ...result });
    return result;
  };
}

/** Lambda's entry: process.env, read when a variable is first needed. */
export const handler = createWorker(processLambdaEnv);
