import { describe, expect, it } from 'vitest';
import { securityProofRateRule } from '@reviewroute/shared';
import { createMemoryRateLimiter } from '../../../testing/data/memory-rate-limiter';
import type { PasswordCheck, SignInProof } from '../../data/sign-in-proof';
import { createMemoryMailer } from '../../../testing/mail/memory-mailer';
import { createSecurityService } from './security-service';

const who = { userId: 'user-1', username: 'user-1' };
const context = { viewerIp: '203.0.113.9', path: '/api/account/two-factor/disable' };
const password = 'Sup3r-secret!';

/** A Cognito user as the fake proof knows it: its password, its current code, whether TOTP is on, its address. */
function fakeCognito({ totp = true, email = 'owner@example.com', locale = 'en' } = {}) {
  const state = { totp, email, pendingEmail: undefined as string | undefined, sessions: new Set<string>() };
  const calls: string[] = [];
  const proof: SignInProof = {
    async checkPassword(username, given) {
      calls.push(`checkPassword ${username}`);
      if (given !== password) return { result: 'invalid' };
      if (!state.totp) return { result: 'valid' };
      const session = `session-${state.sessions.size}`;
      state.sessions.add(session);
      return { result: 'totp', session } satisfies PasswordCheck;
    },
    async answerTotp(_username, session, code) {
      calls.push(`answerTotp ${code}`);
      return state.sessions.has(session) && code === '123456';
    },
    async disableTotp() {
      calls.push('disableTotp');
      state.totp = false;
    },
    async requestEmailChange(_username, newEmail) {
      calls.push(`requestEmailChange ${newEmail}`);
      state.pendingEmail = newEmail;
    },
  };
  const contacts = {
    contactOf: async () => ({ email: state.email, language: locale === 'nl' ? ('nl' as const) : ('en' as const) }),
  };
  return { state, calls, proof, contacts };
}

function world(options: Parameters<typeof fakeCognito>[0] = {}) {
  const cognito = fakeCognito(options);
  const mailer = createMemoryMailer();
  const limiter = createMemoryRateLimiter();
  const service = createSecurityService({
    proof: cognito.proof,
    contacts: cognito.contacts,
    limiter,
    notices: { mailer, from: 'no-reply@reviewroute.example', helpEmail: 'help@reviewroute.example' },
    clock: () => new Date('2026-11-26T11:00:00.000Z'),
  });
  return { ...cognito, mailer, limiter, service };
}

describe('turning two-step verification off', () => {
  it('refuses a wrong password before any code is tried, and changes nothing', async () => {
    const w = world();
    await expect(w.service.disableTwoFactor(who, { password: 'wrong', code: '123456' }, context)).rejects.toMatchObject(
      {
        code: 'INCORRECT_PASSWORD',
        statusCode: 403,
      },
    );
    expect(w.calls).toEqual(['checkPassword user-1']);
    expect(w.state.totp).toBe(true);
    expect(w.mailer.sent).toEqual([]);
  });

  it('refuses a wrong code with the right password, and changes nothing', async () => {
    const w = world();
    await expect(w.service.disableTwoFactor(who, { password, code: '654321' }, context)).rejects.toMatchObject({
      code: 'INCORRECT_CODE',
    });
    expect(w.state.totp).toBe(true);
    expect(w.mailer.sent).toEqual([]);
  });

  it('turns it off with the password and a current code, and tells the owner in their language', async () => {
    const w = world({ locale: 'nl' });
    expect(await w.service.disableTwoFactor(who, { password, code: '123456' }, context)).toEqual({ enabled: false });
    expect(w.state.totp).toBe(false);
    expect(w.mailer.sent).toHaveLength(1);
    const [notice] = w.mailer.sent;
    expect(notice).toMatchObject({ to: 'owner@example.com', from: 'no-reply@reviewroute.example' });
    expect(notice!.subject).toBe('Verificatie in twee stappen is uitgezet voor je ReviewRoute-account');
    expect(notice!.text).toContain('help@reviewroute.example');
    // When, in the business's time zone (Amsterdam, UTC+1 in November) as the Dutch pages write it.
    expect(notice!.text).toContain('Wanneer: 26 nov 2026, 12:00');
    expect(notice!.text).toContain('Vragen? Mail ons op help@reviewroute.example.');
  });

  it('leaves an account without it alone and mails nobody', async () => {
    const w = world({ totp: false });
    expect(await w.service.disableTwoFactor(who, { password, code: '123456' }, context)).toEqual({ enabled: false });
    expect(w.calls).toEqual(['checkPassword user-1']);
    expect(w.mailer.sent).toEqual([]);
  });

  it('counts every attempt and refuses with 429 once the window is spent, without asking Cognito', async () => {
    const w = world();
    for (let i = 0; i < securityProofRateRule.limit; i++)
      await expect(
        w.service.disableTwoFactor(who, { password: 'wrong', code: '123456' }, context),
      ).rejects.toMatchObject({
        code: 'INCORRECT_PASSWORD',
      });
    const asked = w.calls.length;
    await expect(w.service.disableTwoFactor(who, { password, code: '123456' }, context)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      statusCode: 429,
    });
    expect(w.calls).toHaveLength(asked);
    expect(w.state.totp).toBe(true);
  });

  it('reports the change even when the notice cannot be sent', async () => {
    const w = world();
    const service = createSecurityService({
      proof: w.proof,
      contacts: w.contacts,
      limiter: w.limiter,
      notices: {
        mailer: () => Promise.reject(new Error('SES down')),
        from: 'a@example.com',
        helpEmail: 'b@example.com',
      },
    });
    expect(await service.disableTwoFactor(who, { password, code: '123456' }, context)).toEqual({ enabled: false });
    expect(w.state.totp).toBe(false);
  });
});

describe('changing the e-mail address', () => {
  it('refuses a wrong password and starts nothing', async () => {
    const w = world();
    await expect(
      w.service.startEmailChange(who, { password: 'wrong', newEmail: 'new@example.com' }, context),
    ).rejects.toMatchObject({ code: 'INCORRECT_PASSWORD' });
    expect(w.state.pendingEmail).toBeUndefined();
    expect(w.mailer.sent).toEqual([]);
  });

  it('starts the change with the password (a code challenge proves it too) and tells the OLD address', async () => {
    const w = world({ totp: true });
    expect(await w.service.startEmailChange(who, { password, newEmail: 'new@example.com' }, context)).toEqual({
      destination: 'new@example.com',
    });
    expect(w.state.pendingEmail).toBe('new@example.com');
    expect(w.mailer.sent.map((m) => m.to)).toEqual(['owner@example.com']);
    expect(w.mailer.sent[0]!.text).toContain('new@example.com');
    expect(w.mailer.sent[0]!.text).toContain('help@reviewroute.example');
    expect(w.mailer.sent[0]!.text).toContain('When: 26 Nov 2026, 12:00');
  });

  it('refuses the current address as the new one without counting an attempt', async () => {
    const w = world();
    await expect(
      w.service.startEmailChange(who, { password, newEmail: ' OWNER@example.com ' }, context),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(w.calls).toEqual([]);
  });
});

describe('confirming the password (account deletion)', () => {
  it('passes the right password, whether or not a code would follow, and refuses a wrong one', async () => {
    await expect(world({ totp: true }).service.confirmPassword(who, password, context)).resolves.toBeUndefined();
    await expect(world({ totp: false }).service.confirmPassword(who, password, context)).resolves.toBeUndefined();
    await expect(world().service.confirmPassword(who, 'wrong', context)).rejects.toMatchObject({
      code: 'INCORRECT_PASSWORD',
    });
  });
});
