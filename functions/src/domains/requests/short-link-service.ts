import type { RequestSettingsView, TextsWhenSpent } from '@reviewroute/shared';
import type { ReviewRequestStore } from '../../data/review-requests';
import type { ShortLinkStore } from '../../data/short-links';
import type { SurveyRepository } from '../../data/survey-repository';
import { nextTextMonthStart, textMonthOf, type TextAllowanceStore } from '../../data/text-allowance';
import type { RequestTokenSource } from '../../lib/request-token';
import { isShortLinkCode, shortCodeHash } from '../../lib/short-link';
import { personalLink, unsubscribePageUrl } from './request-mail';

/**
 * A text's short links (`GET /r/{code}`): the code's hash names the request and the purpose; the answer is where
 * the request's mail would have led: the personal survey link (its token proves the request to the public page),
 * or the unsubscribe page in the customer's language. Anything that is not a live short link of ours is none.
 */
export function createShortLinkResolver(deps: {
  shortLinks: Pick<ShortLinkStore, 'getShortLink'>;
  requests: Pick<ReviewRequestStore, 'getRecipient'>;
  surveys: Pick<SurveyRepository, 'get'>;
  tokens: Pick<RequestTokenSource, 'tokensOf'>;
  siteOrigin: string;
}) {
  return async (code: string): Promise<string | undefined> => {
    if (!isShortLinkCode(code)) return undefined;
    const link = await deps.shortLinks.getShortLink(shortCodeHash(code));
    const recipient = link && (await deps.requests.getRecipient(link.batchId, link.recipientId));
    if (!link || !recipient) return undefined;
    const { token, unsubscribeToken } = await deps.tokens.tokensOf(recipient);
    if (link.purpose === 'unsubscribe')
      return unsubscribePageUrl(deps.siteOrigin, recipient.language, unsubscribeToken);
    const survey = await deps.surveys.get(recipient.userId, recipient.surveyId);
    return survey?.landingPageUrl ? personalLink(survey.landingPageUrl, token) : undefined;
  };
}

/**
 * The owner's review-request settings as the requests page shows them: their choice once the month's texts are
 * spent, and the month's texts used of the plan's allowance ("12 of 100 texts used this month").
 */
export function createRequestSettingsService(deps: {
  allowance: TextAllowanceStore;
  monthlyTextsOf: (userId: string) => Promise<number>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  async function view(userId: string, textsWhenSpent: TextsWhenSpent): Promise<RequestSettingsView> {
    const month = textMonthOf(now().toISOString());
    const [used, allowance] = await Promise.all([deps.allowance.textsUsed(userId, month), deps.monthlyTextsOf(userId)]);
    return { textsWhenSpent, texts: { used, allowance, month, resetsAt: nextTextMonthStart(month) } };
  }
  return {
    async get(userId: string): Promise<RequestSettingsView> {
      return view(userId, (await deps.allowance.getRequestSettings(userId)).textsWhenSpent);
    },
    async set(userId: string, textsWhenSpent: TextsWhenSpent): Promise<RequestSettingsView> {
      await deps.allowance.setRequestSettings(userId, { textsWhenSpent });
      return view(userId, textsWhenSpent);
    },
  };
}
