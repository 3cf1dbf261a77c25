import { describe, expect, it } from 'vitest';
import { securityProofRateRule } from '@reviewroute/shared';
import { createMemoryRateLimiter } from '../../../testing/data/memory-rate-limiter';
import type { PasswordCheck, SignInProof } from '../../data/sign-in-proof';
import { createMemoryMailer } from '../../../testing/mail/memory-mailer';
import { MemoryRecoveryCodeStore } from '../../../testing/data/memory-recovery-codes';
import { createSecurityService } from './security-service';

const who = { userId: 'user-1', username: 'user-1' };
const context = { viewerIp: '203.0.113.9', path: '/api/account/two-factor/disable' };
const password = 'Sup3r-secret!';

/** A Cognito user as the fake proof knows it: its password, its current code, whether TOTP is on, its address. */
function fakeCognito({ totp = true, email = 'owner@example.com', locale = 'en' } = {}) {
  const state = {
    totp,
    email,
    pendingEmail: undefined as string | undefined,
    sessions: new Set<string>(),
    secret: undefined as string | undefined,
    secretVerified: false,
    openSessions: 0,
  };
  const calls: string[] = [];
  const proof: SignInProof = {
    async accountOf(login) {
      return login === state.email ? { userId: who.userId, username: who.username } : undefined;
    },
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
    totpEnabled: async () => state.totp,
    async enableTotp() {
      calls.push('enableTotp');
      if (!state.secretVerified) throw new Error('not verified');
      state.totp = true;
    },
    async openOwnerSession(username, factors) {
      calls.push(`openOwnerSession ${username}`);
      if (factors.password !== password) return { result: 'invalid' };
      if (state.totp && factors.code !== '123456') return { result: 'code-refused' };
      state.openSessions++;
      return {
        result: 'open',
        session: {
          async associateTotp() {
            state.secret = 'JBSWY3DPEHPK3PXP';
            state.secretVerified = false;
            return state.secret;
          },
          async verifyTotp(code) {
            state.secretVerified = state.secret !== undefined && code === '654321';
            return state.secretVerified;
          },
          async verifyEmail(code) {
            if (code !== '111111' || !state.pendingEmail) return false;
            state.email = state.pendingEmail;
            state.pendingEmail = undefined;
            return true;
          },
          close: async () => void state.openSessions--,
        },
      };
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
  const recoveryCodes = new MemoryRecoveryCodeStore();
  let made = 0;
  const service = createSecurityService({
    proof: cognito.proof,
    contacts: cognito.contacts,
    limiter,
    recoveryCodes,
    viewerKeyOf: async (viewerIp) => `key-of-${viewerIp}`,
    // Predictable codes: `aaaaa` and a counter spelt in the alphabet (0 -> 2 … 9 -> b), e.g. `aaaaa22223`.
    newRecoveryCode: () =>
      `aaaaa${String(made++)
        .padStart(5, '0')
        .replace(/\d/g, (d) => '23456789ab'[Number(d)]!)}`,
    notices: { mailer, from: 'no-reply@reviewroute.example', helpEmail: 'help@reviewroute.example' },
    clock: () => new Date('2026-11-26T11:00:00.000Z'),
  });
  return { ...cognito, mailer, limiter, recoveryCodes, service };
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
      recoveryCodes: w.recoveryCodes,
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

describe('turning two-step verification on through the API', () => {
  it('answers a secret once the password is proven, and turns it on with the first code and the password again', async () => {
    const w = world({ totp: false });
    await expect(w.service.startTwoFactor(who, { password: 'wrong' }, context)).rejects.toMatchObject({
      code: 'INCORRECT_PASSWORD',
    });
    const started = await w.service.startTwoFactor(who, { password }, context);
    // The recovery codes come first, in the same proven call: it is never on without them.
    expect(started).toEqual({ secret: 'JBSWY3DPEHPK3PXP', codes: expect.arrayContaining(['aaaaa-22222']) });
    expect(started.codes).toHaveLength(10);
    expect(await w.service.recoveryCodesOf(who.userId)).toMatchObject({ remaining: 10 });
    await expect(w.service.confirmTwoFactor(who, { password, code: '000000' }, context)).rejects.toMatchObject({
      code: 'INCORRECT_CODE',
    });
    expect(w.state.totp).toBe(false);
    expect(await w.service.confirmTwoFactor(who, { password, code: '654321' }, context)).toEqual({ enabled: true });
    expect(await w.service.twoFactorOf(who)).toEqual({ enabled: true });
    // Every session the API opened for the owner was closed again.
    expect(w.state.openSessions).toBe(0);
  });

  it('refuses to start over an app that is on, and counts every attempt toward the limit', async () => {
    const on = world({ totp: true });
    await expect(on.service.startTwoFactor(who, { password }, context)).rejects.toMatchObject({ code: 'CONFLICT' });
    const off = world({ totp: false });
    for (let i = 0; i < securityProofRateRule.limit; i++)
      await expect(off.service.startTwoFactor(who, { password: 'wrong' }, context)).rejects.toMatchObject({
        code: 'INCORRECT_PASSWORD',
      });
    await expect(off.service.startTwoFactor(who, { password }, context)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
  });
});

describe('confirming the new address through the API', () => {
  it('needs the password and, with two-step verification on, a current code; a wrong mailed code changes nothing', async () => {
    const w = world({ totp: true });
    await w.service.startEmailChange(who, { password, code: '123456', newEmail: 'new@example.com' }, context);
    await expect(
      w.service.confirmEmailChange(who, { password, verificationCode: '111111' }, context),
    ).rejects.toMatchObject({ code: 'INCORRECT_CODE' });
    await expect(
      w.service.confirmEmailChange(who, { password, code: '123456', verificationCode: '999999' }, context),
    ).rejects.toMatchObject({ code: 'INCORRECT_CODE' });
    expect(w.state.email).toBe('owner@example.com');
    expect(
      await w.service.confirmEmailChange(who, { password, code: '123456', verificationCode: '111111' }, context),
    ).toEqual({ email: 'new@example.com' });
    expect(w.state.openSessions).toBe(0);
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

  it('starts the change with the password and, with two-step verification on, a code, and tells the OLD address', async () => {
    const w = world({ totp: true });
    await expect(
      w.service.startEmailChange(who, { password, newEmail: 'new@example.com' }, context),
    ).rejects.toMatchObject({ code: 'INCORRECT_CODE' });
    await expect(
      w.service.startEmailChange(who, { password, code: '654321', newEmail: 'new@example.com' }, context),
    ).rejects.toMatchObject({ code: 'INCORRECT_CODE' });
    expect(w.state.pendingEmail).toBeUndefined();
    expect(w.mailer.sent).toEqual([]);
    expect(
      await w.service.startEmailChange(who, { password, code: '123456', newEmail: 'new@example.com' }, context),
    ).toEqual({ destination: 'new@example.com' });
    expect(w.state.pendingEmail).toBe('new@example.com');
    expect(w.mailer.sent.map((m) => m.to)).toEqual(['owner@example.com']);
    expect(w.mailer.sent[0]!.text).toContain('new@example.com');
    expect(w.mailer.sent[0]!.text).toContain('help@reviewroute.example');
    expect(w.mailer.sent[0]!.text).toContain('When: 26 Nov 2026, 12:00');
  });

  it('takes the password alone for an account without two-step verification', async () => {
    const w = world({ totp: false });
    expect(await w.service.startEmailChange(who, { password, newEmail: 'new@example.com' }, context)).toEqual({
      destination: 'new@example.com',
    });
  });

  it('refuses the current address as the new one without counting an attempt', async () => {
    const w = world();
    await expect(
      w.service.startEmailChange(who, { password, newEmail: ' OWNER@example.com ' }, context),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(w.calls).toEqual([]);
  });
});

describe('confirming the account’s factors (account deletion)', () => {
  it('takes the password alone without two-step verification, and refuses a wrong one', async () => {
    await expect(world({ totp: false }).service.confirmFactors(who, { password }, context)).resolves.toBeUndefined();
    await expect(world().service.confirmFactors(who, { password: 'wrong' }, context)).rejects.toMatchObject({
      code: 'INCORRECT_PASSWORD',
    });
  });

  it('with two-step verification on, refuses the password without a code or with a wrong one, and takes a current code', async () => {
    const w = world({ totp: true });
    await expect(w.service.confirmFactors(who, { password }, context)).rejects.toMatchObject({
      code: 'INCORRECT_CODE',
      statusCode: 403,
    });
    await expect(w.service.confirmFactors(who, { password, code: '654321' }, context)).rejects.toMatchObject({
      code: 'INCORRECT_CODE',
    });
    await expect(w.service.confirmFactors(who, { password, code: '123456' }, context)).resolves.toBeUndefined();
  });

  it('counts a wrong code toward the attempt limit: once spent, even the right code waits', async () => {
    const w = world({ totp: true });
    for (let i = 0; i < securityProofRateRule.limit; i++)
      await expect(w.service.confirmFactors(who, { password, code: '654321' }, context)).rejects.toMatchObject({
        code: 'INCORRECT_CODE',
      });
    await expect(w.service.confirmFactors(who, { password, code: '123456' }, context)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
  });

  it('takes a recovery code in place of the code once, and tells the owner how many are left', async () => {
    const w = world({ totp: true, locale: 'nl' });
    const { codes } = await w.service.createRecoveryCodes(who, { password, code: '123456' }, context);
    w.mailer.sent.length = 0;
    await expect(
      w.service.confirmFactors(who, { password, code: ` ${codes[3]!.toUpperCase()} ` }, context),
    ).resolves.toBeUndefined();
    await expect(w.service.confirmFactors(who, { password, code: codes[3]! }, context)).rejects.toMatchObject({
      code: 'INCORRECT_CODE',
    });
    expect(w.mailer.sent).toHaveLength(1);
    expect(w.mailer.sent[0]!.subject).toBe('Er is een herstelcode van je ReviewRoute-account gebruikt');
    expect(w.mailer.sent[0]!.text).toContain('Codes over: 9');
  });
});

describe('recovery codes', () => {
  it('makes ten at set-up with the password alone, answers them once and keeps only their hashes', async () => {
    const w = world({ totp: false });
    const { codes } = await w.service.createRecoveryCodes(who, { password }, context);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = JSON.stringify([...w.recoveryCodes.sets.get(who.userId)!.hashes]);
    for (const code of codes) expect(stored).not.toContain(code.replace('-', ''));
    expect(await w.service.recoveryCodesOf(who.userId)).toEqual({
      remaining: 10,
      createdAt: '2026-11-26T11:00:00.000Z',
    });
    // Before two-step verification is on, nothing changed that the owner must hear of.
    expect(w.mailer.sent).toEqual([]);
  });

  it('makes a new set only with a code once two-step verification is on; the old set stops working and the owner is told', async () => {
    const w = world({ totp: true });
    await expect(w.service.createRecoveryCodes(who, { password }, context)).rejects.toMatchObject({
      code: 'INCORRECT_CODE',
    });
    const first = await w.service.createRecoveryCodes(who, { password, code: '123456' }, context);
    const second = await w.service.createRecoveryCodes(who, { password, code: first.codes[0]! }, context);
    await expect(w.service.confirmFactors(who, { password, code: first.codes[1]! }, context)).rejects.toMatchObject({
      code: 'INCORRECT_CODE',
    });
    await expect(w.service.confirmFactors(who, { password, code: second.codes[1]! }, context)).resolves.toBeUndefined();
    expect(w.mailer.sent.map((m) => m.subject)).toContain('New recovery codes were made for your ReviewRoute account');
  });

  it('go with two-step verification when it is turned off (by a recovery code too)', async () => {
    const w = world({ totp: true });
    const { codes } = await w.service.createRecoveryCodes(who, { password, code: '123456' }, context);
    expect(await w.service.disableTwoFactor(who, { password, code: codes[0]! }, context)).toEqual({ enabled: false });
    expect(w.state.totp).toBe(false);
    expect(await w.service.recoveryCodesOf(who.userId)).toEqual({ remaining: 0, createdAt: null });
  });
});

describe('signing in with a recovery code', () => {
  const email = 'owner@example.com';

  it('turns two-step verification off once the address, password and an unused code are proven, and mails the owner', async () => {
    const w = world({ totp: true });
    const { codes } = await w.service.createRecoveryCodes(who, { password, code: '123456' }, context);
    w.mailer.sent.length = 0;
    expect(await w.service.recoverSignIn({ email, password, recoveryCode: codes[2]! }, context)).toEqual({
      twoFactor: false,
    });
    expect(w.state.totp).toBe(false);
    expect(await w.service.recoveryCodesOf(who.userId)).toMatchObject({ remaining: 0 });
    expect(w.mailer.sent.map((m) => m.subject)).toEqual([
      'Someone signed in to your ReviewRoute account with a recovery code',
    ]);
    // Not twice: the code is spent (and two-step verification is off, so no code proves anything).
    await expect(w.service.recoverSignIn({ email, password, recoveryCode: codes[2]! }, context)).rejects.toMatchObject({
      code: 'INCORRECT_CODE',
    });
  });

  it('refuses an unknown address, a wrong password or an unknown code alike and changes nothing', async () => {
    const w = world({ totp: true });
    const { codes } = await w.service.createRecoveryCodes(who, { password, code: '123456' }, context);
    await expect(
      w.service.recoverSignIn({ email: 'nobody@example.com', password, recoveryCode: codes[0]! }, context),
    ).rejects.toMatchObject({ code: 'INCORRECT_PASSWORD' });
    await expect(
      w.service.recoverSignIn({ email, password: 'wrong', recoveryCode: codes[0]! }, context),
    ).rejects.toMatchObject({ code: 'INCORRECT_PASSWORD' });
    await expect(
      w.service.recoverSignIn({ email, password, recoveryCode: 'zzzzzzzzzz' }, context),
    ).rejects.toMatchObject({ code: 'INCORRECT_CODE' });
    expect(w.state.totp).toBe(true);
    expect(await w.service.recoveryCodesOf(who.userId)).toMatchObject({ remaining: 10 });
  });

  it('limits the attempts per viewer, whatever the address', async () => {
    const w = world({ totp: true });
    for (let i = 0; i < 10; i++)
      await expect(
        w.service.recoverSignIn({ email: `x${i}@example.com`, password, recoveryCode: 'zzzzzzzzzz' }, context),
      ).rejects.toMatchObject({ code: 'INCORRECT_PASSWORD' });
    await expect(
      w.service.recoverSignIn({ email, password, recoveryCode: 'zzzzzzzzzz' }, context),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });
});
