import { createHmac, timingSafeEqual } from 'node:crypto';
import { pageUrl, surveyCodePattern, type AlertLinkResponse, type Language, type Survey } from '@reviewroute/shared';
import type { SurveyRepository } from '../../data/survey-repository';
import { notFound } from '../../lib/api-error';
import type { MailLinkKey } from '../../lib/mail-link-key';

/**
 * The switch-off link in the footer of a low-rating alert or digest (decisions 23): it works without signing in,
 * so it carries its own proof. The token is the survey's public code (which never changes, and finds the survey),
 * a hyphen and an HMAC-SHA256 of the survey's id and its owner's id under the mail-link key: it names neither the owner
 * nor an address, cannot be made for another survey without the key, and stays valid as long as the survey.
 */

const signature = (key: string, survey: Pick<Survey, 'id' | 'userId'>) =>
  createHmac('sha256', key).update(`alert-link\n${survey.userId}\n${survey.id}`).digest('base64url');

/** The token of a published survey's link; undefined without a code (no response can reach such a survey). */
export function alertLinkToken(key: string, survey: Pick<Survey, 'id' | 'userId' | 'surveyCode'>): string | undefined {
  return survey.surveyCode ? `${survey.surveyCode}-${signature(key, survey)}` : undefined;
}

/** The page the link opens, in the owner's language: it sends the switch (a POST), never the GET itself. */
export const alertLinkUrl = (siteOrigin: string, language: Language, token: string): string =>
  pageUrl(siteOrigin, 'alertLink', language, { params: { token } });

/** The link for a survey, if the key is configured and the survey has a code. */
export async function alertLinkOf(
  key: MailLinkKey,
  siteOrigin: string,
  language: Language,
  survey: Pick<Survey, 'id' | 'userId' | 'surveyCode'>,
): Promise<string | undefined> {
  const secret = await key();
  const token = secret ? alertLinkToken(secret, survey) : undefined;
  return token ? alertLinkUrl(siteOrigin, language, token) : undefined;
}

export interface AlertLinkDeps {
  surveys: Pick<SurveyRepository, 'findByCode' | 'update'>;
  key: MailLinkKey;
  now?: () => Date;
}

// A hyphen between code and signature, never a dot: a path whose last segment has a dot is a file to the site's
// routing (edge-functions.ts), which would not serve the app for it.
const tokenPattern = /^([^-]{1,32})-([\w-]{43})$/;

/**
 * `set-alerts-by-link`: the survey behind a valid token gets its low-rating alerts switched as asked. A malformed,
 * forged or stale token (a deleted survey) answers 404, the same for all, so the route tells nothing about codes.
 */
export function createAlertLinkService(deps: AlertLinkDeps) {
  const now = deps.now ?? (() => new Date());
  return {
    async set(token: string, lowRatingAlerts: boolean): Promise<AlertLinkResponse> {
      const match = tokenPattern.exec(token);
      const code = match?.[1];
      if (!match || !code || !surveyCodePattern.test(code)) throw notFound();
      const key = await deps.key();
      const survey = key ? await deps.surveys.findByCode(code) : undefined;
      if (!key || !survey) throw notFound();
      const expected = Buffer.from(signature(key, survey));
      const given = Buffer.from(match[2]!);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound();
      const updated =
        survey.lowRatingAlerts === lowRatingAlerts
          ? survey
          : await deps.surveys.update(survey.userId, survey.id, { lowRatingAlerts }, now().toISOString());
      if (!updated) throw notFound();
      return { businessName: updated.businessName, lowRatingAlerts: updated.lowRatingAlerts };
    },
  };
}

export type AlertLinkService = ReturnType<typeof createAlertLinkService>;
