import {
  AssociateSoftwareTokenCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetUserAttributeVerificationCodeCommand,
  GetUserCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
  VerifySoftwareTokenCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  TEST_PASSWORD,
  cognitoClient,
  createConfirmedUser,
  signIn,
  uniqueEmail,
  serverSessionToken,
} from '../support/cognito';
import { extractCode, listMails, waitForMail } from '../support/inbox';
import { TestAuthenticator } from '../support/totp';

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

  it('answers a second confirmation of a confirmed account as Cognito does, whatever the code', async () => {
    const email = uniqueEmail('twice');
    await cognito.send(new SignUpCommand({ ClientId: clientId, Username: email, Password: TEST_PASSWORD }));
    const code = extractCode(await waitForMail(stack.urls.inbox, email));
    await cognito.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: code }));
    // The app reads this as "confirmed elsewhere" and goes on to sign-in; "code expired" would ask for a new code.
    for (const again of [code, '000000'])
      await expect(
        cognito.send(new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: again })),
      ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: expect.stringContaining('CONFIRMED') });
    // The password sign-in that Amplify's auto sign-in makes right after the code works on the local pool.
    await expect(signIn(stack, email, TEST_PASSWORD)).resolves.toMatchObject({ idToken: expect.any(String) });
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

/** Signs up with the `locale` the app stores (the language of every later Cognito mail) and confirms. */
const createUserIn = (locale: 'en' | 'nl') =>
  createConfirmedUser(stack, { email: uniqueEmail(`locale-${locale}`), locale });

describe("Cognito's mails come from the CustomMessage trigger, in the owner's language", () => {
  it('writes the sign-up, resend and reset mails in Dutch for a Dutch owner', async () => {
    const email = uniqueEmail('nl-signup');
    await cognito.send(
      new SignUpCommand({
        ClientId: clientId,
        Username: email,
        Password: TEST_PASSWORD,
        UserAttributes: [{ Name: 'locale', Value: 'nl' }],
      }),
    );
    const signUpMail = await waitForMail(stack.urls.inbox, email);
    expect(signUpMail.subject).toBe('Je ReviewRoute-verificatiecode');
    expect(signUpMail.body.text).toContain(`Je verificatiecode is ${extractCode(signUpMail)}.`);
    expect(signUpMail.body.html).toMatch(
      new RegExp(`<strong class="rr-code"[^>]*>${extractCode(signUpMail)}</strong>`),
    );

    await cognito.send(new ResendConfirmationCodeCommand({ ClientId: clientId, Username: email }));
    const resent = await waitForMail(stack.urls.inbox, email, { after: signUpMail });
    expect(resent.subject).toBe('Je ReviewRoute-verificatiecode');
    await cognito.send(
      new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: extractCode(resent) }),
    );

    await cognito.send(new ForgotPasswordCommand({ ClientId: clientId, Username: email }));
    const reset = await waitForMail(stack.urls.inbox, email, { after: resent });
    expect(reset.subject).toBe('Je ReviewRoute-code om je wachtwoord te herstellen');
    expect(reset.body.text).toContain(`Je herstelcode is ${extractCode(reset)}.`);
  });

  it('writes English for an English owner and for accounts without a locale', async () => {
    const { signUpMail } = await createUserIn('en');
    expect(signUpMail.body.text).toContain('Welcome to ReviewRoute! Your verification code is');
    const plain = await createConfirmedUser(stack);
    const mail = await waitForMail(stack.urls.inbox, plain.email);
    expect(mail.subject).toBe('Your ReviewRoute verification code');
  });

  it('answers a reset for an unknown address like Cognito does: no hint whether the account exists, no mail', async () => {
    const email = uniqueEmail('nobody');
    const result = await cognito.send(new ForgotPasswordCommand({ ClientId: clientId, Username: email }));
    expect(result.CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL' });
    await expect(
      cognito.send(
        new ConfirmForgotPasswordCommand({
          ClientId: clientId,
          Username: email,
          ConfirmationCode: '123456',
          Password: 'N3w-password!',
        }),
      ),
    ).rejects.toMatchObject({ name: 'CodeMismatchException' });
    expect((await listMails(stack.urls.inbox)).some((m) => m.destination.to.includes(email))).toBe(false);
  });
});

