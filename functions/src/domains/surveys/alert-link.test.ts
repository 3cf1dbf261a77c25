import { describe, expect, it } from 'vitest';
import { sampleSurvey } from '@reviewroute/shared/testing';
import { MemorySurveyRepository } from '../../../testing/data/memory';
import { alertLinkToken, createAlertLinkService } from './alert-link';

function world() {
  const surveys = new MemorySurveyRepository();
  const survey = sampleSurvey({ id: 's1', userId: 'owner-1', surveyCode: 'k7m2p9qx', lowRatingAlerts: true });
  void surveys.create(survey);
  surveys.codes.set('k7m2p9qx', { userId: 'owner-1', surveyId: 's1' });
  const service = createAlertLinkService({
    surveys,
    key: async () => 'mail-link-key',
    now: () => new Date('2026-11-26T08:00:00.000Z'),
  });
  return { surveys, survey, service };
}

describe('the alert switch-off link', () => {
  it('carries the survey code and a signature, never the owner id or an address', () => {
    const token = alertLinkToken('mail-link-key', { id: 's1', userId: 'owner-1', surveyCode: 'k7m2p9qx' })!;
    expect(token).toMatch(/^k7m2p9qx-[\w-]{43}$/);
    expect(token).not.toContain('owner-1');
    expect(Buffer.from(token.slice(9)!, 'base64url').toString('latin1')).not.toContain('owner-1');
    expect(alertLinkToken('other-key', { id: 's1', userId: 'owner-1', surveyCode: 'k7m2p9qx' })).not.toBe(token);
    expect(alertLinkToken('mail-link-key', { id: 's1', userId: 'owner-1', surveyCode: null })).toBeUndefined();
  });

  it("switches the survey's alerts off and on again with a valid token", async () => {
    const { surveys, survey, service } = world();
    const token = alertLinkToken('mail-link-key', survey)!;
    expect(await service.set(token, false)).toEqual({ businessName: survey.businessName, lowRatingAlerts: false });
    expect((await surveys.get('owner-1', 's1'))?.lowRatingAlerts).toBe(false);
    // Again (a reload of the page): the same answer.
    expect(await service.set(token, false)).toEqual({ businessName: survey.businessName, lowRatingAlerts: false });
    expect(await service.set(token, true)).toEqual({ businessName: survey.businessName, lowRatingAlerts: true });
    expect((await surveys.get('owner-1', 's1'))?.lowRatingAlerts).toBe(true);
  });

  it('answers 404 to a forged, malformed or foreign token and changes nothing', async () => {
    const { surveys, survey, service } = world();
    const valid = alertLinkToken('mail-link-key', survey)!;
    const forged = [
      alertLinkToken('another-key', survey)!,
      alertLinkToken('mail-link-key', { ...survey, userId: 'owner-2' })!,
      `${valid}x`,
      valid.replace('k7m2p9qx', 'k7m2p9qz'),
      'k7m2p9qx',
      '',
      '../../etc',
    ];
    for (const token of forged) await expect(service.set(token, false)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await surveys.get('owner-1', 's1'))?.lowRatingAlerts).toBe(true);
    const keyless = createAlertLinkService({ surveys, key: async () => undefined });
    await expect(keyless.set(valid, false)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
