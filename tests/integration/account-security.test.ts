import {
  AdminGetUserCommand,
  DeleteUserCommand,
  GetUserCommand,
  SetUserMFAPreferenceCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { pathOf } from '@reviewroute/shared';
import { createDynamoRecoveryCodeStore } from '@reviewroute/functions/data/recovery-codes';
import { apiCall, stackEntities, type ApiUser } from '../support/api';
import { TEST_PASSWORD, cognitoClient, createSignedInUser, uniqueEmail } from '../support/cognito';
import { extractCode, listMails, waitForMail } from '../support/inbox';
import { enableTotp } from '../support/totp';

/**
 * Sensitive account actions on the local stack: the account Lambda proves the password (and the authenticator's
 * code) to the local Cognito with the admin flow before it acts, and the owner's notice lands in the local inbox.
 */

const stack = inject('localStack');
const api = stack.urls.api;
const inbox = stack.urls.inbox;
const cognito = cognitoClient(stack);
afterAll(() => cognito.destroy());
const recoveryCodeStore = createDynamoRecoveryCodeStore(stackEntities);

const userOf = (owner: ApiUser) =>
  cognito.send(new AdminGetUserCommand({ UserPoolId: stack.webConfig.userPoolId, Username: owner.userId }));
const mfaOf = async (owner: ApiUser) => (await userOf(owner)).UserMFASettingList ?? [];
const emailOf = async (owner: ApiUser) => (await userOf(owner)).UserAttributes?.find((a) => a.Name === 'email')?.Value;
const nameOf = (error: unknown) => (error as { name?: string }).name;

describe("no way around the API: the browser's access token", () => {
  it("carries no admin scope, so Cognito's user API refuses every change with it; the API's own flows work", async () => {
    const owner = await createSignedInUser(stack);
    const AccessToken = owner.tokens.accessToken;
    expect(decodeJwt(AccessToken).scope).toBeUndefined();
    const attempts = {
      SetUserMFAPreference: () =>
        cognito.send(new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: false } })),
      UpdateUserAttributes: () =>
        cognito.send(
          new UpdateUserAttributesCommand({
            AccessToken,
            UserAttributes: [{ Name: 'email', Value: uniqueEmail('thief') }],
          }),
        ),
      VerifyUserAttribute: () =>
        cognito.send(new VerifyUserAttributeCommand({ AccessToken, AttributeName: 'email', Code: '123456' })),
      DeleteUser: () => cognito.send(new DeleteUserCommand({ AccessToken })),
      GetUser: () => cognito.send(new GetUserCommand({ AccessToken })),
    };
    for (const [name, attempt] of Object.entries(attempts)) {
      const error = await attempt().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(nameOf(error), `${name} with the browser's token`).toBe('NotAuthorizedException');
      expect((error as Error).message, name).toContain('scopes');
    }
    // Nothing changed: the same account, with its address, and it still signs in through the API's flows.
    expect(await emailOf(owner)).toBe(owner.email);
    const app = await enableTotp(api, owner);
    expect(await mfaOf(owner)).toEqual(['SOFTWARE_TOKEN_MFA']);
    const disabled = await apiCall(api, 'POST', pathOf('disable-two-factor'), {
      user: owner,
      body: { password: TEST_PASSWORD, code: await app.nextCode() },
    });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(await mfaOf(owner)).toEqual([]);
  });
});

const mailsTo = async (address: string, subject: string) =>
  (await listMails(inbox)).filter((m) => m.destination.to.includes(address) && m.subject.includes(subject));

