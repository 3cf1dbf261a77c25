import { GetUserCommand, VerifyUserAttributeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { pathOf } from '@reviewroute/shared';
import { apiCall, type ApiUser } from '../support/api';
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

const mfaOf = async (owner: ApiUser) =>
  (await cognito.send(new GetUserCommand({ AccessToken: owner.tokens.accessToken }))).UserMFASettingList ?? [];

const mailsTo = async (address: string, subject: string) =>
  (await listMails(inbox)).filter((m) => m.destination.to.includes(address) && m.subject.includes(subject));

describe('turning two-step verification off', () => {
  it('refuses it without a code, with a wrong password or code; with both it is off and the owner is told', async () => {
    const owner = await createSignedInUser(stack);
    const app = await enableTotp(cognito, owner.tokens.accessToken);
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

    // The client confirms the code from the new address as before; then the new address is the account's.
    const code = extractCode(await waitForMail(inbox, newEmail));
    await cognito.send(
      new VerifyUserAttributeCommand({ AccessToken: owner.tokens.accessToken, AttributeName: 'email', Code: code }),
    );
    const user = await cognito.send(new GetUserCommand({ AccessToken: owner.tokens.accessToken }));
    expect(user.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe(newEmail);
  });
});