describe('e-mail change: the code goes to the new address, the old one stays until it is confirmed', () => {
  it('keeps the old sign-in address until the code from the new inbox is confirmed (Dutch mail)', async () => {
    const { email } = await createUserIn('nl');
    // The local Cognito's own e-mail change, with a token that may call its user API (the API's server session).
    const tokens = { accessToken: await serverSessionToken(stack, email, TEST_PASSWORD) };
    const newEmail = uniqueEmail('moved');
    const update = await cognito.send(
      new UpdateUserAttributesCommand({
        AccessToken: tokens.accessToken,
        UserAttributes: [{ Name: 'email', Value: newEmail }],
      }),
    );
    expect(update.CodeDeliveryDetailsList).toEqual([
      expect.objectContaining({ AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: newEmail }),
    ]);
    const mail = await waitForMail(stack.urls.inbox, newEmail);
    expect(mail.subject).toBe('Bevestig je nieuwe ReviewRoute-e-mailadres');
    expect(mail.body.text).toContain('Tot dan log je in met je huidige adres.');

    // Not yet confirmed: the account still has (and signs in with) the old address only.
    const before = await cognito.send(new GetUserCommand({ AccessToken: tokens.accessToken }));
    expect(before.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ]),
    );
    await expect(signIn(stack, email, TEST_PASSWORD)).resolves.toBeDefined();
    await expect(signIn(stack, newEmail, TEST_PASSWORD)).rejects.toThrow();

    // A resent code also goes to the new address; the newest code is the valid one.
    await cognito.send(
      new GetUserAttributeVerificationCodeCommand({ AccessToken: tokens.accessToken, AttributeName: 'email' }),
    );
    const resent = await waitForMail(stack.urls.inbox, newEmail, { after: mail });
    await expect(
      cognito.send(
        new VerifyUserAttributeCommand({ AccessToken: tokens.accessToken, AttributeName: 'email', Code: '000000' }),
      ),
    ).rejects.toMatchObject({ name: 'CodeMismatchException' });
    await cognito.send(
      new VerifyUserAttributeCommand({
        AccessToken: tokens.accessToken,
        AttributeName: 'email',
        Code: extractCode(resent),
      }),
    );

    const after = await cognito.send(new GetUserCommand({ AccessToken: tokens.accessToken }));
    expect(after.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: 'email', Value: newEmail },
        { Name: 'email_verified', Value: 'true' },
      ]),
    );
    await expect(signIn(stack, newEmail, TEST_PASSWORD)).resolves.toBeDefined();
    await expect(signIn(stack, email, TEST_PASSWORD)).rejects.toThrow();
  });

  it("refuses another account's address", async () => {
    const owner = await createConfirmedUser(stack);
    const other = await createConfirmedUser(stack);
    const AccessToken = await serverSessionToken(stack, owner.email, TEST_PASSWORD);
    await expect(
      cognito.send(
        new UpdateUserAttributesCommand({
          AccessToken,
          UserAttributes: [{ Name: 'email', Value: other.email }],
        }),
      ),
    ).rejects.toMatchObject({ name: 'AliasExistsException' });
  });
});

describe('optional TOTP two-factor sign-in', () => {
  const passwordSignIn = (email: string) =>
    cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: TEST_PASSWORD },
      }),
    );

  it('asks for the code once turned on, accepts each code once, refreshes, and stops asking once turned off', async () => {
    const user = await createConfirmedUser(stack);
    // The local Cognito's own TOTP set-up, with a token that may call its user API (the API's server session).
    const owner = { ...user, tokens: { accessToken: await serverSessionToken(stack, user.email, TEST_PASSWORD) } };
    const { SecretCode } = await cognito.send(
      new AssociateSoftwareTokenCommand({ AccessToken: owner.tokens.accessToken }),
    );
    const app = new TestAuthenticator(SecretCode!);
    await expect(
      cognito.send(new VerifySoftwareTokenCommand({ AccessToken: owner.tokens.accessToken, UserCode: '000000' })),
    ).rejects.toMatchObject({ name: 'EnableSoftwareTokenMFAException' });
    const verified = await cognito.send(
      new VerifySoftwareTokenCommand({ AccessToken: owner.tokens.accessToken, UserCode: await app.nextCode() }),
    );
    expect(verified.Status).toBe('SUCCESS');
    await cognito.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: owner.tokens.accessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    const settings = await cognito.send(new GetUserCommand({ AccessToken: owner.tokens.accessToken }));
    expect(settings.PreferredMfaSetting).toBe('SOFTWARE_TOKEN_MFA');

    const challenge = await passwordSignIn(owner.email);
    expect(challenge.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(challenge.AuthenticationResult).toBeUndefined();
    const answer = (code: string, session = challenge.Session) =>
      cognito.send(
        new RespondToAuthChallengeCommand({
          ClientId: clientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: session,
          ChallengeResponses: { USERNAME: owner.email, SOFTWARE_TOKEN_MFA_CODE: code },
        }),
      );
    // A wrong code leaves the session usable; a made-up session is refused.
    await expect(answer('000000')).rejects.toMatchObject({ name: 'CodeMismatchException' });
    const code = await app.nextCode();
    await expect(answer(code, 'made-up-session')).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const signedIn = await answer(code);
    expect(signedIn.AuthenticationResult?.IdToken).toEqual(expect.any(String));

    // The session is single-use, and the code cannot be used again in a new sign-in.
    await expect(answer(await app.nextCode())).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const second = await passwordSignIn(owner.email);
    await expect(answer(code, second.Session)).rejects.toMatchObject({ name: 'CodeMismatchException' });

    // The refresh token issued after the challenge works.
    const refreshed = await cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: signedIn.AuthenticationResult!.RefreshToken! },
      }),
    );
    expect(refreshed.AuthenticationResult?.AccessToken).toEqual(expect.any(String));

    await cognito.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: owner.tokens.accessToken,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      }),
    );
    const plain = await passwordSignIn(owner.email);
    expect(plain.ChallengeName).toBeUndefined();
    expect(plain.AuthenticationResult?.IdToken).toEqual(expect.any(String));
  });
});