describe('turning two-step verification off', () => {
  it('refuses it without a code, with a wrong password or code; with both it is off and the owner is told', async () => {
    const owner = await createSignedInUser(stack);
    const app = await enableTotp(api, owner);
    const disable = (body: unknown) => apiCall(api, 'POST', pathOf('disable-two-factor'), { user: owner, body });

    const noCode = await disable({ password: TEST_PASSWORD });
    expect(noCode.status).toBe(400);
    expect(noCode.body).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    const wrongPassword = await disable({ password: 'Wr0ng-password!', code: '123456' });
    expect(wrongPassword.status).toBe(403);
    expect(wrongPassword.body).toMatchObject({ error: { code: 'INCORRECT_PASSWORD' } });
    // Any fixed code but the current one (a one-in-a-million match would only make this call pass).
    const wrongCode = await disable({ password: TEST_PASSWORD, code: '000000' });
    expect(wrongCode.status).toBe(403);
    expect(wrongCode.body).toMatchObject({ error: { code: 'INCORRECT_CODE' } });
    expect(await mfaOf(owner)).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(await mailsTo(owner.email, 'Two-step verification was turned off')).toEqual([]);

    const done = await disable({ password: TEST_PASSWORD, code: await app.nextCode() });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ enabled: false });
    expect(await mfaOf(owner)).toEqual([]);
    const notice = await waitForMail(inbox, owner.email, { subject: 'Two-step verification was turned off' });
    expect(notice.body.text).toContain(owner.email);
    expect(notice.body.text).toContain('support@reviewroute.local');
  });
});

describe('changing the e-mail address', () => {
  it('refuses a wrong password; with the password the code goes to the new address and the notice to the old', async () => {
    const owner = await createSignedInUser(stack, { locale: 'nl' });
    const newEmail = uniqueEmail('moved');
    const start = (password: string) =>
      apiCall(api, 'POST', pathOf('start-email-change'), { user: owner, body: { password, newEmail } });

    const refused = await start('Wr0ng-password!');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'INCORRECT_PASSWORD' } });
    expect((await listMails(inbox)).filter((m) => m.destination.to.includes(newEmail))).toEqual([]);

    const started = await start(TEST_PASSWORD);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toEqual({ destination: newEmail });
    const notice = await waitForMail(inbox, owner.email, { subject: 'wordt gewijzigd' });
    expect(notice.body.text).toContain(newEmail);
    expect(notice.body.text).toContain('support@reviewroute.local');
    expect(await mailsTo(newEmail, 'wordt gewijzigd')).toEqual([]);

    // The code from the new address is confirmed through the API, with the password again; then the new address is
    // the account's. A wrong code changes nothing.
    const code = extractCode(await waitForMail(inbox, newEmail));
    const confirm = (body: object) =>
      apiCall(api, 'POST', pathOf('confirm-email-change'), { user: owner, body: { password: TEST_PASSWORD, ...body } });
    const wrong = await confirm({ verificationCode: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ error: { code: 'INCORRECT_CODE' } });
    expect(await emailOf(owner)).toBe(owner.email);
    const confirmed = await confirm({ verificationCode: code });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toEqual({ email: newEmail });
    expect(await emailOf(owner)).toBe(newEmail);
  });
});

describe('proofs that match the account: two-step verification on', () => {
  it('changes the e-mail address only with a current code besides the password', async () => {
    const owner = await createSignedInUser(stack);
    const app = await enableTotp(api, owner);
    const newEmail = uniqueEmail('moved-2fa');
    const start = (body: object) =>
      apiCall(api, 'POST', pathOf('start-email-change'), { user: owner, body: { newEmail, ...body } });

    const passwordOnly = await start({ password: TEST_PASSWORD });
    expect(passwordOnly.status).toBe(403);
    expect(passwordOnly.body).toMatchObject({ error: { code: 'INCORRECT_CODE' } });
    const wrongCode = await start({ password: TEST_PASSWORD, code: '000000' });
    expect(wrongCode.body).toMatchObject({ error: { code: 'INCORRECT_CODE' } });
    expect(await mailsTo(newEmail, '')).toEqual([]);

    const started = await start({ password: TEST_PASSWORD, code: await app.nextCode() });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const verificationCode = extractCode(await waitForMail(inbox, newEmail));
    // Confirming takes a current code too (the API opens its session with both).
    const confirm = (body: object) =>
      apiCall(api, 'POST', pathOf('confirm-email-change'), {
        user: owner,
        body: { password: TEST_PASSWORD, verificationCode, ...body },
      });
    expect((await confirm({})).body).toMatchObject({ error: { code: 'INCORRECT_CODE' } });
    const confirmed = await confirm({ code: await app.nextCode() });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(await emailOf(owner)).toBe(newEmail);
  });
});

