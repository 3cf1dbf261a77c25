import {
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { TEST_PASSWORD, cognitoClient, createConfirmedUser, signIn, uniqueEmail } from '../support/cognito';
import { extractCode, listMails, waitForMail } from '../support/inbox';

const stack = inject('localStack');
const clientId = stack.webConfig.userPoolClientId;
const cognito = cognitoClient(stack);
afterAll(() => cognito.destroy());

describe('every mail Cognito would send lands in the local inbox', () => {
  it('delivers the sign-up code to the SES store and the inbox page; the code confirms the account', async () => {
    const email = uniqueEmail('signup');
    await cognito.send(new SignUpCommand({ ClientId: clientId, Username: email, Password: TEST_PASSWORD }));
    const mail = await waitForMail(stack.urls.inbox, email);
    expect(mail.from).toContain('no-reply@reviewroute.local');
    expect(mail.destination.to).toEqual([email]);
    expect(mail.subject).toBe('Your ReviewRoute verification code');
    expect(extractCode(mail)).toMatch(/^\d{6}$/);

    const page = await fetch(stack.urls.inbox);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect((await listMails(stack.urls.inbox)).some((m) => m.messageId === mail.messageId)).toBe(true);
  });

  it('resends a fresh sign-up code (cognito-local lacks ResendConfirmationCode; the local layer adds it)', async () => {
    const email = uniqueEmail('resend');
    await cognito.send(new SignUpCommand({ ClientId: clientId, Username: email, Password: TEST_PASSWORD }));
    const first = await waitForMail(stack.urls.inbox, email);
    const resent = await cognito.send(new ResendConfirmationCodeCommand({ ClientId: clientId, Username: email }));
    expect(resent.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', Destination: email });
    const second = await waitForMail(stack.urls.inbox, email, { after: first });
    expect(second.messageId).not.toBe(first.messageId);
    // The newest code is the valid one.
    await cognito.send(
      new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: extractCode(second) }),
    );
    await expect(signIn(stack, email, TEST_PASSWORD)).resolves.toMatchObject({ idToken: expect.any(String) });
  });

  it('delivers the forgot-password code; it resets the password', async () => {
    const user = await createConfirmedUser(stack);
    const signUpMail = await waitForMail(stack.urls.inbox, user.email);
    await cognito.send(new ForgotPasswordCommand({ ClientId: clientId, Username: user.email }));
    const mail = await waitForMail(stack.urls.inbox, user.email, { after: signUpMail });
    expect(mail.subject).toBe('Your ReviewRoute password reset code');
    const newPassword = 'N3w-password!';
    await cognito.send(
      new ConfirmForgotPasswordCommand({
        ClientId: clientId,
        Username: user.email,
        ConfirmationCode: extractCode(mail),
        Password: newPassword,
      }),
    );
    await expect(signIn(stack, user.email, newPassword)).resolves.toMatchObject({ idToken: expect.any(String) });
    await expect(signIn(stack, user.email, user.password)).rejects.toThrow();
  });

  it("enforces the pool's password policy on sign-up with Cognito's error", async () => {
    const attempt = cognito.send(
      new SignUpCommand({ ClientId: clientId, Username: uniqueEmail('weak'), Password: 'short' }),
    );
    await expect(attempt).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: expect.stringContaining('Password did not conform with policy'),
    });
  });

  it('refuses a wrong confirmation code', async () => {
    const email = uniqueEmail('wrongcode');
    await cognito.send(new SignUpCommand({ ClientId: clientId, Username: email, Password: TEST_PASSWORD }));
    const code = extractCode(await waitForMail(stack.urls.inbox, email));
    const wrong = code === '000000' ? '111111' : '000000';
    await expect(
      cognito.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: wrong })),
    ).rejects.toMatchObject({ name: 'CodeMismatchException' });
  });
});