describe('recovery codes', () => {
  const recover = (body: object) => apiCall(api, 'POST', pathOf('recover-sign-in'), { body });

  it('are made with the password as two-step verification is set up, and sign in once (not twice) through the API', async () => {
    const owner = await createSignedInUser(stack, { locale: 'nl' });
    const create = (body: object) => apiCall(api, 'POST', pathOf('create-recovery-codes'), { user: owner, body });
    // Set-up makes them in its first, password-proven step, before the app's code turns it on.
    const app = await enableTotp(api, owner);
    const codes = app.recoveryCodes;
    expect(codes).toHaveLength(10);
    const status = await apiCall(api, 'GET', pathOf('get-recovery-codes'), { user: owner });
    expect(status.body).toMatchObject({ remaining: 10 });
    // Once it is on, a new set needs a code too.
    expect((await create({ password: TEST_PASSWORD })).body).toMatchObject({ error: { code: 'INCORRECT_CODE' } });

    // The wrong password, an unknown code: refused, two-step verification stays on.
    expect(
      (await recover({ email: owner.email, password: 'Wr0ng-password!', recoveryCode: codes[0] })).body,
    ).toMatchObject({ error: { code: 'INCORRECT_PASSWORD' } });
    expect(
      (await recover({ email: owner.email, password: TEST_PASSWORD, recoveryCode: 'zzzzz-zzzzz' })).body,
    ).toMatchObject({ error: { code: 'INCORRECT_CODE' } });
    expect(await mfaOf(owner)).toEqual(['SOFTWARE_TOKEN_MFA']);

    const recovered = await recover({
      email: owner.email,
      password: TEST_PASSWORD,
      recoveryCode: codes[0],
    });
    expect(recovered.status, JSON.stringify(recovered.body)).toBe(200);
    expect(recovered.body).toEqual({ twoFactor: false });
    expect(await mfaOf(owner)).toEqual([]);
    const notice = await waitForMail(inbox, owner.email, { subject: 'met een herstelcode ingelogd' });
    expect(notice.body.text).toContain('support@reviewroute.local');

    // Set up again: the old codes are gone with the old second step, the same code signs in no more.
    await enableTotp(api, owner, app);
    for (const code of [codes[0], codes[1]])
      expect((await recover({ email: owner.email, password: TEST_PASSWORD, recoveryCode: code })).body).toMatchObject({
        error: { code: 'INCORRECT_CODE' },
      });
    expect(await mfaOf(owner)).toEqual(['SOFTWARE_TOKEN_MFA']);
  });

  it('are erased with the account, and accepted by its deletion in place of the code', async () => {
    const owner = await createSignedInUser(stack);
    const made = await apiCall(api, 'POST', pathOf('create-recovery-codes'), {
      user: owner,
      body: { password: TEST_PASSWORD },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    // Set-up replaces a set made before it; its own codes are the account's.
    const codes = (await enableTotp(api, owner)).recoveryCodes;
    const remove = (body: object) =>
      apiCall(api, 'DELETE', pathOf('delete-account'), { user: owner, body: { email: owner.email, ...body } });
    const passwordOnly = await remove({ password: TEST_PASSWORD });
    expect(passwordOnly.status, JSON.stringify(passwordOnly.body)).toBe(403);
    expect(passwordOnly.body).toMatchObject({ error: { code: 'INCORRECT_CODE' } });
    const deleted = await remove({ password: TEST_PASSWORD, code: codes[4] });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(202);
    await expect.poll(async () => (await recoveryCodeStore.get(owner.userId)) ?? null, { timeout: 20_000 }).toBeNull();
  });
});
